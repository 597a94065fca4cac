import { listResponseOf } from '@federa/client';
import type { ListQuery, ListResponse, SortDirection } from '@federa/schemas';
import { useDebouncedValue } from '@mantine/hooks';
import { hashKey, keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useApiClient } from '../session/session-context.tsx';
import { applyLiveEvent, createdNeedsRefetch, type Identified } from './live/live-list.ts';
import { useLiveUpdates } from './live/use-live-updates.ts';
import { readPageSize, storePageSize } from './page-size-storage.ts';
import { resourceKey, type ResourceRef } from './resource-types.ts';

/** Default page size of every list (docs/product/identity-and-access.md §9). */
export const LIST_PAGE_SIZE = 10;
/** Search input debounce (docs/product/identity-and-access.md §7). */
export const SEARCH_DEBOUNCE_MS = 200;

export interface UseResourceListOptions<T extends Identified> {
  /** The resource and the schema its records are parsed with (their type). */
  readonly resource: ResourceRef<T>;
  /** Fixed part of the query: filters, sort, include, fields. */
  readonly query?: ListQuery;
  /** Field the search box filters by prefix (`filter[name]=~text`); `null` turns searching off. */
  readonly searchField?: string | null;
  readonly limit?: number;
  /** Remembers the page size a person picks under this name (localStorage); not remembered without. */
  readonly pageSizeKey?: string;
  /** Follow realtime events of `resource.type` (default true). */
  readonly live?: boolean;
  readonly enabled?: boolean;
}

export interface ResourceListState<T> {
  /** What the search box shows (undebounced). */
  readonly search: string;
  readonly setSearch: (value: string) => void;
  readonly offset: number;
  readonly setOffset: (offset: number) => void;
  readonly limit: number;
  /** Picks another page size and starts again at the first page. */
  readonly setLimit: (limit: number) => void;
  /** The order on screen: the one the person picked, otherwise the query's. */
  readonly sort: Readonly<Record<string, SortDirection>> | undefined;
  /** Orders by one field, starting again at the first page. */
  readonly setSort: (field: string, direction: SortDirection) => void;
  readonly data: ListResponse<T> | undefined;
  readonly isPending: boolean;
  readonly isFetching: boolean;
  readonly error: unknown;
  readonly refetch: () => void;
  /** Key of the page on screen (for `setQueryData`). */
  readonly queryKey: QueryKey;
  /** The query sent to the server for the page on screen. */
  readonly listQuery: ListQuery;
}

/** Merges the search text into the fixed filter (`filter[field]=~text`). */
export function withSearch(query: ListQuery | undefined, field: string | null, search: string): ListQuery {
  const text = search.trim();
  if (!field || text === '') return { ...query };
  return { ...query, filter: { ...query?.filter, [field]: `~${text}` } };
}

/**
 * One page of a resource list with a debounced search and live updates: the state behind
 * `ResourceList` and `AssignmentList`, usable on its own for lists that render differently.
 */
export function useResourceList<T extends Identified>({
  resource,
  query,
  searchField = 'name',
  limit: initialLimit = LIST_PAGE_SIZE,
  pageSizeKey,
  live = true,
  enabled = true,
}: UseResourceListOptions<T>): ResourceListState<T> {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [search, setSearchValue] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [limit, setLimitValue] = useState(
    () => (pageSizeKey ? readPageSize(pageSizeKey) : undefined) ?? initialLimit,
  );
  const [chosenSort, setChosenSort] = useState<Record<string, SortDirection>>();
  // The offset belongs to the search it was chosen for: a new search starts at the first page.
  const [page, setPage] = useState({ search: '', offset: 0 });
  const offset = page.search === debouncedSearch ? page.offset : 0;
  const setOffset = useCallback(
    (next: number) => setPage({ search: debouncedSearch, offset: Math.max(0, next) }),
    [debouncedSearch],
  );
  const setLimit = useCallback(
    (next: number) => {
      setLimitValue(next);
      setPage({ search: debouncedSearch, offset: 0 });
      if (pageSizeKey) storePageSize(pageSizeKey, next);
    },
    [debouncedSearch, pageSizeKey],
  );
  const setSort = useCallback(
    (field: string, direction: SortDirection) => {
      setChosenSort({ [field]: direction });
      setPage({ search: debouncedSearch, offset: 0 });
    },
    [debouncedSearch],
  );

  const queryJson = JSON.stringify(query ?? {});
  const chosenSortJson = JSON.stringify(chosenSort ?? null);
  const listQuery = useMemo<ListQuery>(() => {
    const base = JSON.parse(queryJson) as ListQuery;
    const sort = JSON.parse(chosenSortJson) as Record<string, SortDirection> | null;
    return {
      ...withSearch(base, searchField, debouncedSearch),
      ...(sort ? { sort } : {}),
      page: { limit, offset },
    };
  }, [queryJson, chosenSortJson, searchField, debouncedSearch, limit, offset]);
  const queryKey = useMemo(
    () => [...resourceKey(resource), 'list', listQuery] as const,
    [resource, listQuery],
  );

  const result = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(resource.service, resource.path, {
        query: listQuery,
        signal,
        schema: listResponseOf(resource.schema),
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

  useLiveUpdates(
    resource.type,
    (event, record: Record<string, unknown>) => {
      const current = queryClient.getQueryData<ListResponse<T>>(queryKey);
      const next =
        current && !createdNeedsRefetch(event, record, listQuery)
          ? applyLiveEvent(current, event, record, resource.schema, listQuery)
          : undefined;
      if (current && !next) {
        void queryClient.invalidateQueries({ queryKey, exact: true });
      } else if (next) {
        queryClient.setQueryData(queryKey, next);
        // The last record of a later page went away: show the page before.
        if (next.data.length === 0 && offset > 0) setOffset(offset - limit);
      }
      // Other pages and searches of this resource are refetched when they are shown again.
      void queryClient.invalidateQueries({
        queryKey: [...resourceKey(resource), 'list'],
        predicate: (candidate) => candidate.queryHash !== hashKey(queryKey),
        refetchType: 'none',
      });
    },
    { enabled: live && enabled },
  );

  const setSearch = useCallback((value: string) => setSearchValue(value), []);
  return {
    search,
    setSearch,
    offset,
    setOffset,
    limit,
    setLimit,
    sort: listQuery.sort,
    setSort,
    data: result.data,
    isPending: result.isPending,
    isFetching: result.isFetching,
    error: result.error,
    refetch: () => void result.refetch(),
    queryKey,
    listQuery,
  };
}
