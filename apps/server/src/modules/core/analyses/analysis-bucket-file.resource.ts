import {
  AnalysisBucketFileCreateSchema,
  AnalysisBucketFileUpdateSchema,
  AnalysisBucketType,
  CoreEntityType,
  ErrorCode,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '#platform/db/index.ts';
import type { DomainEventBus, EntityEvent } from '#platform/events/domain-events.ts';
import { describeConstraintViolation } from '#platform/http/database-errors.ts';
import { badRequest, HttpError } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { ResourceAccess, ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { findBucketFile } from '#modules/storage/index.ts';
import {
  analyses,
  ANALYSIS_BUCKET_ENTRYPOINT_INDEX,
  analysisBucketFiles,
  analysisBuckets,
} from '../db/index.ts';
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

export const ENTRYPOINT_EXISTS_MESSAGE = 'The analysis bucket has an entrypoint file already.';

// A second entrypoint refused by the database is the caller's conflict, not a server error.
describeConstraintViolation(
  ANALYSIS_BUCKET_ENTRYPOINT_INDEX,
  () => new HttpError(409, ErrorCode.ANALYSIS_BUCKET_ENTRYPOINT_EXISTS, ENTRYPOINT_EXISTS_MESSAGE),
);

/** Code files make up the locked configuration; results and temporary files may still arrive. */
function assertChangeable(bucket: { type: string; locked: boolean }): void {
  if (bucket.type === AnalysisBucketType.CODE && bucket.locked) throw badRequest(LOCKED_MESSAGE);
}

/**
 * Links between an analysis bucket and the storage files uploaded into it. A bucket has at most one
 * entrypoint (`root`), which a partial unique index guarantees. So that the index never sees two
 * marks, not even for a moment, a file is written unmarked first; then, in the same transaction and
 * under a lock of the bucket row, the other files lose their mark and this one gets it. Concurrent
 * marks take turns on the lock, and the last one wins.
 */
export function analysisBucketFileResource(
  access: ResourceAccess,
  clearedRoots: Map<string, Row[]>,
): ResourceDefinition {
  // Requests that mark their file as the entrypoint, from the preparation to the write.
  const marking = new WeakSet<FastifyRequest>();

  /** Moves the entrypoint mark of the row's bucket to the row; returns the files that lost it. */
  const markEntrypoint = async (db: Executor, row: Row) => {
    await db
      .select({ id: analysisBuckets.id })
      .from(analysisBuckets)
      .where(eq(analysisBuckets.id, row.bucket_id as string))
      // Not FOR UPDATE: each new file's foreign key check holds a KEY SHARE lock on the bucket row,
      // which FOR UPDATE would wait for, so two new entrypoints would deadlock each other.
      .for('no key update');
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
    const [marked] = await db
      .update(analysisBucketFiles)
      .set({ root: true })
      .where(eq(analysisBucketFiles.id, row.id as string))
      .returning();
    // The framework returns and announces this row object, so it must show the mark.
    Object.assign(row, marked);
    // Announced after the commit, with the change that caused them (followEntrypointChanges).
    if (cleared.length > 0) clearedRoots.set(row.id as string, cleared);
  };

  /**
   * Takes the entrypoint mark out of the values the framework writes, remembering it. A file that is
   * the entrypoint already keeps its mark and takes no bucket lock: a transaction waiting for the
   * bucket then never holds a row another one needs to clear (no deadlock), and should the file have
   * lost its mark meanwhile, the index turns the write into a clear conflict.
   */
  const deferMark = (request: FastifyRequest, values: Row, existing?: Row): Row => {
    if (values.root !== true || existing?.root === true) return values;
    marking.add(request);
    return { ...values, root: false };
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
          filters: ['type'],
        },
        analysis: {
          table: analyses,
          localKey: 'analysis_id',
          foreignKey: 'id',
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
        return deferMark(request, {
          bucket_id: bucket.id,
          external_id: file.id,
          name: (input.name as string | null | undefined) ?? file.path,
          root: input.root ?? false,
          analysis_id: bucket.analysis_id,
          // The file belongs where its analysis belongs, whoever uploads it.
          realm_id: bucket.realm_id,
          user_id: identity.type === 'user' ? identity.id : null,
          robot_id: identity.type === 'robot' ? identity.id : null,
        });
      },
      prepareUpdate: async (existing, input, { request, db }) => {
        assertChangeable(await loadBucket(db, access, request, existing.bucket_id as string));
        if (Object.keys(input).length === 0) throw badRequest('Name at least one of name or root.');
        return deferMark(request, input, existing);
      },
      beforeDelete: async (existing, { request, db }) => {
        assertChangeable(await loadBucket(db, access, request, existing.bucket_id as string));
      },
      afterWrite: async (row, event, { request, db }) => {
        if (event !== 'deleted' && marking.has(request)) await markEntrypoint(db, row);
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
