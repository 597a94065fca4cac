import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes everything the test created. */
  destroy(): Promise<void>;
}

/**
 * An isolated, migrated database for one test file: an in-memory PGlite by default, or, when
 * DATABASE_URL is set, a fresh PostgreSQL database created for this file and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { ...handle, destroy: () => handle.close().catch(() => undefined) };
  }

  const name = `federa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // The name is generated above from hex digits only, so it is safe to place in the statement.
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 4 });
  await handle.migrate();
  return {
    ...handle,
    destroy: async () => {
      // A test may have closed the connection already (e.g. to simulate an outage); drop anyway.
      await handle.close().catch(() => undefined);
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      try {
        await cleaner.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}
