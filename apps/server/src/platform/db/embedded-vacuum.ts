import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/** Ten minutes between two runs unless EMBEDDED_DB_VACUUM_INTERVAL_MS says otherwise. */
export const DEFAULT_EMBEDDED_VACUUM_INTERVAL_MS = 600_000;

export interface EmbeddedVacuumOptions {
  db: Database;
  /** Time between runs; 0 switches them off. */
  intervalMs: number;
  log: { error(details: object, message: string): void; debug(details: object, message: string): void };
}

/**
 * The embedded database (PGlite) runs PostgreSQL without its background processes, so no autovacuum
 * ever comes: the rows every write leaves behind (an outbox entry per change, swept events, updated
 * analyses) would never be reclaimed, the files would only grow, and the planner's statistics (and
 * the list totals estimated from them, docs/decisions/0095) would stay as old as the last ANALYZE.
 * This runs `VACUUM (ANALYZE)` now and then instead, as autovacuum would. PGlite answers one
 * statement at a time, so a run holds other queries up for as long as it takes: milliseconds on the
 * small installations the embedded database is for. With PostgreSQL nothing of this runs.
 */
export class EmbeddedVacuum {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: EmbeddedVacuumOptions) {}

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in flight, so the database can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One run, unless one is still going (a slow run never piles up behind itself). */
  runOnce(): Promise<void> {
    this.running ??= this.vacuum().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async vacuum(): Promise<void> {
    const started = performance.now();
    try {
      await this.options.db.execute(sql`VACUUM (ANALYZE)`);
      this.options.log.debug({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
    } catch (error) {
      this.options.log.error({ err: error }, 'vacuuming the embedded database failed');
    }
  }
}
