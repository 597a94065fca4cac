import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { translateDatabaseError } from './database-errors.ts';
import { registerErrorHandler } from './error-handler.ts';

/** A promise with its resolve function, to line two transactions up. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('database errors', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table deadlock_probe (id integer primary key, hits integer not null)`,
    );
    await database.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  // PGlite serves one connection at a time, so only PostgreSQL can deadlock.
  it.skipIf(!process.env.DATABASE_URL)(
    'answers a transaction lost to a deadlock with a 503 that says to try again',
    async () => {
      const firstLocked = signal();
      const secondLocked = signal();
      // Each transaction locks one row, waits for the other, then wants the other's row.
      const lockBoth = (mine: number, theirs: number, locked: () => void, theyLocked: Promise<void>) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update deadlock_probe set hits = hits + 1 where id = ${mine}`);
          locked();
          await theyLocked;
          await tx.execute(sql`update deadlock_probe set hits = hits + 1 where id = ${theirs}`);
        });
      const outcomes = await Promise.allSettled([
        lockBoth(1, 2, firstLocked.resolve, secondLocked.promise),
        lockBoth(2, 1, secondLocked.resolve, firstLocked.promise),
      ]);
      const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(lost).toHaveLength(1);
      const error = (lost[0] as PromiseRejectedResult).reason as unknown;

      const translated = translateDatabaseError(error);
      expect(translated).toMatchObject({ statusCode: 503, code: 'service_unavailable', retryAfter: 1 });

      // Through the error handler: the client gets the message and when to retry, no internals.
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.get('/write', async () => {
        throw error;
      });
      const response = await app.inject({ method: 'GET', url: '/write' });
      await app.close();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'service_unavailable',
        message: 'The change collided with another one and was not saved. Please try again.',
      });
      // The winner's writes stand, the loser's were rolled back.
      const result = await database.db.execute(sql`select hits from deadlock_probe order by id`);
      const { rows } = result as unknown as { rows: Array<{ hits: number }> };
      expect(rows.map((row) => row.hits)).toEqual([1, 1]);
    },
  );
});
