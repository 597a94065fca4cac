import { AnalysisBucketType } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import type { BucketWriteGuard } from '#modules/storage/index.ts';
import { analyses, analysisBuckets } from '../db/index.ts';
import { LOCKED_MESSAGE } from './access-rules.ts';

/**
 * The code bucket of an analysis whose configuration is locked stays as it is: the build and the
 * approvals were given for exactly that code, so neither an upload nor a delete through the storage
 * API may change it (the analysis's own file links refuse the same with the same message).
 */
export function lockedCodeBucketGuard(db: Database): BucketWriteGuard {
  return async (bucketId) => {
    const [locked] = await db
      .select({ id: analyses.id })
      .from(analysisBuckets)
      .innerJoin(analyses, eq(analyses.id, analysisBuckets.analysis_id))
      .where(
        and(
          eq(analysisBuckets.external_id, bucketId),
          eq(analysisBuckets.type, AnalysisBucketType.CODE),
          eq(analyses.configuration_locked, true),
        ),
      )
      .limit(1);
    if (locked) throw badRequest(LOCKED_MESSAGE);
  };
}
