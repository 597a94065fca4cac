import { IdentityPermissionName as P, RoleCreateSchema, RoleUpdateSchema } from '@federa/schemas';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { realms, roles } from '../db/identity.ts';
import { ADMIN_ROLE_NAME } from '../seed/seed.ts';
import { defined, idOrNameLookup, realmForCreate } from './helpers.ts';

export const roleResource: ResourceDefinition = {
  path: 'roles',
  entityType: 'role',
  label: 'role',
  table: roles,
  query: defineResourceQuery({
    table: roles,
    fields: {
      default: [
        'id',
        'built_in',
        'name',
        'display_name',
        'description',
        'target',
        'client_id',
        'realm_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'display_name', 'realm_id', 'client_id', 'built_in'],
    search: ['name', 'display_name'],
    sorts: ['name', 'display_name', 'created_at', 'updated_at'],
    defaultSort: { name: 'ASC' },
    relations: {
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
      },
    },
  }),
  permissions: {
    read: [P.ROLE_READ, P.ROLE_UPDATE, P.ROLE_DELETE],
    create: [P.ROLE_CREATE],
    update: [P.ROLE_UPDATE],
    delete: [P.ROLE_DELETE],
  },
  createSchema: RoleCreateSchema,
  updateSchema: RoleUpdateSchema,
  realmColumn: roles.realm_id,
  lookup: idOrNameLookup(roles),
  allowPut: true,
  hooks: {
    prepareCreate: (input, { request }) => ({ ...input, realm_id: realmForCreate(request, input, true) }),
    prepareUpdate: (existing, input) => {
      if (existing.built_in && input.name !== undefined && input.name !== existing.name) {
        throw badRequest('A built-in role can not be renamed.');
      }
      return defined(input);
    },
    beforeDelete: (existing) => {
      if (existing.built_in && existing.name === ADMIN_ROLE_NAME)
        throw badRequest('The admin role can not be deleted.');
    },
  },
};
