import { ListTotalSchema, type ListQuery } from '@federa/schemas';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtimeClientFor } from '../../resources/live/realtime-client.ts';
import type { ResourceRef } from '../../resources/resource-types.ts';
import { resourceKey } from '../../resources/resource-types.ts';
import { useApiClient, useSessionState, useSessionStore } from '../../session/session-context.tsx';

export interface CountRequest {
  readonly key: string;
  readonly resource: ResourceRef;
  readonly filter: NonNullable<ListQuery['filter']>;
  readonly enabled: boolean;
}

/** Changes arriving within this window are counted again with one round of requests. */
export const LIVE_COUNT_DELAY_MS = 500;

/** How many records match each filter: one request of a single id each, read from `meta.total`. */
export function useCounts(requests: readonly CountRequest[]): Record<string, number | undefined> {
  const api = useApiClient();
  const results = useQueries({
    queries: requests.map((request) => ({
      queryKey: [...resourceKey(request.resource), 'count', request.filter],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get(request.resource.service, request.resource.path, {
          query: { filter: request.filter, fields: ['id'], page: { limit: 1, offset: 0 } },
          signal,
          schema: ListTotalSchema,
        }),
      enabled: request.enabled,
      staleTime: 10_000,
    })),
  });
  useCountsFollowChanges(requests.filter((request) => request.enabled).map((request) => request.resource));
  return Object.fromEntries(
    requests.map((request, index) => [request.key, results[index]?.data?.meta.total]),
  );
}

/**
 * Counts again when a record of a counted resource is created, updated or deleted anywhere, so the
 * home page stays true while builds and approvals move on. A burst of changes (a build reporting
 * its steps) costs one round of count requests, not one per change.
 */
function useCountsFollowChanges(resources: readonly ResourceRef[]): void {
  const session = useSessionStore();
  const { accessToken } = useSessionState();
  const queryClient = useQueryClient();
  const signedIn = accessToken !== undefined;
  const byType = new Map(resources.filter((r) => r.type).map((r) => [r.type as string, r]));
  const typesKey = [...byType.keys()].sort().join(',');
  const latest = useRef(byType);
  useEffect(() => {
    latest.current = byType;
  });
  useEffect(() => {
    if (!signedIn || typesKey === '') return;
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const type of pending) {
        const resource = latest.current.get(type);
        if (resource) void queryClient.invalidateQueries({ queryKey: [...resourceKey(resource), 'count'] });
      }
      pending.clear();
    };
    const client = realtimeClientFor(session);
    const unsubscribes = typesKey.split(',').map((type) =>
      client.subscribe(type, () => {
        pending.add(type);
        timer ??= setTimeout(flush, LIVE_COUNT_DELAY_MS);
      }),
    );
    return () => {
      if (timer) clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [session, signedIn, typesKey, queryClient]);
}
