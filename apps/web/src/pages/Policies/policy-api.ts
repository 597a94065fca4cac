import type { HttpClient } from '@federa/client';
import { ExpandedPolicyTreeSchema, listResponseSchema, PolicySchema, type ListQuery } from '@federa/schemas';

/** A policy as the API shows it: common fields plus its type's settings, flat. */
export type { Policy } from '@federa/schemas';
/** `GET policies/{id}/expanded`: the policy with its descendants nested as `children`. */
export type { ExpandedPolicyTree as ExpandedPolicy } from '@federa/schemas';

export const policyQueryKeys = {
  all: ['auth', 'policies'] as const,
  expanded: (id: string) => ['auth', 'policies', 'expanded', id] as const,
  children: (query: ListQuery) => ['auth', 'policies', 'children', query] as const,
};

const path = (id: string) => `policies/${encodeURIComponent(id)}`;

export const policyApi = {
  list: (api: HttpClient, query: ListQuery, signal?: AbortSignal) =>
    api.get('auth', 'policies', { query, signal, schema: listResponseSchema(PolicySchema) }),
  expanded: (api: HttpClient, id: string, signal?: AbortSignal) =>
    api.get('auth', `${path(id)}/expanded`, { signal, schema: ExpandedPolicyTreeSchema }),
  update: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post('auth', path(id), body, { schema: PolicySchema }),
};

/**
 * Candidates for the children of a composite (docs/product/identity-and-access.md §7): policies of the same
 * realm that are not the composite itself nor its parent, and hang below nothing or below this composite;
 * sorted by name.
 */
export function childCandidateQuery(options: {
  readonly policyId?: string;
  readonly parentId?: string | null;
  readonly realmId: string | null;
  readonly search: string;
  readonly offset: number;
  readonly limit: number;
}): ListQuery {
  const excluded = [options.policyId, options.parentId].filter((id): id is string => typeof id === 'string');
  const filter: NonNullable<ListQuery['filter']> = {
    parent_id: options.policyId ? `null,${options.policyId}` : null,
    realm_id: options.realmId,
  };
  if (excluded.length > 0) filter.id = `!${excluded.join(',')}`;
  if (options.search.trim()) filter.name = `~${options.search.trim()}`;
  return {
    filter,
    sort: { name: 'ASC' },
    page: { offset: options.offset, limit: options.limit },
  };
}
