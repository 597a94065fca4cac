import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { JobQueue } from './job-queue.ts';
import { type JobRow } from './job-queue.ts';

/** Thrown by a handler for an error another attempt cannot fix (bad input, missing record). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobContext {
  queue: JobQueue;
  /** Aborted when the job is no longer this worker's (cancelled, lease lost) or the worker stops. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobHandler {
  /** Runs the job; resolves when it is done (the handler completes it in its own transaction). */
  run(job: JobRow, context: JobContext): Promise<void>;
  /** Called once the job failed for good or will be retried, to record that in the domain. */
  failed?(job: JobRow, error: Error, outcome: { retrying: boolean; delayMs: number }): Promise<void>;
  /** Called when the job was taken away while running (cancelled), after `run` stopped. */
  cancelled?(job: JobRow): Promise<void>;
}

export interface JobSource {
  queue: JobQueue;
  /** Narrows which rows this worker takes (task names with a handler). */
  where?: SQL;
  handler(job: JobRow): JobHandler | undefined;
}

export interface WorkerOptions {
  sources: JobSource[];
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  log: FastifyBaseLogger;
}

export class AbortedByWorker extends Error {
  constructor(readonly reason: 'cancelled' | 'shutdown') {
    super(reason === 'cancelled' ? 'The job was cancelled.' : 'The worker is shutting down.');
    this.name = 'AbortedByWorker';
  }
}

/**
 * Runs jobs from the sources: `concurrency` loops, each claiming the next due job, renewing its
 * lease while the handler works, and recording the outcome. `stop()` aborts running handlers and
 * gives their jobs back.
 */
export class JobWorker {
  #stopping = false;
  readonly #running = new Set<Promise<void>>();
  readonly #controllers = new Set<AbortController>();
  #wake: (() => void) | undefined;

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    for (let slot = 0; slot < this.options.concurrency; slot += 1) {
      const loop = this.#loop();
      this.#running.add(loop);
      void loop.finally(() => this.#running.delete(loop));
    }
  }

  /** Looks for work now instead of at the next poll (a job was just queued in this process). */
  nudge(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    for (const controller of this.#controllers) controller.abort(new AbortedByWorker('shutdown'));
    this.#wake?.();
    await Promise.allSettled([...this.#running]);
  }

  async #loop(): Promise<void> {
    while (!this.#stopping) {
      let worked = false;
      try {
        for (const source of this.options.sources) {
          if (this.#stopping) break;
          const job = await source.queue.claim(source.where);
          if (!job) continue;
          worked = true;
          await this.#run(source, job);
        }
      } catch (error) {
        this.options.log.error({ err: error }, 'the job worker could not claim or record a job');
      }
      if (!worked && !this.#stopping) await this.#sleep();
    }
  }

  #sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollIntervalMs);
      const previous = this.#wake;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        done();
        previous?.();
      };
    });
  }

  async #run(source: JobSource, job: JobRow): Promise<void> {
    const { queue } = source;
    const handler = source.handler(job);
    const log = this.options.log.child({ job: job.id, queue: queue.tableName });
    if (!handler) {
      await queue.fail(job, 'No handler for this job.', { retry: false });
      return;
    }
    if (job.attempts > job.max_attempts) {
      // Its workers kept dying while running it (claims past the lease count as attempts).
      const error = new Error('The job was interrupted too often.');
      await queue.fail(job, error.message, { retry: false });
      await handler.failed?.(job, error, { retrying: false, delayMs: 0 });
      return;
    }
    const controller = new AbortController();
    this.#controllers.add(controller);
    const renewal = setInterval(
      () => {
        queue
          .renew(job.id)
          .then((held) => {
            if (!held) controller.abort(new AbortedByWorker('cancelled'));
          })
          .catch((error: unknown) => log.warn({ err: error }, 'renewing a job lease failed'));
      },
      Math.max(200, Math.floor(this.options.leaseMs / 3)),
    );
    try {
      await handler.run(job, { queue, signal: controller.signal, log });
    } catch (error) {
      const signalled = controller.signal.reason as unknown;
      const aborted =
        error instanceof AbortedByWorker
          ? error
          : signalled instanceof AbortedByWorker
            ? signalled
            : undefined;
      if (aborted?.reason === 'shutdown') {
        await queue.release(job.id);
      } else if (aborted) {
        await handler.cancelled?.(job);
        await queue.letGo(job.id);
      } else {
        const failure = error instanceof Error ? error : new Error(String(error));
        const outcome = await queue.fail(job, failure.message, {
          retry: !(failure instanceof PermanentJobError),
        });
        log.warn({ err: failure, retrying: outcome.retrying }, 'a job failed');
        if (outcome.recorded) await handler.failed?.(job, failure, outcome);
      }
    } finally {
      clearInterval(renewal);
      this.#controllers.delete(controller);
    }
  }
}
