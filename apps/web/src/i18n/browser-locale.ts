import type { InterfaceLocale } from '@federa/phrases';
import { isInterfaceLocale } from './locale-storage.ts';

/** The browser's preferred languages (`navigator.languages`, else `navigator.language`). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The first preferred language the interface offers, by its primary subtag (`de-AT` -> `de`), for a
 * first visit without a remembered choice.
 */
export function browserLocale(languages: readonly string[]): InterfaceLocale | undefined {
  for (const language of languages) {
    const primary = language.split('-')[0]?.toLowerCase();
    if (isInterfaceLocale(primary)) return primary;
  }
  return undefined;
}
