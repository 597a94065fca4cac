import {
  AnalysisBucketType,
  AnalysisCreateSchema,
  AnalysisUpdateSchema,
  CoreEntityType,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { badRequest, forbidden } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import {
  requestContext,
  type ResourceAccess,
  type ResourceDefinition,
  type Row,
} from '#platform/http/resource/index.ts';
import { deleteBucketRecords } from '#modules/storage/index.ts';
import { realms } from '#modules/auth/index.ts';
import { analyses, masterImages, projects, registries } from '../db/index.ts';
import { ANALYSIS_READERS, LOCKED_MESSAGE, ONLY_USERS_MESSAGE } from './access-rules.ts';
import { ensureAnalysisBuckets, storageBucketIdsOf } from './analysis-buckets.ts';

async function assertMasterImageExists(db: Executor, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  const [row] = await db.select({ id: masterImages.id }).from(masterImages).where(eq(masterImages.id, id));
  if (!row) throw badRequest('The master image does not exist.');
}

async function assertRegistryExists(db: Executor, id: unknown): Promise<void> {
  if (typeof id !== 'string') return;
  const [row] = await db.select({ id: registries.id }).from(registries).where(eq(registries.id, id));
  if (!row) throw badRequest('The registry does not exist.');
}

export const REGISTRY_FIXED_MESSAGE = 'The registry can not be changed after it is specified.';

/**
 * What the configuration still lacks, as the original (0.8.20+) reports it: an entrypoint in the CODE
 * bucket, a master image, an aggregator node, a default node, both nodes. Database triggers keep them
 * in the transaction of each change that moves them (migration 0011), so concurrent changes of nodes
 * and files never leave a stale check behind, and reads cost nothing extra.
 */
export const ANALYSIS_CONFIGURATION_CHECKS = [
  'configuration_entrypoint_valid',
  'configuration_image_valid',
  'configuration_node_aggregator_valid',
  'configuration_node_default_valid',
  'configuration_nodes_valid',
] as const;

/** Fields that make up the locked configuration: they cannot change while it is locked. */
const CONFIGURATION_FIELDS = ['master_image_id', 'image_command_arguments'] as const;

export interface AnalysisResourceOptions {
  access: ResourceAccess;
  /**
   * Storage buckets of deleted analyses whose objects are still to be removed, by analysis id: the
   * records go with the analysis' transaction, the objects after its commit (bucket-cleanup.ts).
   */
  removedBuckets: Map<string, string[]>;
}

/**
 * Analyses. Creating one creates its CODE, RESULT and TEMP buckets in the same transaction, owned by
 * the creator so they can upload; deleting one removes them. The counters (`projects.analyses`) follow
 * by database trigger.
 */
export function analysisResource({ access, removedBuckets }: AnalysisResourceOptions): ResourceDefinition {
  return {
    path: 'analyses',
    entityType: CoreEntityType.ANALYSIS,
    label: 'analysis',
    table: analyses,
    query: defineResourceQuery({
      table: analyses,
      fields: {
        default: [
          'id',
          'name',
          'description',
          'project_id',
          'realm_id',
          'user_id',
          'master_image_id',
          'image_command_arguments',
          'registry_id',
          'external_id',
          'nodes',
          'configuration_locked',
          ...ANALYSIS_CONFIGURATION_CHECKS,
          'build_status',
          'image_digest',
          'run_status',
          'created_at',
          'updated_at',
        ],
      },
      filters: [
        'id',
        'name',
        'project_id',
        'realm_id',
        'user_id',
        'master_image_id',
        'registry_id',
        'configuration_locked',
        ...ANALYSIS_CONFIGURATION_CHECKS,
        'build_status',
        'run_status',
      ],
      sorts: ['name', 'nodes', 'build_status', 'run_status', 'created_at', 'updated_at'],
      defaultSort: { created_at: 'DESC' },
      relations: {
        project: {
          table: projects,
          localKey: 'project_id',
          foreignKey: 'id',
          filters: ['name'],
        },
        master_image: {
          table: masterImages,
          localKey: 'master_image_id',
          foreignKey: 'id',
        },
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
    permissions: {
      read: [...ANALYSIS_READERS],
      create: [P.ANALYSIS_CREATE],
      update: [P.ANALYSIS_UPDATE],
      delete: [P.ANALYSIS_DELETE],
    },
    createSchema: AnalysisCreateSchema,
    updateSchema: AnalysisUpdateSchema,
    realmColumn: analyses.realm_id,
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        const identity = request.identity;
        // An analysis has a person responsible for it (as in the original hub).
        if (!identity || identity.type !== 'user') throw forbidden(ONLY_USERS_MESSAGE);
        const [project] = await db
          .select({ id: projects.id, realm_id: projects.realm_id, master_image_id: projects.master_image_id })
          .from(projects)
          .where(
            and(eq(projects.id, input.project_id as string), access.visibleRows(request, projects.realm_id)),
          );
        if (!project) throw badRequest('The project does not exist.');
        const masterImageId = input.master_image_id ?? project.master_image_id;
        await assertMasterImageExists(db, masterImageId);
        await assertRegistryExists(db, input.registry_id);
        return {
          ...input,
          master_image_id: masterImageId ?? null,
          // The analysis lives where its project lives, so both sides of the project see it.
          realm_id: project.realm_id,
          user_id: identity.id,
        } satisfies Row;
      },
      prepareUpdate: async (existing, input, { db }) => {
        if (existing.configuration_locked && CONFIGURATION_FIELDS.some((field) => field in input)) {
          throw badRequest(LOCKED_MESSAGE);
        }
        await assertMasterImageExists(db, input.master_image_id);
        // The build pushed through this registry (or is about to): it stays, as in the original.
        if (
          input.registry_id !== undefined &&
          existing.registry_id &&
          input.registry_id !== existing.registry_id
        ) {
          throw badRequest(REGISTRY_FIXED_MESSAGE);
        }
        await assertRegistryExists(db, input.registry_id);
        // Arguments belong to an image: a new image starts from its own defaults.
        const imageChanged = 'master_image_id' in input && input.master_image_id !== existing.master_image_id;
        if (imageChanged && !('image_command_arguments' in input)) {
          return { ...input, image_command_arguments: null };
        }
        return input;
      },
      beforeDelete: async (existing, { db }) => {
        removedBuckets.set(existing.id as string, await storageBucketIdsOf(db, existing.id as string));
      },
      afterWrite: async (row, event, { request, db, emit }) => {
        const id = row.id as string;
        if (event === 'deleted') {
          const storageIds = removedBuckets.get(id) ?? [];
          removedBuckets.delete(id);
          // Their stored objects go once the deletion is delivered, even after a crash.
          await deleteBucketRecords(db, storageIds, emit!, requestContext(request));
          return;
        }
        if (event !== 'created') return;
        const identity = request.identity!;
        const created = await ensureAnalysisBuckets(
          db,
          { id, realm_id: row.realm_id as string },
          { realm_id: row.realm_id as string, actor_type: identity.type, actor_id: identity.id },
        );
        const code = created.find((bucket) => bucket.type === AnalysisBucketType.CODE);
        if (code?.external_id) {
          await db.update(analyses).set({ external_id: code.external_id }).where(eq(analyses.id, id));
          // The framework answers and announces this row object, so it carries the bucket too.
          row.external_id = code.external_id;
        }
      },
    },
  };
}
