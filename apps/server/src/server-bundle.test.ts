import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlePartsDir, bundleServer, SERVER_NODE_OPTIONS } from '../scripts/bundle-server.ts';
import { SERVER_ROOT, SERVER_VERSION } from './server-root.ts';

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
// A file of its own, so a bundle another process is starting from is never rewritten under it.
const TEST_BUNDLE = path.join(SERVER_ROOT, 'dist', `server-test-${process.pid}.mjs`);

describe('the server bundle (npm start)', () => {
  afterAll(async () => {
    await rm(TEST_BUNDLE, { force: true });
    await rm(bundlePartsDir(TEST_BUNDLE), { recursive: true, force: true });
  });

  it('starts with plain Node.js, finds its files from dist/ and reads its configuration', async () => {
    await bundleServer(TEST_BUNDLE);
    // An invalid setting stops the start right after every module has loaded, before any database.
    const run = spawnSync(process.execPath, [...SERVER_NODE_OPTIONS, TEST_BUNDLE], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toContain('Invalid configuration: PORT must be a number');
    expect(run.status).toBe(1);
  });

  it('is what npm start runs, with the V8 options the tests and benchmarks use', () => {
    const scripts = (file: string) =>
      (JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts(path.join(REPO_ROOT, 'package.json')).start).toContain(
      `node ${SERVER_NODE_OPTIONS.join(' ')} apps/server/dist/server.mjs`,
    );
    expect(scripts(path.join(SERVER_ROOT, 'package.json')).start).toContain(
      `node ${SERVER_NODE_OPTIONS.join(' ')} dist/server.mjs`,
    );
  });

  it('knows the server package from its sources', () => {
    expect(path.basename(SERVER_ROOT)).toBe('server');
    expect(SERVER_VERSION).toBe(
      (JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string })
        .version,
    );
  });
});
