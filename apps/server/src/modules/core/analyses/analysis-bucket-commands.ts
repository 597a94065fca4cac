import { AnalysisBucketType, CoreEntityType } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '#platform/http/errors.ts';
import { requestContext } from '#platform/http/resource/index.ts';
import { deleteBucketRecords } from '#modules/storage/index.ts';
import { analyses, analysisBucketFiles, analysisBuckets } from '../db/index.ts';
import { ensureAnalysisBuckets } from './analysis-buckets.ts';
import type { AnalysisRow } from './analysis-lookup.ts';
import type { AnalysisContext } from './context.ts';

export const TEAR_DOWN_LOCKED_MESSAGE =
  'The analysis configuration must be unlocked before its buckets can be removed.';

/**
 * `spinUp`: creates whichever of the CODE, RESULT and TEMP buckets is missing (the Retry of "The code
 * bucket does not exist"). The caller owns the new buckets.
 */
export async function spinUp(
  context: AnalysisContext,
  request: FastifyRequest,
  analysis: AnalysisRow,
): Promise<AnalysisRow> {
  const identity = request.identity!;
  const audit = requestContext(request);
  return context.outbox.transaction(async (tx, emit) => {
    const created = await ensureAnalysisBuckets(tx, analysis, {
      realm_id: analysis.realm_id,
      actor_type: identity.type,
      actor_id: identity.id,
    });
    const code = created.find((row) => row.type === AnalysisBucketType.CODE);
    const [updated] = code
      ? await tx
          .update(analyses)
          .set({ external_id: code.external_id })
          .where(eq(analyses.id, analysis.id))
          .returning()
      : [analysis];
    for (const row of created) {
      emit({
        type: CoreEntityType.ANALYSIS_BUCKET,
        event: 'created',
        data: row,
        realmIds: [row.realm_id],
        ...audit,
      });
    }
    if (updated !== analysis) {
      emit({
        type: CoreEntityType.ANALYSIS,
        event: 'updated',
        data: updated!,
        realmIds: [updated!.realm_id],
        previous: analysis,
        ...audit,
      });
    }
    return updated!;
  });
}

/**
 * `tearDown`: removes the analysis' buckets with their files (the original's `destroy`). Refused while
 * the configuration is locked, since a build would lose its code.
 */
export async function tearDown(
  context: AnalysisContext,
  request: FastifyRequest,
  analysis: AnalysisRow,
): Promise<AnalysisRow> {
  if (analysis.configuration_locked) throw badRequest(TEAR_DOWN_LOCKED_MESSAGE);
  const audit = requestContext(request);
  // The stored objects go once the storage buckets' deletions are delivered (before this answers).
  return context.outbox.transaction(
    async (tx, emit) => {
      // Removed explicitly rather than by the buckets' cascade, so that each one is announced.
      const files = await tx
        .delete(analysisBucketFiles)
        .where(eq(analysisBucketFiles.analysis_id, analysis.id))
        .returning();
      const rows = await tx
        .delete(analysisBuckets)
        .where(eq(analysisBuckets.analysis_id, analysis.id))
        .returning();
      await deleteBucketRecords(
        tx,
        rows.map((row) => row.external_id).filter((id): id is string => !!id),
        emit,
        audit,
      );
      const [row] = await tx
        .update(analyses)
        .set({ external_id: null })
        .where(eq(analyses.id, analysis.id))
        .returning();
      for (const file of files) {
        emit({
          type: CoreEntityType.ANALYSIS_BUCKET_FILE,
          event: 'deleted',
          data: file,
          realmIds: [file.realm_id],
          ...audit,
        });
      }
      for (const bucket of rows) {
        emit({
          type: CoreEntityType.ANALYSIS_BUCKET,
          event: 'deleted',
          data: bucket,
          realmIds: [bucket.realm_id],
          ...audit,
        });
      }
      emit({
        type: CoreEntityType.ANALYSIS,
        event: 'updated',
        data: row!,
        realmIds: [row!.realm_id],
        previous: analysis,
        ...audit,
      });
      return row!;
    },
    { waitForDelivery: true },
  );
}
