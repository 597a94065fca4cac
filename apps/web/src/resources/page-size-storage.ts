import { MAX_PAGE_LIMIT } from '@federa/schemas';

/** The page sizes a list offers; the server serves at most `MAX_PAGE_LIMIT` rows a page. */
export const PAGE_SIZES = [10, 25, 50].filter((size) => size <= MAX_PAGE_LIMIT);

const storageKey = (list: string) => `federa.page-size.${list}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The page size chosen earlier for this list, if it is still one on offer. */
export function readPageSize(list: string): number | undefined {
  try {
    const value = Number(storage()?.getItem(storageKey(list)));
    return PAGE_SIZES.includes(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storePageSize(list: string, size: number): void {
  try {
    storage()?.setItem(storageKey(list), String(size));
  } catch {
    // Private mode or full storage: the choice then lasts until the page is left.
  }
}
