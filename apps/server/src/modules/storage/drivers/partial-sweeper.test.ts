import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { buildApp } from '../../../app.ts';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Partial files of uploads a killed process never finished do not stay in DATA_DIR/storage/tmp. */
describe('partial uploads left by an interrupted process', () => {
  let ctx: TestApp;
  let restarted: FastifyInstance | undefined;

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
  });
  afterAll(async () => {
    await restarted?.close();
    await ctx.close();
  });

  it('are swept at start once stale, while a write still in progress is kept', async () => {
    const tmp = path.join(ctx.config.dataDir, 'storage', 'tmp');
    await mkdir(tmp, { recursive: true });
    const stale = path.join(tmp, 'c1d2e3f4-killed-upload');
    const fresh = path.join(tmp, 'a1b2c3d4-upload-in-progress');
    await writeFile(stale, 'half of an upload');
    await writeFile(fresh, 'still arriving');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);

    // The server starts again on the same data directory (as after `kill -9`).
    restarted = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await restarted.ready();
    const deadline = Date.now() + 5000;
    while ((await exists(stale)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await exists(stale)).toBe(false);
    expect(await exists(fresh)).toBe(true);
  });
});
