import type { HttpClient } from '@federa/client';
import type { ListResponse } from '@federa/schemas';
import type { SearchSelectLoad } from '../../components/SearchSelect/search-select-query.ts';
import { maxLength, minLength, name, required, textRules } from '../../forms/rules.tsx';
import type { PolicySummary } from '../../resources/resource-types.ts';

export interface PermissionFormValues {
  name: string;
  display_name: string;
  description: string;
  realm_id: string | null;
  policy_id: string | null;
}

export const PERMISSION_FIELDS = ['name', 'display_name', 'description', 'realm_id', 'policy_id'] as const;

/**
 * Permission: name required 3-128; display name 3-256; description 5-4096
 * (docs/product/identity-and-access.md §5).
 */
export const permissionValidation = {
  name: textRules(required(), minLength(3), maxLength(128), name()),
  display_name: textRules(minLength(3), maxLength(256)),
  description: textRules(minLength(5), maxLength(4096)),
};

/** Top-level policies of one realm (or the global ones), by name: what a permission may use. */
export function policyWindowLoader(api: HttpClient, realmId: string | null): SearchSelectLoad<PolicySummary> {
  return ({ search, offset, limit, signal }) =>
    api.get<ListResponse<PolicySummary>>('auth', 'policies', {
      query: {
        filter: {
          parent_id: null,
          realm_id: realmId,
          ...(search.trim() ? { name: `~${search.trim()}` } : {}),
        },
        fields: ['id', 'name', 'display_name', 'type', 'realm_id'],
        sort: { name: 'ASC' },
        page: { offset, limit },
      },
      signal,
    });
}
