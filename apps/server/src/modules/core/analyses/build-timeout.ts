import { AnalysisBuildStatus, CoreEntityType } from '@federa/schemas';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '#platform/db/index.ts';
import { analyses, analysisTasks } from '../db/index.ts';
import type { AnalysisRow } from './analysis-lookup.ts';
import type { AnalysisContext } from './context.ts';

/** Build statuses of a build in progress, which a silent worker can leave behind. */
const IN_PROGRESS = [AnalysisBuildStatus.STARTING, AnalysisBuildStatus.STARTED];
/** Sweeps run at least this often, and at most once per timeout. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/**
 * A build without progress for longer than the timeout: its latest build task (which the worker
 * touches as it goes) or, without one, the analysis itself was last changed before then.
 */
export function stuckBuild(timeoutMs: number): SQL {
  const lastProgress = sql`coalesce((
    select max(${analysisTasks.updated_at}) from ${analysisTasks}
    where ${analysisTasks.analysis_id} = ${analyses.id} and ${analysisTasks.task} = 'build'
  ), ${analyses.updated_at})`;
  return and(
    inArray(analyses.build_status, IN_PROGRESS),
    sql`${lastProgress} < now() - ${timeoutMs} * interval '1 millisecond'`,
  )!;
}

/**
 * Reports the analysis' build failed when it is stuck (inside the caller's transaction, which holds
 * the analysis row); returns the updated analysis, or undefined when the build is not stuck.
 */
export async function failIfStuck(
  tx: Transaction,
  analysisId: string,
  timeoutMs: number,
): Promise<AnalysisRow | undefined> {
  const [row] = await tx
    .update(analyses)
    .set({ build_status: AnalysisBuildStatus.FAILED })
    .where(and(eq(analyses.id, analysisId), stuckBuild(timeoutMs)))
    .returning();
  if (!row) return undefined;
  // Whatever the worker had not finished will not be finished any more.
  await tx
    .update(analysisTasks)
    .set({ status: 'failed' })
    .where(
      and(eq(analysisTasks.analysis_id, analysisId), inArray(analysisTasks.status, ['queued', 'running'])),
    );
  return row;
}

/** Reports every stuck build failed and announces it with the change; returns how many. */
export async function sweepStuckBuilds(context: AnalysisContext): Promise<number> {
  const stuck = await context.db
    .select({ id: analyses.id })
    .from(analyses)
    .where(stuckBuild(context.buildTimeoutMs));
  let failed = 0;
  for (const { id } of stuck) {
    const updated = await context.outbox.transaction(async (tx, emit) => {
      const [previous] = await tx.select().from(analyses).where(eq(analyses.id, id)).for('update');
      const row = previous ? await failIfStuck(tx, id, context.buildTimeoutMs) : undefined;
      if (!previous || !row) return undefined;
      emit({
        type: CoreEntityType.ANALYSIS,
        event: 'updated',
        data: row,
        realmIds: [row.realm_id],
        previous,
      });
      return row;
    });
    if (updated) failed += 1;
  }
  return failed;
}

/**
 * Sweeps stuck builds in the background (every replica may: the update is conditional, so a build is
 * reported failed once). Returns the stop function.
 */
export function startBuildTimeoutSweeper(context: AnalysisContext): () => void {
  const interval = Math.min(context.buildTimeoutMs, MAX_SWEEP_INTERVAL_MS);
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepStuckBuilds(context)
      .catch((error: unknown) => context.log.error({ err: error }, 'sweeping stuck analysis builds failed'))
      .finally(() => {
        running = undefined;
      });
  }, interval);
  timer.unref();
  return () => clearInterval(timer);
}
