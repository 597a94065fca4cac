import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { ensureInstallation } from '../system/installation.ts';
import { openDatabase } from './database.ts';
import { systemMeta } from './schema/system.ts';
import { withTransaction } from './transaction.ts';

describe('embedded database', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'federa-db-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps its data in the data directory across restarts', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.migrate();
    const installation = await ensureInstallation(first.db);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.migrate(); // applying migrations again changes nothing
    expect(await ensureInstallation(second.db)).toEqual(installation);
    await second.close();
  });
});

describe(`database platform (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('creates the installation once, even when asked concurrently', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => ensureInstallation(database.db)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
  });

  it('commits a transaction as a whole', async () => {
    await withTransaction(database.db, async (tx) => {
      await tx.insert(systemMeta).values({ key: 'a', value: 1 });
      await tx.insert(systemMeta).values({ key: 'b', value: 2 });
    });
    const rows = await database.db.select().from(systemMeta).where(eq(systemMeta.key, 'b'));
    expect(rows).toHaveLength(1);
  });

  it('writes nothing when the transaction fails part-way', async () => {
    await expect(
      withTransaction(database.db, async (tx) => {
        await tx.insert(systemMeta).values({ key: 'c', value: 3 });
        await tx.insert(systemMeta).values({ key: 'a', value: 'duplicate key' });
      }),
    ).rejects.toThrow();
    const rows = await database.db.select().from(systemMeta).where(eq(systemMeta.key, 'c'));
    expect(rows).toHaveLength(0);
  });
});
