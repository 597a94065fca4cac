import { IdentityPermissionName as P, identityId } from '@federa/schemas';
import { eq, getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { realmScopes } from '../db/consents.ts';
import { realms, scopes } from '../db/identity.ts';

const fields = Object.keys(getTableColumns(realmScopes));

/**
 * `/auth/realm-scopes`: the client scopes of a realm, each `default` (granted to a new client as a
 * default scope) or optional (`default: false`, assigned to a new client to be requested by name).
 * Changing them affects clients created afterwards, as in Keycloak.
 */
export const realmScopeResource: ResourceDefinition = {
  path: 'realm-scopes',
  entityType: 'realmScope',
  label: 'realm scope',
  table: realmScopes,
  query: defineResourceQuery({
    table: realmScopes,
    fields: { default: fields as never },
    filters: ['id', 'realm_id', 'scope_id', 'default'] as never,
    sorts: ['created_at', 'updated_at'] as never,
    defaultSort: { created_at: 'ASC' } as never,
    relations: {
      scope: {
        table: scopes,
        localKey: 'scope_id',
        foreignKey: 'id',
        fields: ['id', 'name', 'display_name', 'description', 'realm_id'],
      },
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
        fields: ['id', 'name', 'display_name'],
      },
    } as never,
  }),
  permissions: {
    read: [P.REALM_UPDATE, P.SCOPE_UPDATE, P.CLIENT_CREATE],
    create: [P.REALM_UPDATE],
    update: [P.REALM_UPDATE],
    delete: [P.REALM_UPDATE],
  },
  createSchema: z
    .object({ realm_id: identityId(), scope_id: identityId(), default: z.boolean().optional() })
    .strict(),
  updateSchema: z.object({ default: z.boolean() }).strict(),
  realmColumn: realmScopes.realm_id,
  hooks: {
    prepareCreate: async (input, { db }) => {
      const [scope] = await db
        .select({ realm_id: scopes.realm_id })
        .from(scopes)
        .where(eq(scopes.id, input.scope_id as string));
      if (!scope) throw badRequest('The scope does not exist.');
      // A realm offers global scopes and its own, never another realm's.
      if (scope.realm_id !== null && scope.realm_id !== input.realm_id) {
        throw badRequest('The scope belongs to another realm.');
      }
      return { ...input, scope_realm_id: scope.realm_id, default: input.default ?? true };
    },
  },
};
