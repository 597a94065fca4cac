import { ClientCreateSchema, ClientUpdateSchema, IdentityPermissionName as P } from '@federa/schemas';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { generateClientSecret } from '../crypto/secrets.ts';
import { clients, realms } from '../db/identity.ts';
import { idOrNameLookup } from './helpers.ts';
import { assignClientScopesOfRealm } from '../scopes/realm-scopes.ts';
import { secretIdentityHooks } from './secrets.ts';

const secretHooks = secretIdentityHooks('client', generateClientSecret);

export const clientResource: ResourceDefinition = {
  path: 'clients',
  entityType: 'client',
  label: 'client',
  table: clients,
  query: defineResourceQuery({
    table: clients,
    fields: {
      default: [
        'id',
        'built_in',
        'name',
        'display_name',
        'description',
        'redirect_uri',
        'base_url',
        'root_url',
        'grant_types',
        'scope',
        'is_confidential',
        'first_party',
        'active',
        'realm_id',
        'created_at',
        'updated_at',
      ],
      hidden: ['secret'],
    },
    filters: ['id', 'name', 'display_name', 'realm_id', 'is_confidential', 'active'],
    search: ['name', 'display_name'],
    sorts: ['name', 'display_name', 'created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
    relations: {
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
      },
    },
  }),
  // A sign-in or consent page names these before anyone signs in; their configuration needs read.
  permissions: {
    read: [P.CLIENT_READ, P.CLIENT_UPDATE, P.CLIENT_DELETE],
    create: [P.CLIENT_CREATE],
    update: [P.CLIENT_UPDATE],
    delete: [P.CLIENT_DELETE],
  },
  createSchema: ClientCreateSchema,
  updateSchema: ClientUpdateSchema,
  realmColumn: clients.realm_id,
  lookup: idOrNameLookup(clients),
  allowPut: true,
  publicFields: ['id', 'name', 'display_name', 'realm_id'],
  hooks: {
    ...secretHooks,
    // A new client starts with its realm's client scopes, so a standard OIDC client works at once.
    afterWrite: async (row, event, { db }) => {
      if (event === 'created') {
        await assignClientScopesOfRealm(db, { id: row.id as string, realm_id: row.realm_id as string });
      }
    },
  },
};
