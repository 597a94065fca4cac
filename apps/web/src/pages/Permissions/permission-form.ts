import type { HttpClient } from '@federa/client';
import {
  listResponseSchema,
  PermissionCreateSchema,
  PermissionUpdateSchema,
  PolicySchema,
} from '@federa/schemas';
import type { SearchSelectLoad } from '../../components/SearchSelect/search-select-query.ts';
import { emptyToNull } from '../../forms/form-values.ts';
import { schemaResolver } from '../../forms/schema-resolver.tsx';
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
 * The body to send: empty fields become null; the realm only on create (a permission keeps its
 * realm); the name of a built-in permission stays.
 */
export function permissionBody(
  values: PermissionFormValues,
  options: { readonly editing: boolean; readonly nameLocked: boolean },
): Partial<PermissionFormValues> {
  const body = emptyToNull(values) as Partial<PermissionFormValues>;
  if (options.editing) delete body.realm_id;
  if (options.nameLocked) delete body.name;
  return body;
}

/**
 * Permission: name required 3-128; display name 3-256; description 5-4096
 * (docs/product/identity-and-access.md §5), checked with the server's request schema.
 */
export function permissionValidation(options: { readonly editing: boolean; readonly nameLocked: boolean }) {
  return schemaResolver<PermissionFormValues>(
    options.editing ? PermissionUpdateSchema : PermissionCreateSchema,
    (values) => permissionBody(values, options),
  );
}

const PolicySummaryListSchema = listResponseSchema(
  PolicySchema.pick({ id: true, name: true, display_name: true, type: true, realm_id: true }),
);

/** Top-level policies of one realm (or the global ones), by name: what a permission may use. */
export function policyWindowLoader(api: HttpClient, realmId: string | null): SearchSelectLoad<PolicySummary> {
  return ({ search, offset, limit, signal }) =>
    api.get('auth', 'policies', {
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
      schema: PolicySummaryListSchema,
    });
}
