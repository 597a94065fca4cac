import { ANALYSIS_BUCKET_TYPES, type AnalysisBucketType } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { createBucket } from '#modules/storage/index.ts';
import { analysisBuckets } from '../db/index.ts';

const BUCKET_NAME_PREFIX: Record<AnalysisBucketType, string> = {
  CODE: 'analysis-code-files',
  RESULT: 'analysis-result-files',
  TEMP: 'analysis-temp-files',
};

/** `analysis-code-files.<id>` and so on, as the original names an analysis' buckets. */
export function analysisBucketName(type: AnalysisBucketType, analysisId: string): string {
  return `${BUCKET_NAME_PREFIX[type]}.${analysisId}`;
}

export interface BucketOwner {
  realm_id: string;
  actor_type: 'user' | 'robot' | 'client';
  actor_id: string;
}

/**
 * Creates the storage buckets an analysis is missing (CODE, RESULT, TEMP) and links them, inside
 * the caller's transaction. The owner (the analysis' creator) may upload into them. Returns the
 * linked rows created.
 */
export async function ensureAnalysisBuckets(
  db: Executor,
  analysis: { id: string; realm_id: string },
  owner: BucketOwner,
): Promise<(typeof analysisBuckets.$inferSelect)[]> {
  const existing = await db
    .select({ type: analysisBuckets.type })
    .from(analysisBuckets)
    .where(eq(analysisBuckets.analysis_id, analysis.id));
  const present = new Set(existing.map((row) => row.type));
  const created = [];
  for (const type of ANALYSIS_BUCKET_TYPES) {
    if (present.has(type)) continue;
    const bucket = await createBucket(db, { name: analysisBucketName(type, analysis.id), ...owner });
    const [row] = await db
      .insert(analysisBuckets)
      .values({ type, external_id: bucket.id, realm_id: analysis.realm_id, analysis_id: analysis.id })
      .returning();
    created.push(row!);
  }
  return created;
}

/** The storage bucket ids of an analysis' buckets. */
export async function storageBucketIdsOf(db: Executor, analysisId: string): Promise<string[]> {
  const rows = await db
    .select({ external_id: analysisBuckets.external_id })
    .from(analysisBuckets)
    .where(eq(analysisBuckets.analysis_id, analysisId));
  return rows.map((row) => row.external_id).filter((id): id is string => !!id);
}

/** The analysis' bucket of one type, if it exists. */
export async function analysisBucketOf(db: Executor, analysisId: string, type: AnalysisBucketType) {
  const [row] = await db
    .select()
    .from(analysisBuckets)
    .where(and(eq(analysisBuckets.analysis_id, analysisId), eq(analysisBuckets.type, type)))
    .limit(1);
  return row;
}
