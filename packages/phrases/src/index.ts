import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';

export { de, en, es, fr };
export type { PhraseKey, Phrases, PlainPhraseKey, ValidationPhrases } from './en.ts';
export type { DeepStringRecord, LeafPaths, PlainLeafPaths } from './types.ts';

/** Every locale with phrases; `fr` and `es` hold only the validation messages. */
export const supportedLocales = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof supportedLocales)[number];

/** Locales translated completely, offered in the interface's language switch. */
export const interfaceLocales = ['en', 'de'] as const satisfies readonly Locale[];
export type InterfaceLocale = (typeof interfaceLocales)[number];

export const defaultLocale = 'en' satisfies Locale;

/** Phrases per locale, in the shape i18next expects for a single `translation` namespace. */
export const resources = {
  en: { translation: en },
  de: { translation: de },
  fr: { translation: fr },
  es: { translation: es },
} as const satisfies Record<Locale, { translation: unknown }>;
