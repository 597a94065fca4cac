import {
  CoreEntityType,
  PlatformPermissionName as P,
  PROJECT_READERS,
  ProjectCreateSchema,
  ProjectUpdateSchema,
} from '@federa/schemas';
import { count, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { realms } from '#modules/auth/index.ts';
import { analyses, masterImages, projects } from '../db/index.ts';
import { realmOfNewRecord } from '../shared/realms.ts';

export const PROJECT_HAS_ANALYSES_MESSAGE =
  'The project can not be deleted while it has analyses. Delete its analyses first.';

async function assertMasterImageExists(db: Executor, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  const [row] = await db.select({ id: masterImages.id }).from(masterImages).where(eq(masterImages.id, id));
  if (!row) throw badRequest('The master image does not exist.');
}

export const projectResource: ResourceDefinition = {
  path: 'projects',
  entityType: CoreEntityType.PROJECT,
  label: 'project',
  table: projects,
  query: defineResourceQuery({
    table: projects,
    fields: {
      default: [
        'id',
        'name',
        'description',
        'analyses',
        'nodes',
        'master_image_id',
        'realm_id',
        'user_id',
        'robot_id',
        'created_at',
        'updated_at',
      ],
    },
    filters: ['id', 'name', 'realm_id', 'user_id', 'robot_id', 'master_image_id'],
    sorts: ['name', 'analyses', 'nodes', 'created_at', 'updated_at'],
    defaultSort: { created_at: 'DESC' },
    relations: {
      master_image: {
        table: masterImages,
        localKey: 'master_image_id',
        foreignKey: 'id',
      },
      realm: {
        table: realms,
        localKey: 'realm_id',
        foreignKey: 'id',
      },
    },
  }),
  permissions: {
    read: [...PROJECT_READERS],
    create: [P.PROJECT_CREATE],
    update: [P.PROJECT_UPDATE],
    delete: [P.PROJECT_DELETE],
  },
  createSchema: ProjectCreateSchema,
  updateSchema: ProjectUpdateSchema,
  realmColumn: projects.realm_id,
  hooks: {
    prepareCreate: async (input, { request, db }) => {
      const identity = request.identity;
      // A project belongs to a person or a robot that can be asked about it; clients cannot own one.
      if (!identity || (identity.type !== 'user' && identity.type !== 'robot')) {
        throw badRequest('Only user-/robot-accounts are permitted to create a project');
      }
      await assertMasterImageExists(db, input.master_image_id);
      return {
        ...input,
        realm_id: realmOfNewRecord(request, input.realm_id),
        user_id: identity.type === 'user' ? identity.id : null,
        robot_id: identity.type === 'robot' ? identity.id : null,
      } satisfies Row;
    },
    prepareUpdate: async (_existing, input, { db }) => {
      await assertMasterImageExists(db, input.master_image_id);
      return input;
    },
    beforeDelete: async (existing, { db }) => {
      // Counted from the rows rather than the counter, so a drifted counter cannot let it through;
      // the foreign key of analyses refuses a delete that races with a new analysis.
      const [row] = await db
        .select({ total: count() })
        .from(analyses)
        .where(eq(analyses.project_id, existing.id as string));
      if ((row?.total ?? 0) > 0) throw badRequest(PROJECT_HAS_ANALYSES_MESSAGE);
    },
  },
};
