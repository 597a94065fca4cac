import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '#platform/db/index.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import { analyses } from '../db/index.ts';
import { ANALYSIS_MISSING_MESSAGE } from './access-rules.ts';

export type AnalysisRow = typeof analyses.$inferSelect;

/** The analysis a request body names, among those the caller sees; a 400 otherwise. */
export async function referencedAnalysis(
  db: Executor,
  access: ResourceAccess,
  request: FastifyRequest,
  id: string,
): Promise<AnalysisRow> {
  const row = await findVisibleAnalysis(db, access, request, id);
  if (!row) throw badRequest(ANALYSIS_MISSING_MESSAGE);
  return row;
}

/** The analysis a URL names, among those the caller sees; a 404 otherwise. */
export async function requireAnalysis(
  db: Executor,
  access: ResourceAccess,
  request: FastifyRequest,
  id: string,
): Promise<AnalysisRow> {
  const row = await findVisibleAnalysis(db, access, request, id);
  if (!row) throw notFound('The analysis was not found.');
  return row;
}

async function findVisibleAnalysis(
  db: Executor,
  access: ResourceAccess,
  request: FastifyRequest,
  id: string,
): Promise<AnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(analyses)
    .where(and(eq(analyses.id, id), access.visibleRows(request, analyses.realm_id)))
    .limit(1);
  return row;
}
