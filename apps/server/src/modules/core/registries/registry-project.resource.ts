import {
  CoreEntityType,
  PlatformPermissionName as P,
  RegistryProjectCreateSchema,
  RegistryProjectUpdateSchema,
} from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition } from '#platform/http/resource/index.ts';
import { realms } from '#modules/auth/index.ts';
import { registries, registryProjects } from '../db/index.ts';
import { assertRealmWritable } from '../shared/realms.ts';
import { isOwnNodeRegistryProject } from './node-registry-project.ts';

const MANAGERS = [P.REGISTRY_PROJECT_MANAGE, P.REGISTRY_MANAGE];

export const REGISTRY_FIXED_MESSAGE = 'The registry of a registry project can not be changed.';

/**
 * The registry project form (docs/product/analysis-platform.md §5: registry_id is required in it) sends the
 * registry on an edit too; a registry project stays in its registry, so it is accepted only unchanged.
 */
const RegistryProjectUpdateBodySchema = RegistryProjectUpdateSchema.extend({
  registry_id: z.uuid('The value must be a valid id.').optional(),
});

/**
 * Harbor projects of a registry. `account_secret` (the Harbor robot secret) is a hidden field
 * (node-registry-project.ts). Deleting
 * a registry project leaves its nodes (their reference is cleared). The Harbor side (create the
 * project, robot and webhook on LINK) is carried out by the registry worker of a later issue.
 */
export const registryProjectResource: ResourceDefinition = {
  path: 'registry-projects',
  entityType: CoreEntityType.REGISTRY_PROJECT,
  label: 'registry project',
  table: registryProjects,
  query: defineResourceQuery({
    table: registryProjects,
    fields: {
      default: [
        'id',
        'name',
        'type',
        'public',
        'external_name',
        'external_id',
        'account_id',
        'account_name',
        'webhook_name',
        'webhook_exists',
        'registry_id',
        'realm_id',
        'created_at',
        'updated_at',
      ],
      hidden: ['account_secret'],
    },
    filters: ['id', 'name', 'type', 'external_name', 'registry_id', 'realm_id', 'webhook_exists'],
    sorts: ['name', 'type', 'external_name', 'created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
    relations: {
      registry: {
        table: registries,
        localKey: 'registry_id',
        foreignKey: 'id',
      },
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
      },
    },
  }),
  permissions: { read: MANAGERS, create: MANAGERS, update: MANAGERS, delete: MANAGERS },
  createSchema: RegistryProjectCreateSchema,
  updateSchema: RegistryProjectUpdateBodySchema,
  realmColumn: registryProjects.realm_id,
  // A node reads its own registry project (and its robot account) without a registry permission.
  self: { isSelf: isOwnNodeRegistryProject, updatable: [] },
  hooks: {
    prepareCreate: async (input, { request, db }) => {
      const [registry] = await db
        .select({ id: registries.id })
        .from(registries)
        .where(eq(registries.id, input.registry_id as string));
      if (!registry) throw badRequest('The registry does not exist.');
      if (input.realm_id) assertRealmWritable(request, input.realm_id as string);
      return input;
    },
    prepareUpdate: (existing, input, { request }) => {
      const { registry_id: registryId, ...changes } = input;
      if (registryId && registryId !== existing.registry_id) throw badRequest(REGISTRY_FIXED_MESSAGE);
      if (changes.realm_id) assertRealmWritable(request, changes.realm_id as string);
      return Object.keys(changes).length > 0 ? changes : { registry_id: existing.registry_id };
    },
  },
};
