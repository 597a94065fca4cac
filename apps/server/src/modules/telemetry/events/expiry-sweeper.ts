import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTask } from '#platform/jobs/periodic-task.ts';

export interface ExpirySweeperOptions {
  /** Deletes what has expired; returns how many rows. */
  sweep: () => Promise<number>;
  /** Time between sweeps; 0 switches sweeping off. */
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/**
 * Sweeps expired events once at start and then periodically, as the original's cleaner. Every
 * replica may sweep: the delete is idempotent, so no coordination is needed.
 */
export class ExpirySweeper extends PeriodicTask {
  constructor(options: ExpirySweeperOptions) {
    super({
      intervalMs: options.intervalMs,
      runAtStart: true,
      run: () =>
        options.sweep().then(
          (count) => {
            if (count > 0) options.log.info({ count }, 'expired events swept');
          },
          (error: unknown) => options.log.error({ err: error }, 'sweeping expired events failed'),
        ),
    });
  }
}
