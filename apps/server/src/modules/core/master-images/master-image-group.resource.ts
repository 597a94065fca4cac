import { CoreEntityType, PlatformPermissionName as P } from '@federa/schemas';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { masterImageGroups } from '../db/index.ts';
import { catalogOnly } from './catalog-only.ts';

/**
 * Groups come only from the catalog sync: they can be listed, read and deleted (a deleted group
 * returns with the next sync while it is in the catalog), never created or changed by hand.
 */
export const masterImageGroupResource: ResourceDefinition = {
  path: 'master-image-groups',
  entityType: CoreEntityType.MASTER_IMAGE_GROUP,
  label: 'master image group',
  table: masterImageGroups,
  sharedWithAllRealms: true,
  query: defineResourceQuery({
    table: masterImageGroups,
    fields: { default: ['id', 'name', 'path', 'virtual_path', 'created_at', 'updated_at'] },
    filters: ['id', 'name', 'path', 'virtual_path'],
    sorts: ['name', 'path', 'virtual_path', 'created_at', 'updated_at'],
    defaultSort: { path: 'ASC' },
  }),
  // Every signed-in identity may read the catalog (the core module requires sign-in).
  permissions: {
    read: 'public',
    create: [P.MASTER_IMAGE_GROUP_MANAGE],
    update: [P.MASTER_IMAGE_GROUP_MANAGE],
    delete: [P.MASTER_IMAGE_GROUP_MANAGE],
  },
  createSchema: catalogOnly,
};
