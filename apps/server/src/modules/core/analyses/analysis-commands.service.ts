import {
  AnalysisBucketType,
  AnalysisBuildStatus,
  AnalysisCommand,
  checkAnalysisBuildRequirements,
  checkAnalysisLockRequirements,
  CoreEntityType,
  isAnalysisCommandExecutable,
  NodeType,
  type CommandCheckResult,
} from '@federa/schemas';
import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '#platform/db/index.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { requestContext, type Row } from '#platform/http/resource/index.ts';
import { findBucketFile } from '#modules/storage/index.ts';
import {
  analyses,
  analysisBucketFiles,
  analysisBuckets,
  analysisNodes,
  analysisTasks,
  nodes,
  registries,
} from '../db/index.ts';
import type { AnalysisRow } from './analysis-lookup.ts';
import { failIfStuck } from './build-timeout.ts';
import { reportImagePresence } from '../builds/image-presence.ts';
import type { AnalysisContext } from './context.ts';

/** Task names of the build jobs (the worker role consumes them, builds/build-job.ts). */
export const AnalysisTaskName = { BUILD: 'build', BUILD_STOP: 'buildStop' } as const;
export const AnalysisTaskStatus = {
  QUEUED: 'queued',
  RUNNING: 'running',
  FINISHED: 'finished',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;

interface CommandOutcome {
  analysis: AnalysisRow;
  /** Analysis nodes changed by the command (approvals reset on unlock), for their events. */
  nodes: Row[];
}

function assertAllowed(result: CommandCheckResult): void {
  if (!result.success) throw badRequest(result.message);
}

/**
 * Runs one of the state commands (lock, unlock, build start, stop, check) on an analysis the caller
 * sees (a 404 otherwise) and `authorize` allows. The analysis row is read and locked for the
 * transaction in one statement, so concurrent commands (and node changes, whose counter trigger
 * writes the same row) take turns and each sees the state the one before left.
 * The changes are stored with the transaction's outbox and announced after the commit, so a crash
 * in between still announces them (docs/decisions/0100-transactional-outbox.md).
 */
export async function runStateCommand(
  context: AnalysisContext,
  request: FastifyRequest,
  analysisId: string,
  command: string,
  authorize: (analysis: AnalysisRow) => Promise<void>,
): Promise<AnalysisRow> {
  const context_ = requestContext(request);
  const outcome = await context.outbox.transaction(async (tx, emit) => {
    const [current] = await tx
      .select()
      .from(analyses)
      .where(and(eq(analyses.id, analysisId), context.access.visibleRows(request, analyses.realm_id)))
      .for('update');
    if (!current) throw notFound('The analysis was not found.');
    await authorize(current);
    assertAllowed(isAnalysisCommandExecutable(current, command));
    const result = await runCommand(tx, current, command, context, request);
    for (const node of result.nodes) {
      emit({
        type: CoreEntityType.ANALYSIS_NODE,
        event: 'updated',
        data: node,
        realmIds: [...new Set([node.analysis_realm_id as string, node.node_realm_id as string])],
        ...context_,
      });
    }
    if (result.analysis !== current) {
      emit({
        type: CoreEntityType.ANALYSIS,
        event: 'updated',
        data: result.analysis,
        realmIds: [result.analysis.realm_id],
        previous: current,
        ...context_,
      });
    }
    return result;
  });
  if (command === AnalysisCommand.BUILD_START || command === AnalysisCommand.BUILD_STOP) context.jobs.nudge();
  if (command === AnalysisCommand.BUILD_STATUS) await reportImagePresence(context, outcome.analysis);
  return outcome.analysis;
}

function runCommand(
  tx: Transaction,
  current: AnalysisRow,
  command: string,
  context: AnalysisContext,
  request: FastifyRequest,
): Promise<CommandOutcome> {
  switch (command) {
    case AnalysisCommand.CONFIGURATION_LOCK:
      return lock(tx, current);
    case AnalysisCommand.CONFIGURATION_UNLOCK:
      return unlock(tx, current, request.server.config.approvals.skipAnalysis);
    case AnalysisCommand.BUILD_START:
      return startBuild(tx, current);
    case AnalysisCommand.BUILD_STOP:
      return stopBuild(tx, current);
    default:
      return checkBuild(tx, current, context.buildTimeoutMs);
  }
}

async function setAnalysis(tx: Transaction, id: string, values: Partial<AnalysisRow>): Promise<AnalysisRow> {
  const [row] = await tx.update(analyses).set(values).where(eq(analyses.id, id)).returning();
  return row!;
}

/** The analysis' nodes with what locking and building need to know about them. */
function nodesOf(tx: Transaction, analysisId: string) {
  return tx
    .select({
      name: nodes.name,
      type: nodes.type,
      registry_id: nodes.registry_id,
      approval_status: analysisNodes.approval_status,
    })
    .from(analysisNodes)
    .innerJoin(nodes, eq(nodes.id, analysisNodes.node_id))
    .where(eq(analysisNodes.analysis_id, analysisId))
    .orderBy(asc(nodes.name));
}

/**
 * Whether the code bucket's entrypoint names a file that is still stored in the code bucket's
 * storage bucket. A stored file's deletion removes its link only after its commit
 * (storage-deletions.ts), so the link alone does not prove the file is there.
 */
async function hasStoredEntrypoint(
  tx: Transaction,
  code: { id: string; external_id: string | null },
): Promise<boolean> {
  const [entrypoint] = await tx
    .select({ external_id: analysisBucketFiles.external_id })
    .from(analysisBucketFiles)
    .where(and(eq(analysisBucketFiles.bucket_id, code.id), eq(analysisBucketFiles.root, true)))
    .limit(1);
  if (!entrypoint) return false;
  const file = await findBucketFile(tx, entrypoint.external_id);
  return !!file && file.bucket_id === code.external_id;
}

async function lock(tx: Transaction, analysis: AnalysisRow): Promise<CommandOutcome> {
  const [code] = await tx
    .select({ id: analysisBuckets.id, external_id: analysisBuckets.external_id })
    .from(analysisBuckets)
    .where(
      and(eq(analysisBuckets.analysis_id, analysis.id), eq(analysisBuckets.type, AnalysisBucketType.CODE)),
    );
  assertAllowed(
    checkAnalysisLockRequirements({
      codeBucket: !!code,
      entrypoint: !!code && (await hasStoredEntrypoint(tx, code)),
      nodes: await nodesOf(tx, analysis.id),
    }),
  );
  return { analysis: await setAnalysis(tx, analysis.id, { configuration_locked: true }), nodes: [] };
}

async function unlock(
  tx: Transaction,
  analysis: AnalysisRow,
  skipApproval: boolean,
): Promise<CommandOutcome> {
  // Whatever was approved was approved for the locked configuration: the nodes approve again
  // (aggregators need no approval, as in the original hub), unless the hub skips analysis approvals.
  const aggregators = tx.select({ id: nodes.id }).from(nodes).where(eq(nodes.type, NodeType.AGGREGATOR));
  const reset = skipApproval
    ? []
    : await tx
        .update(analysisNodes)
        .set({ approval_status: null })
        .where(
          and(
            eq(analysisNodes.analysis_id, analysis.id),
            isNotNull(analysisNodes.approval_status),
            notInArray(analysisNodes.node_id, aggregators),
          ),
        )
        .returning();
  await cancelQueuedTasks(tx, analysis.id);
  const updated = await setAnalysis(tx, analysis.id, { configuration_locked: false, build_status: null });
  return { analysis: updated, nodes: reset };
}

async function startBuild(tx: Transaction, analysis: AnalysisRow): Promise<CommandOutcome> {
  let registryId = analysis.registry_id;
  if (!registryId) {
    // As the original: the first registry, when the analysis names none.
    const [first] = await tx
      .select({ id: registries.id })
      .from(registries)
      .orderBy(asc(registries.created_at), asc(registries.id))
      .limit(1);
    registryId = first?.id ?? null;
  }
  assertAllowed(
    checkAnalysisBuildRequirements({
      nodes: await nodesOf(tx, analysis.id),
      registryAvailable: !!registryId,
    }),
  );
  await tx.insert(analysisTasks).values({
    analysis_id: analysis.id,
    task: AnalysisTaskName.BUILD,
    payload: { registry_id: registryId },
  });
  const updated = await setAnalysis(tx, analysis.id, {
    build_status: AnalysisBuildStatus.STARTING,
    registry_id: registryId,
  });
  return { analysis: updated, nodes: [] };
}

/**
 * Stops a build: the build task is cancelled (a worker running it sees that at its next step and
 * lets go), and a stop job removes whatever image the build pushed, then reports `stopped`. A second
 * stop while stopping confirms at once (as in the original hub), for a stop job that cannot finish.
 */
async function stopBuild(tx: Transaction, analysis: AnalysisRow): Promise<CommandOutcome> {
  if (analysis.build_status === AnalysisBuildStatus.STOPPING) {
    const updated = await setAnalysis(tx, analysis.id, { build_status: AnalysisBuildStatus.STOPPED });
    return { analysis: updated, nodes: [] };
  }
  await tx
    .update(analysisTasks)
    .set({ status: AnalysisTaskStatus.CANCELLED })
    .where(
      and(
        eq(analysisTasks.analysis_id, analysis.id),
        eq(analysisTasks.task, AnalysisTaskName.BUILD),
        inArray(analysisTasks.status, [AnalysisTaskStatus.QUEUED, AnalysisTaskStatus.RUNNING]),
      ),
    );
  await tx.insert(analysisTasks).values({
    analysis_id: analysis.id,
    task: AnalysisTaskName.BUILD_STOP,
    payload: { registry_id: analysis.registry_id },
  });
  const updated = await setAnalysis(tx, analysis.id, { build_status: AnalysisBuildStatus.STOPPING });
  return { analysis: updated, nodes: [] };
}

/**
 * The status check. Unlike the original (whose worker always answered "none" and so reset the
 * status), it never resets a status; it only reports a build as failed once it made no progress for
 * longer than the configured time (build-timeout.ts). After the commit, every node's image is looked
 * up in the registry and the result written to the analysis log (builds/image-presence.ts).
 */
async function checkBuild(
  tx: Transaction,
  analysis: AnalysisRow,
  timeoutMs: number,
): Promise<CommandOutcome> {
  const failed = await failIfStuck(tx, analysis.id, timeoutMs);
  return { analysis: failed ?? analysis, nodes: [] };
}

async function cancelQueuedTasks(tx: Transaction, analysisId: string): Promise<void> {
  await tx
    .update(analysisTasks)
    .set({ status: AnalysisTaskStatus.CANCELLED })
    .where(
      and(eq(analysisTasks.analysis_id, analysisId), eq(analysisTasks.status, AnalysisTaskStatus.QUEUED)),
    );
}
