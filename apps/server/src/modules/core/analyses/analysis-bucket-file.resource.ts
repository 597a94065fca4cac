import {
  AnalysisBucketFileCreateSchema,
  AnalysisBucketFileUpdateSchema,
  AnalysisBucketType,
  CoreEntityType,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../../platform/db/index.ts';
import type { DomainEventBus, EntityEvent } from '../../../platform/events/domain-events.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { defineResourceQuery } from '../../../platform/http/query/index.ts';
import type { ResourceAccess, ResourceDefinition, Row } from '../../../platform/http/resource/index.ts';
import { findBucketFile } from '../../storage/index.ts';
import { analyses, analysisBucketFiles, analysisBuckets } from '../db/index.ts';
import { ANALYSIS_READERS, LOCKED_MESSAGE } from './access-rules.ts';

async function loadBucket(db: Executor, access: ResourceAccess, request: FastifyRequest, id: string) {
  const [row] = await db
    .select({
      id: analysisBuckets.id,
      type: analysisBuckets.type,
      external_id: analysisBuckets.external_id,
      analysis_id: analysisBuckets.analysis_id,
      realm_id: analysisBuckets.realm_id,
      locked: analyses.configuration_locked,
    })
    .from(analysisBuckets)
    .innerJoin(analyses, eq(analyses.id, analysisBuckets.analysis_id))
    .where(and(eq(analysisBuckets.id, id), access.visibleRows(request, analysisBuckets.realm_id)));
  if (!row) throw badRequest('The analysis bucket does not exist.');
  return row;
}

/** Code files make up the locked configuration; results and temporary files may still arrive. */
function assertChangeable(bucket: { type: string; locked: boolean }): void {
  if (bucket.type === AnalysisBucketType.CODE && bucket.locked) throw badRequest(LOCKED_MESSAGE);
}

/**
 * Links between an analysis bucket and the storage files uploaded into it. A bucket has at most one
 * entrypoint (`root`): marking a file clears the mark of every other file of the bucket, in the same
 * transaction and under a lock of the bucket row, so concurrent marks leave exactly one.
 */
export function analysisBucketFileResource(
  access: ResourceAccess,
  clearedRoots: Map<string, Row[]>,
): ResourceDefinition {
  const clearOtherRoots = async (db: Executor, row: Row) => {
    if (row.root !== true) return;
    await db
      .select({ id: analysisBuckets.id })
      .from(analysisBuckets)
      .where(eq(analysisBuckets.id, row.bucket_id as string))
      .for('update');
    const cleared = await db
      .update(analysisBucketFiles)
      .set({ root: false })
      .where(
        and(
          eq(analysisBucketFiles.bucket_id, row.bucket_id as string),
          eq(analysisBucketFiles.root, true),
          ne(analysisBucketFiles.id, row.id as string),
        ),
      )
      .returning();
    // Announced after the commit, with the change that caused them (followEntrypointChanges).
    if (cleared.length > 0) clearedRoots.set(row.id as string, cleared);
  };

  return {
    path: 'analysis-bucket-files',
    entityType: CoreEntityType.ANALYSIS_BUCKET_FILE,
    label: 'analysis bucket file',
    table: analysisBucketFiles,
    query: defineResourceQuery({
      table: analysisBucketFiles,
      fields: {
        default: [
          'id',
          'name',
          'root',
          'external_id',
          'bucket_id',
          'analysis_id',
          'realm_id',
          'user_id',
          'robot_id',
          'created_at',
          'updated_at',
        ],
      },
      filters: ['id', 'name', 'root', 'external_id', 'bucket_id', 'analysis_id', 'realm_id'],
      sorts: ['name', 'created_at', 'updated_at'],
      defaultSort: { name: 'ASC' },
      relations: {
        bucket: {
          table: analysisBuckets,
          localKey: 'bucket_id',
          foreignKey: 'id',
          fields: ['id', 'type', 'external_id', 'analysis_id'],
          filters: ['type'],
        },
      },
    }),
    permissions: {
      read: [...ANALYSIS_READERS],
      create: [P.ANALYSIS_UPDATE],
      update: [P.ANALYSIS_UPDATE],
      delete: [P.ANALYSIS_UPDATE],
    },
    createSchema: AnalysisBucketFileCreateSchema,
    updateSchema: AnalysisBucketFileUpdateSchema,
    realmColumn: analysisBucketFiles.realm_id,
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        const bucket = await loadBucket(db, access, request, input.bucket_id as string);
        assertChangeable(bucket);
        const file = await findBucketFile(db, input.external_id as string);
        if (!file || file.bucket_id !== bucket.external_id) {
          throw badRequest('The file was not uploaded into the storage bucket of the analysis bucket.');
        }
        const identity = request.identity!;
        return {
          bucket_id: bucket.id,
          external_id: file.id,
          name: (input.name as string | null | undefined) ?? file.path,
          root: input.root ?? false,
          analysis_id: bucket.analysis_id,
          // The file belongs where its analysis belongs, whoever uploads it.
          realm_id: bucket.realm_id,
          user_id: identity.type === 'user' ? identity.id : null,
          robot_id: identity.type === 'robot' ? identity.id : null,
        } satisfies Row;
      },
      prepareUpdate: async (existing, input, { request, db }) => {
        assertChangeable(await loadBucket(db, access, request, existing.bucket_id as string));
        if (Object.keys(input).length === 0) throw badRequest('Name at least one of name or root.');
        return input;
      },
      beforeDelete: async (existing, { request, db }) => {
        assertChangeable(await loadBucket(db, access, request, existing.bucket_id as string));
      },
      afterWrite: async (row, event, { db }) => {
        if (event !== 'deleted') await clearOtherRoots(db, row);
      },
    },
  };
}

/**
 * Announces the files that lost the entrypoint mark when another file of their bucket got it, once
 * that change is committed and published. Returns the unsubscribe function.
 */
export function followEntrypointChanges(
  events: DomainEventBus,
  publish: (event: EntityEvent) => void,
  clearedRoots: Map<string, Row[]>,
): () => void {
  return events.subscribe((event) => {
    if (event.type !== CoreEntityType.ANALYSIS_BUCKET_FILE || event.event === 'deleted') return;
    const id = event.data.id as string;
    const cleared = clearedRoots.get(id);
    if (!cleared) return;
    clearedRoots.delete(id);
    for (const file of cleared) {
      publish({
        type: CoreEntityType.ANALYSIS_BUCKET_FILE,
        event: 'updated',
        data: file,
        realmIds: [file.realm_id as string],
        previous: { ...file, root: true },
        ...(event.actor ? { actor: event.actor } : {}),
        ...(event.request ? { request: event.request } : {}),
      });
    }
  });
}
