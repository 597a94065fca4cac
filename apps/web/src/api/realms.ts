import type { HttpClient } from '@federa/client';
import { listResponseSchema, RealmSchema, type Realm } from '@federa/schemas';
import type { SearchSelectLoad } from '../components/SearchSelect/search-select-query.ts';

/** The realm fields the pickers show (`fields=id,name,display_name`). */
export const RealmSummarySchema = RealmSchema.pick({ id: true, name: true, display_name: true });
export type RealmSummary = Pick<Realm, 'id' | 'name'> & Partial<Pick<Realm, 'display_name'>>;
const RealmSummaryListSchema = listResponseSchema(RealmSummarySchema);

/** Cache keys of the realm list (public: the login form offers it before anybody is signed in). */
export const realmQueryKeys = {
  all: ['auth', 'realms'] as const,
  picker: ['auth', 'realms', 'picker'] as const,
};

/** Loads one window of realms, sorted by name, filtered by a name prefix (`filter[name]=~text`). */
export function realmWindowLoader(api: HttpClient): SearchSelectLoad<RealmSummary> {
  return ({ search, offset, limit, signal }) =>
    api.get('auth', 'realms', {
      query: {
        filter: search.trim() ? { name: `~${search.trim()}` } : undefined,
        fields: ['id', 'name', 'display_name'],
        sort: { name: 'ASC' },
        page: { offset, limit },
      },
      signal,
      schema: RealmSummaryListSchema,
    });
}
