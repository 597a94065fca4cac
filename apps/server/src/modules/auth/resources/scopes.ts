import { IdentityPermissionName as P, ScopeCreateSchema, ScopeUpdateSchema } from '@federa/schemas';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { realms, scopes } from '../db/identity.ts';
import { defined, idOrNameLookup, realmForCreate } from './helpers.ts';

export const scopeResource: ResourceDefinition = {
  path: 'scopes',
  entityType: 'scope',
  label: 'scope',
  table: scopes,
  query: defineResourceQuery({
    table: scopes,
    fields: {
      default: [
        'id',
        'built_in',
        'name',
        'display_name',
        'description',
        'realm_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'realm_id', 'built_in'],
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
  // A sign-in page names these before anyone signs in; their configuration needs read.
  permissions: {
    read: [P.SCOPE_READ, P.SCOPE_UPDATE, P.SCOPE_DELETE],
    create: [P.SCOPE_CREATE],
    update: [P.SCOPE_UPDATE],
    delete: [P.SCOPE_DELETE],
  },
  createSchema: ScopeCreateSchema,
  updateSchema: ScopeUpdateSchema,
  realmColumn: scopes.realm_id,
  lookup: idOrNameLookup(scopes),
  allowPut: true,
  publicFields: ['id', 'name', 'display_name', 'realm_id'],
  hooks: {
    prepareCreate: (input, { request }) => ({ ...input, realm_id: realmForCreate(request, input, true) }),
    prepareUpdate: (existing, input) => {
      if (existing.built_in && input.name !== undefined && input.name !== existing.name) {
        throw badRequest('The name of a built-in scope can not be changed.');
      }
      return defined(input);
    },
    beforeDelete: (existing) => {
      if (existing.built_in) throw badRequest('A built-in scope can not be deleted.');
    },
  },
};
