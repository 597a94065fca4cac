import { defaultLocale, resources, supportedLocales } from '@federa/phrases';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguages, browserLocale } from './browser-locale.ts';
import { readStoredLocale, storeLocale } from './locale-storage.ts';

export interface CreateI18nOptions {
  /** Where the chosen language is remembered; `localStorage` by default. */
  readonly storage?: Storage;
  /** The document whose `<html lang>` follows the language. */
  readonly document?: Document;
  /** The browser's preferred languages, used when no language was chosen yet. */
  readonly languages?: readonly string[];
}

function defaultStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * A ready i18next instance (resources are bundled, so initialisation is synchronous). It starts in
 * the remembered language, else the browser's preferred one the interface offers, else English, and on every change remembers the choice and updates
 * `<html lang>`.
 */
export function createI18n({
  storage = defaultStorage(),
  document = window.document,
  languages = browserLanguages(),
}: CreateI18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  const language = readStoredLocale(storage) ?? browserLocale(languages) ?? defaultLocale;
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = language;
  instance.on('languageChanged', (next) => {
    storeLocale(storage, next);
    document.documentElement.lang = next;
  });
  return instance;
}
