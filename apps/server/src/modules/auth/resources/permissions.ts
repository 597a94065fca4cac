import { IdentityPermissionName as P, PermissionCreateSchema, PermissionUpdateSchema } from '@federa/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import { badRequest } from '#platform/http/errors.ts';
import type { Executor } from '#platform/db/index.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { permissions, policies, realms, roles } from '../db/identity.ts';
import { rolePermissions } from '../db/links.ts';
import { ADMIN_ROLE_NAME } from '../seed/seed.ts';
import { defined, idOrNameLookup, realmForCreate } from './helpers.ts';

export const permissionResource: ResourceDefinition = {
  path: 'permissions',
  entityType: 'permission',
  label: 'permission',
  table: permissions,
  query: defineResourceQuery({
    table: permissions,
    fields: {
      default: [
        'id',
        'built_in',
        'name',
        'display_name',
        'description',
        'target',
        'policy_id',
        'client_id',
        'realm_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'realm_id', 'client_id', 'policy_id', 'built_in'],
    sorts: ['name', 'display_name', 'created_at', 'updated_at'],
    defaultSort: { name: 'ASC' },
    relations: {
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
      },
      policy: {
        table: policies,
        localKey: 'policy_id',
        foreignKey: 'id',
        // Policies are reshaped for their own responses (settings flattened); an include shows the core.
        fields: ['id', 'name', 'type', 'realm_id'],
      },
    },
  }),
  permissions: {
    read: [P.PERMISSION_READ, P.PERMISSION_UPDATE, P.PERMISSION_DELETE],
    create: [P.PERMISSION_CREATE],
    update: [P.PERMISSION_UPDATE],
    delete: [P.PERMISSION_DELETE],
  },
  createSchema: PermissionCreateSchema,
  updateSchema: PermissionUpdateSchema,
  realmColumn: permissions.realm_id,
  lookup: idOrNameLookup(permissions),
  allowPut: true,
  hooks: {
    prepareCreate: async (input, { request, db }) => {
      const realmId = realmForCreate(request, input, true);
      await assertPolicyOfRealm(db, input.policy_id, realmId);
      return { ...input, realm_id: realmId, built_in: false };
    },
    prepareUpdate: async (existing, input, { db }) => {
      if (existing.built_in && input.name !== undefined && input.name !== existing.name) {
        throw badRequest('The name of a built-in permission can not be changed.');
      }
      await assertPolicyOfRealm(db, input.policy_id, existing.realm_id as string | null);
      return defined(input);
    },
    beforeDelete: (existing) => {
      if (existing.built_in) throw badRequest('A built-in permission can not be deleted.');
    },
    // The admin role holds every permission; a new one joins it at once, not only at the next start.
    afterWrite: async (row, event, { db }) => {
      if (event !== 'created') return;
      const [admin] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.name, ADMIN_ROLE_NAME), isNull(roles.realm_id), isNull(roles.client_id)));
      if (!admin) return;
      await db
        .insert(rolePermissions)
        .values({
          role_id: admin.id,
          permission_id: row.id as string,
          permission_realm_id: row.realm_id as string | null,
        })
        .onConflictDoNothing();
    },
  },
};

/** A permission may only use a top-level policy of its own realm (or a global one). */
async function assertPolicyOfRealm(db: Executor, policyId: unknown, realmId: string | null) {
  if (typeof policyId !== 'string') return;
  const [policy] = await db
    .select({ realm_id: policies.realm_id, parent_id: policies.parent_id })
    .from(policies)
    .where(eq(policies.id, policyId));
  if (!policy) throw badRequest('The policy does not exist.');
  if (policy.realm_id !== null && policy.realm_id !== realmId) {
    throw badRequest('The policy must belong to the realm of the permission.');
  }
}
