import {
  ErrorCode,
  IdentityPermissionName as P,
  RealmCreateSchema,
  RealmUpdateSchema,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { describeConstraintViolation } from '#platform/http/database-errors.ts';
import { badRequest, HttpError } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { generateName } from '../crypto/secrets.ts';
import { REALM_NAME_LOWER_INDEX, realms } from '../db/identity.ts';
import { UUID_PATTERN } from '../realms/resolve-realm.ts';
import { assignRealmDefaultScopes } from '../scopes/realm-scopes.ts';
import { MASTER_REALM_NAME } from '../seed/seed.ts';

// The index on lower(name) would otherwise report the column as "lower(name::text)".
describeConstraintViolation(
  REALM_NAME_LOWER_INDEX,
  () => new HttpError(409, ErrorCode.CONFLICT, 'An entry with the same name exists already.'),
);

export const realmResource: ResourceDefinition = {
  path: 'realms',
  entityType: 'realm',
  label: 'realm',
  table: realms,
  query: defineResourceQuery({
    table: realms,
    fields: {
      default: ['id', 'name', 'display_name', 'description', 'built_in', 'created_at', 'updated_at'],
    },
    filters: ['id', 'name', 'display_name', 'built_in'],
    search: ['name', 'display_name'],
    sorts: ['name', 'display_name', 'created_at', 'updated_at'],
    defaultSort: { name: 'ASC' },
  }),
  // The realm list is public: the sign-in form offers the realms to choose from.
  permissions: {
    read: 'public',
    create: [P.REALM_CREATE],
    update: [P.REALM_UPDATE],
    delete: [P.REALM_DELETE],
  },
  createSchema: RealmCreateSchema,
  updateSchema: RealmUpdateSchema,
  realmColumn: realms.id,
  realmsOf: (row) => [row.id as string],
  // A realm is "of" itself: administrators of a realm may manage it, nobody else outside master.
  attributesOf: (row) => ({ ...row, realm_id: row.id }),
  lookup: (key) => (UUID_PATTERN.test(key) ? eq(realms.id, key) : eq(realms.name, key)),
  allowPut: true,
  hooks: {
    prepareCreate: (input) => ({ ...input, name: input.name ?? generateName(), built_in: false }),
    prepareUpdate: (existing, input) => {
      if (existing.name === MASTER_REALM_NAME && input.name != null && input.name !== MASTER_REALM_NAME) {
        throw badRequest('The master realm can not be renamed.');
      }
      return Object.fromEntries(
        Object.entries(input).filter(([key, value]) => !(key === 'name' && value == null)),
      );
    },
    beforeDelete: (existing) => {
      if (existing.built_in) throw badRequest('A built-in realm can not be deleted.');
    },
    afterWrite: async (row, event, { db }) => {
      if (event === 'created') await assignRealmDefaultScopes(db, row.id as string);
    },
  },
};
