import {
  CoreEntityType,
  PlatformPermissionName as P,
  RegistryCreateSchema,
  RegistryUpdateSchema,
} from '@federa/schemas';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { registries } from '../db/index.ts';

/**
 * Harbor registries. `account_secret` is needed to call Harbor: it is returned only when asked for
 * (`fields=+account_secret`) and only to holders of `registry_manage` (node-registry-project.ts), as
 * the original serves it to its build worker. Deleting a registry removes its registry projects;
 * nodes and analyses stay, with their registry reference cleared.
 */
export const registryResource: ResourceDefinition = {
  path: 'registries',
  entityType: CoreEntityType.REGISTRY,
  label: 'registry',
  table: registries,
  query: defineResourceQuery({
    table: registries,
    fields: {
      default: ['id', 'name', 'kind', 'host', 'account_name', 'created_at', 'updated_at'],
      hidden: ['account_secret'],
    },
    filters: ['id', 'name', 'host', 'kind'],
    sorts: ['name', 'host', 'created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
  }),
  permissions: {
    read: [P.REGISTRY_MANAGE],
    create: [P.REGISTRY_MANAGE],
    update: [P.REGISTRY_MANAGE],
    delete: [P.REGISTRY_MANAGE],
  },
  createSchema: RegistryCreateSchema,
  updateSchema: RegistryUpdateSchema,
};
