/**
 * Work that runs every so often in this process (a sweep, a vacuum): never two runs at once, a
 * timer that does not keep the process alive, and a stop that waits for the run in flight so the
 * database can close after it.
 */
export interface PeriodicTaskOptions {
  /** One run; it reports its own failures (a rejection is ignored). */
  run: () => Promise<void>;
  /** Time between runs; 0 switches them off. */
  intervalMs: number;
  /** Run once at start as well, not only after the first interval. */
  runAtStart: boolean;
}

export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: PeriodicTaskOptions) {}

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    if (this.options.runAtStart) void this.runOnce();
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One run, unless one is still going (a slow run never piles up behind itself). */
  runOnce(): Promise<void> {
    this.running ??= this.options
      .run()
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
