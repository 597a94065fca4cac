import type { HttpClient } from '@federa/client';
import type { ListResponse } from '@federa/schemas';
import type { SearchSelectLoad } from '../components/SearchSelect/search-select-query.ts';

/** The realm fields the pickers show. */
export interface RealmSummary {
  readonly id: string;
  readonly name: string;
  readonly display_name?: string | null;
}

/** Cache keys of the realm list (public: the login form offers it before anybody is signed in). */
export const realmQueryKeys = {
  all: ['auth', 'realms'] as const,
  picker: ['auth', 'realms', 'picker'] as const,
};

/** Loads one window of realms, sorted by name, filtered by a name prefix (`filter[name]=~text`). */
export function realmWindowLoader(api: HttpClient): SearchSelectLoad<RealmSummary> {
  return ({ search, offset, limit, signal }) =>
    api.get<ListResponse<RealmSummary>>('auth', 'realms', {
      query: {
        filter: search.trim() ? { name: `~${search.trim()}` } : undefined,
        fields: ['id', 'name', 'display_name'],
        sort: { name: 'ASC' },
        page: { offset, limit },
      },
      signal,
    });
}
