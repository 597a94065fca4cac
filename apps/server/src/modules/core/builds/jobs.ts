import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JobQueue } from '#platform/jobs/job-queue.ts';
import { JobWorker } from '#platform/jobs/worker.ts';
import { analysisTasks, serviceTasks } from '../db/index.ts';
import { registryJobHandler } from '../registries/registry-jobs.ts';
import type { BuildContext } from './build-context.ts';
import { buildJobHandler, buildStopJobHandler, BuildTaskName } from './build-job.ts';

export interface Jobs {
  /** Tells this process's worker (if it runs one) that a job was queued, so it starts at once. */
  nudge(): void;
  analysisQueue: JobQueue;
  serviceQueue: JobQueue;
}

/**
 * The job queues of the hub core (analysis tasks: builds and stops; service tasks: registry
 * commands) and, in the `worker` role, the worker that consumes them.
 */
export function registerJobs(app: FastifyInstance, context: BuildContext): Jobs {
  const { leaseMs, pollIntervalMs, concurrency } = app.config.jobs;
  const analysisQueue = new JobQueue(context.db, 'analysis_tasks', { leaseMs });
  const serviceQueue = new JobQueue(context.db, 'service_tasks', {
    leaseMs,
    workerId: analysisQueue.workerId,
  });
  const handlers = {
    [BuildTaskName.BUILD]: buildJobHandler(context),
    [BuildTaskName.STOP]: buildStopJobHandler(context),
  };
  const registryHandler = registryJobHandler(context);
  let worker: JobWorker | undefined;
  if (app.config.roles.includes('worker')) {
    worker = new JobWorker({
      concurrency,
      pollIntervalMs,
      leaseMs,
      log: context.log,
      sources: [
        {
          queue: analysisQueue,
          where: inArray(analysisTasks.task, Object.keys(handlers)),
          handler: (job) => handlers[job.task as keyof typeof handlers],
        },
        {
          queue: serviceQueue,
          where: inArray(serviceTasks.service, ['registry']),
          handler: () => registryHandler,
        },
      ],
    });
    app.addHook('onReady', async () => worker!.start());
    app.addHook('onClose', async () => worker!.stop());
  }
  return { nudge: () => worker?.nudge(), analysisQueue, serviceQueue };
}
