import type { ListQuery } from '@federa/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../session/session-context.tsx';
import { parsedOrUndefined, type Identified } from './live/live-list.ts';
import { useLiveUpdates } from './live/use-live-updates.ts';
import { resourceKey, type ResourceRef } from './resource-types.ts';

/** Cache key of one record. */
export function recordKey(resource: ResourceRef, id: string) {
  return [...resourceKey(resource), 'one', id] as const;
}

/**
 * One record of a resource (`GET /{path}/{id}`), kept current by its realtime room (`{type}/{id}`):
 * updates merge, and `deleted` turns true once somebody deleted it.
 */
export function useResourceRecord<T extends Identified>(
  resource: ResourceRef<T>,
  id: string | undefined,
  query?: Pick<ListQuery, 'fields' | 'include'>,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  const key = recordKey(resource, id ?? '');
  const result = useQuery({
    queryKey: [...key, query ?? {}],
    queryFn: ({ signal }) =>
      api.get(resource.service, `${resource.path}/${encodeURIComponent(id ?? '')}`, {
        query,
        signal,
        schema: resource.schema,
      }),
    enabled: id !== undefined,
  });
  useLiveUpdates(
    resource.type,
    (event, record: Record<string, unknown>) => {
      if (record.id !== id) return;
      if (event === 'deleted') {
        setDeleted(true);
        return;
      }
      const cacheKey = [...key, query ?? {}];
      const current = queryClient.getQueryData<T>(cacheKey);
      if (!current) return;
      // The event's record is read with the resource's schema; one it cannot read is fetched afresh.
      const merged = parsedOrUndefined(resource.schema, { ...current, ...record });
      if (merged) queryClient.setQueryData<T>(cacheKey, merged);
      else void queryClient.invalidateQueries({ queryKey: cacheKey, exact: true });
    },
    { target: id, enabled: id !== undefined },
  );
  return { ...result, deleted };
}
