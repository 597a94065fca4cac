import type { HttpClient } from '@federa/client';
import type { ListQuery, ListResponse } from '@federa/schemas';

/** A policy as the API shows it: common fields plus its type's settings, flat. */
export interface Policy {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly display_name?: string | null;
  readonly description?: string | null;
  readonly invert?: boolean | null;
  readonly built_in?: boolean;
  readonly parent_id?: string | null;
  readonly realm_id?: string | null;
  readonly parent?: { readonly id: string; readonly name: string; readonly type: string } | null;
  readonly created_at?: string;
  readonly updated_at?: string;
  readonly [setting: string]: unknown;
}

/** `GET policies/{id}/expanded`: the policy with its descendants nested as `children`. */
export interface ExpandedPolicy extends Policy {
  readonly children?: readonly ExpandedPolicy[];
}

export const policyQueryKeys = {
  all: ['auth', 'policies'] as const,
  expanded: (id: string) => ['auth', 'policies', 'expanded', id] as const,
  children: (query: ListQuery) => ['auth', 'policies', 'children', query] as const,
};

const path = (id: string) => `policies/${encodeURIComponent(id)}`;

export const policyApi = {
  list: (api: HttpClient, query: ListQuery, signal?: AbortSignal) =>
    api.get<ListResponse<Policy>>('auth', 'policies', { query, signal }),
  expanded: (api: HttpClient, id: string, signal?: AbortSignal) =>
    api.get<ExpandedPolicy>('auth', `${path(id)}/expanded`, { signal }),
  update: (api: HttpClient, id: string, body: Record<string, unknown>) =>
    api.post<Policy>('auth', path(id), body),
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
