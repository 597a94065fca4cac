import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

/** Items shown first, and loaded on each scroll to the end of the list. */
export const SEARCH_SELECT_PAGE_SIZE = 10;

export interface SearchSelectLoadOptions {
  readonly search: string;
  readonly offset: number;
  readonly limit: number;
  /** Aborted when the result is no longer needed (e.g. the search changed). */
  readonly signal?: AbortSignal;
}

/** One window of a list response; `meta.total` counts all matches, not just this window. */
export interface SearchSelectPage<T> {
  readonly data: readonly T[];
  readonly meta: { readonly total: number };
}

export type SearchSelectLoad<T> = (options: SearchSelectLoadOptions) => Promise<SearchSelectPage<T>>;

/** Offset of the next window, or undefined once every match is loaded. */
export function nextOffset<T>(pages: readonly SearchSelectPage<T>[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.data.length === 0) return undefined;
  const loaded = pages.reduce((count, page) => count + page.data.length, 0);
  return loaded < last.meta.total ? loaded : undefined;
}

export interface SearchSelectQueryOptions<T> {
  readonly queryKey: QueryKey;
  readonly load: SearchSelectLoad<T>;
  readonly search: string;
  readonly enabled: boolean;
}

/** Loads matches window by window, cached per search text under the caller's query key. */
export function useSearchSelectQuery<T>({ queryKey, load, search, enabled }: SearchSelectQueryOptions<T>) {
  return useInfiniteQuery({
    queryKey: [...queryKey, 'search-select', search],
    queryFn: ({ pageParam, signal }) =>
      load({ search, offset: pageParam, limit: SEARCH_SELECT_PAGE_SIZE, signal }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages),
    enabled,
    placeholderData: keepPreviousData,
  });
}
