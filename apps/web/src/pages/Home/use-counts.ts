import type { ListQuery, ListResponse } from '@federa/schemas';
import { useQueries } from '@tanstack/react-query';
import type { ResourceRef } from '../../resources/resource-types.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient } from '../../session/session-context.tsx';

export interface CountRequest {
  readonly key: string;
  readonly resource: ResourceRef;
  readonly filter: NonNullable<ListQuery['filter']>;
  readonly enabled: boolean;
}

/** How many records match each filter: one request of a single id each, read from `meta.total`. */
export function useCounts(requests: readonly CountRequest[]): Record<string, number | undefined> {
  const api = useApiClient();
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: [...resourceKey(request.resource), 'count', request.filter],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ListResponse<unknown>>(request.resource.service, request.resource.path, {
          query: { filter: request.filter, fields: ['id'], page: { limit: 1, offset: 0 } },
          signal,
        }),
      enabled: request.enabled,
      staleTime: 10_000,
    })),
  });
  return Object.fromEntries(
    requests.map((request, index) => [request.key, results[index]?.data?.meta.total]),
  );
}
