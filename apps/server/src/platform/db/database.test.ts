import { cp, mkdtemp, rm, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { ensureInstallation } from '../system/installation.ts';
import { writePgliteTemplate } from '../../../scripts/write-pglite-template.ts';
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

  it('starts a new data directory from the build template, migrated and with the buffer cache set', async () => {
    const templateDir = await writePgliteTemplate(path.join(dataDir, 'template'));
    const fromTemplate = path.join(dataDir, 'from-template');
    const first = await openDatabase({
      kind: 'pglite',
      dataDir: fromTemplate,
      templateDir,
      sharedBuffersMb: 16,
    });
    // Every migration is in the template already: the tables are there before migrate() runs.
    await ensureInstallation(first.db);
    const setting = (await first.db.execute(sql`SHOW shared_buffers`)) as unknown as { rows: unknown[] };
    expect(setting.rows).toEqual([{ shared_buffers: '16MB' }]);
    await first.migrate();
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir: fromTemplate, templateDir });
    expect((await second.db.select().from(systemMeta)).length).toBeGreaterThan(0);
    await second.close();
  });

  it('copies the template again when an earlier copy was cut short', async () => {
    const templateDir = await writePgliteTemplate(path.join(dataDir, 'template-again'));
    const cutShort = path.join(dataDir, 'cut-short');
    // A copy stopped part-way: the version file (copied last) is missing and a file is half-written.
    await cp(templateDir, cutShort, {
      recursive: true,
      filter: (file) => path.basename(file) !== 'PG_VERSION',
    });
    await truncate(path.join(cutShort, 'global', 'pg_control'), 100);

    const database = await openDatabase({ kind: 'pglite', dataDir: cutShort, templateDir });
    await database.migrate();
    expect(await ensureInstallation(database.db)).toMatchObject({ id: expect.any(String) });
    await database.close();
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
