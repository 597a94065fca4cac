import { spawn, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExternalDatabase, type ExternalDatabase } from './support/database.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** The demo's registry is Debian's docker-registry; without it the test skips loudly (fails with REQUIRE_ALL=1). */
function registryAvailable(): boolean {
  if (spawnSync('sh', ['-c', 'command -v docker-registry']).status === 0) return true;
  const message =
    'DEMO TEST SKIPPED: docker-registry not found; install it with "apt-get install -y docker-registry".';
  if (process.env.REQUIRE_ALL === '1') throw new Error(message);
  console.warn(message);
  return false;
}
const SITES = path.join(REPO_ROOT, 'apps/node/demo/sites');

/** The expected result, computed directly from the sites' CSV files. */
async function directComputation(): Promise<{ count: number; means: Record<string, number> }> {
  let count = 0;
  const sums: Record<string, number> = {};
  const notNumeric = new Set<string>();
  for (const site of await readdir(SITES)) {
    for (const file of (await readdir(path.join(SITES, site))).filter((name) => name.endsWith('.csv'))) {
      const [header, ...rows] = (await readFile(path.join(SITES, site, file), 'utf8')).trim().split('\n');
      const columns = header!.split(',');
      for (const row of rows) {
        count += 1;
        row.split(',').forEach((value, index) => {
          const column = columns[index]!;
          const number = Number(value);
          if (value.trim() === '' || Number.isNaN(number)) notNumeric.add(column);
          else sums[column] = (sums[column] ?? 0) + number;
        });
      }
    }
  }
  const means = Object.fromEntries(
    Object.entries(sums)
      .filter(([column]) => !notNumeric.has(column))
      .map(([column, sum]) => [column, sum / count]),
  );
  return { count, means };
}

/**
 * `npm run demo` as a user runs it: the hub, a loopback registry and three agents with the process
 * driver; the analysis is built and run at the sites, and the last line is the pooled result.
 */
describe.skipIf(!registryAvailable())('the federation demo', () => {
  let database: ExternalDatabase | undefined;
  beforeAll(async () => {
    database = await createExternalDatabase();
  });
  afterAll(() => database?.drop());

  it('prints the pooled count and means computed at the sites', { timeout: 240_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/node/demo/run-demo.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, output).toBe(0);

    const lines = output.trim().split('\n');
    const result = JSON.parse(lines.at(-1)!) as { count: number; means: Record<string, number> };
    const expected = await directComputation();
    expect(result.count).toBe(expected.count);
    expect(Object.keys(result.means).sort()).toEqual(Object.keys(expected.means).sort());
    for (const [column, mean] of Object.entries(expected.means))
      expect(result.means[column]).toBeCloseTo(mean, 9);
    // The steps were printed as they happened.
    expect(output).toContain('• every node approved the analysis');
    expect(output).toContain('• build finished');
    expect(output).toContain('• aggregator: run finished');
  });
});
