import type { FastifyBaseLogger } from 'fastify';

export interface ExpirySweeperOptions {
  /** Deletes what has expired; returns how many rows. */
  sweep: () => Promise<number>;
  /** Time between sweeps; 0 switches sweeping off. */
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/**
 * Sweeps expired events once at start and then periodically, as the original's cleaner. Every
 * replica may sweep: the delete is idempotent, so no coordination is needed. The timer never keeps
 * the process alive, and stop() waits for a sweep in flight so the database can close after it.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: ExpirySweeperOptions) {}

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One sweep, unless one is still running (a slow sweep never piles up behind itself). */
  runOnce(): Promise<void> {
    this.running ??= this.options
      .sweep()
      .then(
        (count) => {
          if (count > 0) this.options.log.info({ count }, 'expired events swept');
        },
        (error: unknown) => this.options.log.error({ err: error }, 'sweeping expired events failed'),
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
