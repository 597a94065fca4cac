import { CoreEntityType, PlatformPermissionName as P } from '@federa/schemas';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { masterImages } from '../db/index.ts';
import { catalogOnly } from './catalog-only.ts';

/** Master images come only from the catalog sync: list, read and delete. */
export const masterImageResource: ResourceDefinition = {
  path: 'master-images',
  entityType: CoreEntityType.MASTER_IMAGE,
  label: 'master image',
  table: masterImages,
  sharedWithAllRealms: true,
  query: defineResourceQuery({
    table: masterImages,
    fields: {
      default: [
        'id',
        'name',
        'path',
        'virtual_path',
        'group_virtual_path',
        'command',
        'command_arguments',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'path', 'virtual_path', 'group_virtual_path'],
    sorts: ['name', 'path', 'virtual_path', 'group_virtual_path', 'created_at', 'updated_at'],
    // The picker and the admin list show the catalog in path order (docs/product/analysis-platform.md §7).
    defaultSort: { path: 'ASC' },
  }),
  permissions: {
    read: 'public',
    create: [P.MASTER_IMAGE_MANAGE],
    update: [P.MASTER_IMAGE_MANAGE],
    delete: [P.MASTER_IMAGE_MANAGE],
  },
  createSchema: catalogOnly,
};
