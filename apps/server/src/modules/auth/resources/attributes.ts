import { IdentityPermissionName as P, identityText, identityId } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { roleAttributes, roles, userAttributes, users } from '../db/identity.ts';
import { defined } from './helpers.ts';
import { isOwnFullSession } from './users.ts';

const attributeName = z
  .string()
  .trim()
  .min(1, 'This field should be at least 1 characters long')
  .max(255, 'The maximum length allowed is 255')
  .regex(
    /^[A-Za-z0-9._-]+$/,
    'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+',
  );

/** Free-form extra attributes of a user or a role (name/value pairs, one value per name). */
function attributeResource(spec: {
  path: string;
  entityType: string;
  label: string;
  table: PgTable & { realm_id: PgColumn };
  owner: { key: string; table: PgTable & { id: PgColumn; realm_id: PgColumn }; label: string };
  permissions: ResourceDefinition['permissions'];
  self?: ResourceDefinition['self'];
}): ResourceDefinition {
  const ownerKey = spec.owner.key;
  const ownerRealm = async (db: Executor, id: string) => {
    const [row] = await db
      .select({ realm_id: spec.owner.table.realm_id })
      .from(spec.owner.table)
      .where(eq(spec.owner.table.id, id));
    if (!row) throw badRequest(`The ${spec.owner.label} does not exist.`);
    return row.realm_id as string | null;
  };
  return {
    path: spec.path,
    entityType: spec.entityType,
    label: spec.label,
    table: spec.table,
    query: defineResourceQuery({
      table: spec.table,
      fields: { default: ['id', 'name', 'value', ownerKey, 'realm_id', 'created_at', 'updated_at'] as never },
      filters: ['id', 'name', ownerKey, 'realm_id'] as never,
      sorts: ['name', 'created_at', 'updated_at'] as never,
      defaultSort: { name: 'ASC' } as never,
    }),
    permissions: spec.permissions,
    createSchema: z
      .object({ name: attributeName, value: identityText(0, 65_535).nullish(), [ownerKey]: identityId() })
      .strict() as z.ZodType<Row>,
    updateSchema: z
      .object({ name: attributeName, value: identityText(0, 65_535).nullish() })
      .partial()
      .strict(),
    realmColumn: spec.table.realm_id,
    self: spec.self,
    hooks: {
      prepareCreate: async (input, { db }) => ({
        ...input,
        realm_id: await ownerRealm(db, input[ownerKey] as string),
      }),
      prepareUpdate: (_existing, input) => defined(input),
    },
  };
}

export const userAttributeResource = attributeResource({
  path: 'user-attributes',
  entityType: 'userAttribute',
  label: 'user attribute',
  table: userAttributes,
  owner: { key: 'user_id', table: users, label: 'user' },
  permissions: {
    read: [P.USER_READ, P.USER_UPDATE],
    create: [P.USER_UPDATE],
    update: [P.USER_UPDATE],
    delete: [P.USER_UPDATE],
  },
  // Users may read and change the values of their own attributes.
  self: {
    isSelf: (request, row) => isOwnFullSession(request, { id: row.user_id }),
    updatable: ['value'],
  },
});

export const roleAttributeResource = attributeResource({
  path: 'role-attributes',
  entityType: 'roleAttribute',
  label: 'role attribute',
  table: roleAttributes,
  owner: { key: 'role_id', table: roles, label: 'role' },
  permissions: {
    read: [P.ROLE_READ, P.ROLE_UPDATE],
    create: [P.ROLE_UPDATE],
    update: [P.ROLE_UPDATE],
    delete: [P.ROLE_UPDATE],
  },
});
