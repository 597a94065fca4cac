import { AnalysisBuildStatus, AnalysisRunStatus, CoreEntityType } from '@federa/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '#platform/http/errors.ts';
import { requestContext } from '#platform/http/resource/index.ts';
import { analysisNodes } from '../db/index.ts';
import type { AnalysisRow } from './analysis-lookup.ts';
import type { AnalysisContext } from './context.ts';

/** Runs a node is carrying out; `tearDown` asks their nodes to stop them. */
const ACTIVE = [AnalysisRunStatus.STARTING, AnalysisRunStatus.STARTED, AnalysisRunStatus.RUNNING];
/** Runs that ended without a result; `spinUp` lets their nodes run again. */
const ENDED = [AnalysisRunStatus.STOPPED, AnalysisRunStatus.FAILED];

export const NO_ACTIVE_RUN_MESSAGE =
  'No node is running the analysis. Its buckets can only be removed once the configuration is unlocked.';
export const NO_ENDED_RUN_MESSAGE =
  'No run of the analysis was stopped or failed, so there is nothing to start again.';

/** Whether a command on this analysis is about its runs (built) rather than its buckets. */
export function controlsRuns(analysis: AnalysisRow): boolean {
  return analysis.configuration_locked && analysis.build_status === AnalysisBuildStatus.FINISHED;
}

/** Sets the run status of the analysis' nodes in `from` to `to`, announcing each change with it. */
async function moveRuns(
  context: AnalysisContext,
  request: FastifyRequest,
  analysis: AnalysisRow,
  from: string[],
  to: string | null,
): Promise<number> {
  const audit = requestContext(request);
  return context.outbox.transaction(async (tx, emit) => {
    const before = await tx
      .select()
      .from(analysisNodes)
      .where(and(eq(analysisNodes.analysis_id, analysis.id), inArray(analysisNodes.run_status, from)))
      .for('update');
    if (before.length === 0) return 0;
    const after = await tx
      .update(analysisNodes)
      .set({ run_status: to })
      .where(
        inArray(
          analysisNodes.id,
          before.map((row) => row.id),
        ),
      )
      .returning();
    for (const row of after) {
      emit({
        type: CoreEntityType.ANALYSIS_NODE,
        event: 'updated',
        data: row,
        realmIds: [row.analysis_realm_id, row.node_realm_id],
        previous: before.find((item) => item.id === row.id)!,
        ...audit,
      });
    }
    return after.length;
  });
}

/**
 * `tearDown` of a built analysis: asks the nodes running it to stop (run status `stopping`); each
 * node's agent ends the run and reports `stopped` (docs/node-agent.md).
 */
export async function stopRuns(context: AnalysisContext, request: FastifyRequest, analysis: AnalysisRow) {
  if ((await moveRuns(context, request, analysis, ACTIVE, AnalysisRunStatus.STOPPING)) === 0) {
    throw badRequest(NO_ACTIVE_RUN_MESSAGE);
  }
  return analysis;
}

/** `spinUp` of a built analysis: the nodes whose run stopped or failed run it again. */
export async function restartRuns(context: AnalysisContext, request: FastifyRequest, analysis: AnalysisRow) {
  if ((await moveRuns(context, request, analysis, ENDED, null)) === 0) throw badRequest(NO_ENDED_RUN_MESSAGE);
  return analysis;
}
