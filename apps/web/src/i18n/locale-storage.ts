import { interfaceLocales, type InterfaceLocale } from '@federa/phrases';

export const LOCALE_STORAGE_KEY = 'federa.locale';

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (interfaceLocales as readonly string[]).includes(value);
}

/** The locale chosen earlier, if it is one the interface offers; storage failures count as none. */
export function readStoredLocale(storage: Pick<Storage, 'getItem'> | undefined): InterfaceLocale | undefined {
  try {
    const value = storage?.getItem(LOCALE_STORAGE_KEY);
    return isInterfaceLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storeLocale(storage: Pick<Storage, 'setItem'> | undefined, locale: string): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or full storage: the choice then lasts for this page only.
  }
}
