import { AnalysisBuildStatus, CoreEntityType } from '@federa/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { JobStatus, type JobQueue, type JobRow } from '#platform/jobs/job-queue.ts';
import {
  AbortedByWorker,
  PermanentJobError,
  type JobContext,
  type JobHandler,
} from '#platform/jobs/worker.ts';
import { analyses, analysisTasks } from '../db/index.ts';
import type { BuildContext } from './build-context.ts';
import { buildAndPushImage } from './build-image.ts';
import { loadBuildInputs, type BuildAnalysis } from './build-inputs.ts';
import { writeBuildLog } from './build-log.ts';
import { isRegistryTimeout, registryClient } from './registry-client.ts';
import { removeAnalysisImages } from './remove-images.ts';

/** Analysis task names the worker consumes. */
export const BuildTaskName = { BUILD: 'build', STOP: 'buildStop' } as const;

/**
 * The attempt from which a registry timeout ends a build for good. A registry that stayed silent
 * once gets one more try after the first backoff (a restart, a hiccup), but a silent registry does
 * not keep a researcher waiting `max_attempts` × REGISTRY_TIMEOUT_MS plus the backoffs: a timeout in
 * any attempt after the first fails the build at once, with the reason
 * (docs/decisions/0020-job-queue-on-task-tables.md). Other errors keep the queue's usual retries.
 */
export const LAST_ATTEMPT_AFTER_TIMEOUT = 2;

/**
 * Moves the analysis's build status from one of `from` to `to` (and sets other columns), announcing
 * the change through the outbox; undefined when the analysis was in no state of `from` (someone else
 * moved it on).
 */
export async function moveBuildStatus(
  context: BuildContext,
  analysisId: string,
  from: string[],
  values: Partial<BuildAnalysis>,
): Promise<BuildAnalysis | undefined> {
  return context.outbox.transaction(async (tx, emit) => {
    const [previous] = await tx.select().from(analyses).where(eq(analyses.id, analysisId)).for('update');
    if (!previous || !previous.build_status || !from.includes(previous.build_status)) return undefined;
    const [updated] = await tx.update(analyses).set(values).where(eq(analyses.id, analysisId)).returning();
    emit(analysisUpdated(previous, updated!));
    return updated!;
  });
}

function analysisUpdated(previous: BuildAnalysis, updated: BuildAnalysis): EntityEvent {
  return {
    type: CoreEntityType.ANALYSIS,
    event: 'updated',
    data: updated,
    realmIds: [updated.realm_id],
    previous,
  };
}

/**
 * The build job: reads its inputs, builds and pushes the image (build-image.ts), and records the
 * outcome. Any attempt may be a repeat (a worker died mid-push): the layer and configuration are
 * reproducible and a tag is written last in one request, so repeating leaves the same image behind.
 */
export function buildJobHandler(context: BuildContext): JobHandler {
  return {
    async run(job: JobRow, jobContext: JobContext) {
      try {
        await build(context, job, jobContext);
      } catch (error) {
        if (isRegistryTimeout(error) && job.attempts >= LAST_ATTEMPT_AFTER_TIMEOUT) {
          throw new PermanentJobError((error as Error).message);
        }
        throw error;
      }
    },

    async failed(job, error, outcome) {
      const analysisId = job.analysis_id as string;
      const [analysis] = await context.db.select().from(analyses).where(eq(analyses.id, analysisId));
      if (!analysis) return;
      if (outcome.retrying) {
        const seconds = Math.ceil(outcome.delayMs / 1000);
        await writeBuildLog(
          context.telemetry,
          analysis,
          'warn',
          `Build attempt ${job.attempts} failed: ${error.message} Retrying in ${seconds} s.`,
        );
        return;
      }
      await writeBuildLog(context.telemetry, analysis, 'error', `Build failed: ${error.message}`);
      await moveBuildStatus(
        context,
        analysisId,
        [AnalysisBuildStatus.STARTING, AnalysisBuildStatus.STARTED],
        {
          build_status: AnalysisBuildStatus.FAILED,
        },
      );
    },
  };
}

/** One attempt of the build: started, built and pushed, finished (or cancelled by a stop). */
async function build(context: BuildContext, job: JobRow, jobContext: JobContext): Promise<void> {
  const analysisId = job.analysis_id as string;
  const registryId = (job.payload?.registry_id as string | undefined) ?? null;
  const started = await moveBuildStatus(
    context,
    analysisId,
    [AnalysisBuildStatus.STARTING, AnalysisBuildStatus.STARTED],
    { build_status: AnalysisBuildStatus.STARTED },
  );
  if (!started) {
    // Stopped or unlocked before the worker got to it: nothing to build.
    await jobContext.queue.complete(job.id);
    return;
  }
  const log = async (message: string, level: 'info' | 'warn' | 'error' = 'info') => {
    await writeBuildLog(context.telemetry, started, level, message);
  };
  await log(job.attempts > 1 ? `Build started again (attempt ${job.attempts}).` : 'Build started.');
  const inputs = await loadBuildInputs(context.db, analysisId, registryId);
  const client = registryClient(inputs.registry);
  const image = await buildAndPushImage(client, context.driver, inputs, {
    step: (message) => log(message),
    checkpoint: async () => {
      if (jobContext.signal.aborted) throw jobContext.signal.reason;
      // The stop command marks the task cancelled; see it now rather than at the next renewal.
      if (!(await jobContext.queue.renew(job.id))) throw new AbortedByWorker('cancelled');
    },
  });
  const finished = await finish(context, jobContext.queue, job, image.digest);
  if (!finished) throw new AbortedByWorker('cancelled');
  await log(`Build finished: ${image.digest} pushed to ${image.repositories.length} node project(s).`);
}

/** Completes the job and the build in one transaction; false when the build was stopped meanwhile. */
async function finish(context: BuildContext, queue: JobQueue, job: JobRow, digest: string): Promise<boolean> {
  const change = await context.outbox.transaction(async (tx, emit) => {
    const [previous] = await tx
      .select()
      .from(analyses)
      .where(eq(analyses.id, job.analysis_id as string))
      .for('update');
    if (!previous || previous.build_status !== AnalysisBuildStatus.STARTED) return undefined;
    if (!(await queue.complete(job.id, tx))) return undefined;
    const [updated] = await tx
      .update(analyses)
      .set({ build_status: AnalysisBuildStatus.FINISHED, image_digest: digest })
      .where(eq(analyses.id, previous.id))
      .returning();
    emit(analysisUpdated(previous, updated!));
    return updated!;
  });
  return !!change;
}

/**
 * The stop job: waits until no worker holds a build of the analysis any more, removes the image
 * tag from every node project (a stopped build leaves no image behind), then reports `stopped`.
 */
export function buildStopJobHandler(context: BuildContext): JobHandler {
  return {
    async run(job: JobRow, jobContext: JobContext) {
      const analysisId = job.analysis_id as string;
      await waitForBuildsToLetGo(context, analysisId, jobContext.signal);
      const [analysis] = await context.db.select().from(analyses).where(eq(analyses.id, analysisId));
      if (!analysis) {
        await jobContext.queue.complete(job.id);
        return;
      }
      const registryId = (job.payload?.registry_id as string | undefined) ?? analysis.registry_id;
      const removed = await removeAnalysisImages(context, analysis, registryId);
      await writeBuildLog(
        context.telemetry,
        analysis,
        'info',
        `Build stopped; removed the image from ${removed} node project(s).`,
      );
      await moveBuildStatus(context, analysisId, [AnalysisBuildStatus.STOPPING], {
        build_status: AnalysisBuildStatus.STOPPED,
        image_digest: null,
      });
      await jobContext.queue.complete(job.id);
    },
  };
}

/** Waits (at most about one lease) until no worker holds a build task of the analysis. */
async function waitForBuildsToLetGo(
  context: BuildContext,
  analysisId: string,
  signal: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + context.leaseMs + 1000;
  while (Date.now() < deadline) {
    if (signal.aborted) throw signal.reason;
    const held = await context.db
      .select({ id: analysisTasks.id })
      .from(analysisTasks)
      .where(
        and(
          eq(analysisTasks.analysis_id, analysisId),
          eq(analysisTasks.task, BuildTaskName.BUILD),
          inArray(analysisTasks.status, [JobStatus.RUNNING, JobStatus.CANCELLED]),
          sql`${analysisTasks.locked_by} is not null and ${analysisTasks.lease_until} > now()`,
        ),
      )
      .limit(1);
    if (held.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
