import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';
import { PeriodicTask } from '../jobs/periodic-task.ts';

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
 * statement at a time, so a run holds other queries up for as long as it takes: 0.1-0.2 s on a fresh
 * installation, little more on the small ones the embedded database is for (pages nothing changed
 * on are skipped). With PostgreSQL nothing of this runs.
 */
export class EmbeddedVacuum extends PeriodicTask {
  constructor(options: EmbeddedVacuumOptions) {
    super({ intervalMs: options.intervalMs, runAtStart: false, run: () => vacuum(options) });
  }
}

async function vacuum({ db, log }: EmbeddedVacuumOptions): Promise<void> {
  const started = performance.now();
  try {
    await db.execute(sql`VACUUM (ANALYZE)`);
    log.debug({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
  } catch (error) {
    log.error({ err: error }, 'vacuuming the embedded database failed');
  }
}
