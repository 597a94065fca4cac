/**
 * `npm run bench`: runs every `bench/*.bench.ts` one after the other, each in a process of its own
 * (so one benchmark's warm caches and timers never skew the next), with its output passed through.
 * `npm run bench -- auth` runs only the benchmarks whose file name contains one of the arguments.
 * Missed targets are reported by the benchmarks themselves and do not fail the run; a benchmark
 * that crashes does.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../apps/server/scripts/bundle-server.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = join(BENCH_DIR, '..');

function runBenchmark(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const files = readdirSync(BENCH_DIR)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
    .sort()
    .map((name) => join(BENCH_DIR, name));
  if (files.length === 0) {
    console.error(`No benchmark matches ${filters.join(', ')}.`);
    return 1;
  }

  // The benchmarks start the server from its bundle, as `npm start` does: build it from these sources.
  await buildServer();
  const failed: string[] = [];
  for (const file of files) {
    const name = relative(REPO_ROOT, file);
    console.log(`\n=== ${name}`);
    const started = performance.now();
    const code = await runBenchmark(file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`=== ${name}: ${code === 0 ? 'done' : `FAILED (exit code ${code})`} in ${seconds} s`);
    if (code !== 0) failed.push(name);
  }
  if (failed.length > 0) console.error(`\nFailed benchmarks: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
