import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './database.ts';
import { EmbeddedVacuum } from './embedded-vacuum.ts';

const client = new PGlite();
const db = drizzle(client) as unknown as Database;
afterAll(() => client.close());

const silentLog = { error: vi.fn(), debug: vi.fn() };

async function tableState() {
  const rows = (await db.execute(
    sql`select n_live_tup::int as live, last_vacuum is not null as vacuumed,
          (select reltuples::int from pg_class where relname = 'churn') as estimated
        from pg_stat_user_tables where relname = 'churn'`,
  )) as unknown as { rows: Array<{ live: number; vacuumed: boolean; estimated: number }> };
  return rows.rows[0]!;
}

describe('EmbeddedVacuum', () => {
  it('vacuums and analyses the embedded database: the planner learns what the table holds now', async () => {
    await db.execute(sql`create table churn (id serial primary key, note text)`);
    await db.execute(sql`insert into churn (note) select 'row ' || g from generate_series(1, 2000) g`);
    await db.execute(sql`delete from churn where id % 4 <> 0`);
    expect((await tableState()).vacuumed).toBe(false);

    await new EmbeddedVacuum({ db, intervalMs: 0, log: silentLog }).runOnce();

    const state = await tableState();
    expect(state.vacuumed).toBe(true);
    expect(state.live).toBe(500);
    expect(state.estimated).toBe(500);
    expect(silentLog.error).not.toHaveBeenCalled();
  });

  it('reports a failed run and carries on', async () => {
    const log = { error: vi.fn(), debug: vi.fn() };
    const broken = { execute: () => Promise.reject(new Error('database closed')) } as unknown as Database;
    await new EmbeddedVacuum({ db: broken, intervalMs: 0, log }).runOnce();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'vacuuming the embedded database failed',
    );
  });

  it('runs on its interval once started, and not after it stopped', async () => {
    vi.useFakeTimers();
    try {
      const execute = vi.fn(() => Promise.resolve());
      const vacuum = new EmbeddedVacuum({
        db: { execute } as unknown as Database,
        intervalMs: 1_000,
        log: silentLog,
      });
      vacuum.start();
      expect(execute).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2_500);
      expect(execute).toHaveBeenCalledTimes(2);
      await vacuum.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
