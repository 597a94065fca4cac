/**
 * Results of a benchmark run: `bench/results/<name>.json` holds the figures of the last run of one
 * benchmark, so the next run can print how it compares.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Named figures of one case, e.g. `{ opsPerSec }` or `{ requestsPerSec, p50Ms, p99Ms }`. */
export type Metrics = Record<string, number>;

export interface BenchResults<M extends Metrics = Metrics> {
  generatedAt: string;
  node: string;
  /** The machine at the start of the run: figures from a busy or smaller machine are not comparable. */
  machine?: { cpus: number; loadAverage1m: number };
  cases: Record<string, M>;
}

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function resultsPath(name: string): string {
  return join(RESULTS_DIR, `${name}.json`);
}

/** The previous run's results, or undefined when there are none (or they cannot be read). */
export function readPreviousResults<M extends Metrics>(name: string): BenchResults<M> | undefined {
  const file = resultsPath(name);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BenchResults<M>;
  } catch {
    return undefined;
  }
}

export function emptyResults<M extends Metrics>(): BenchResults<M> {
  return {
    generatedAt: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.availableParallelism(), loadAverage1m: Number(os.loadavg()[0]!.toFixed(2)) },
    cases: {},
  };
}

/** Writes the results and returns the file they were written to. */
export function writeResults(name: string, results: BenchResults): string {
  const file = resultsPath(name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

export const formatNumber = (value: number, fractionDigits = 0): string =>
  value.toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });

/**
 * How a figure compares with the previous run's, e.g. `x1.07 vs previous 1,234`; empty without a
 * previous figure. A ratio above 1 means more of whatever the figure counts.
 */
export function ratioText(current: number, previous: number | undefined, fractionDigits = 0): string {
  if (previous === undefined || !Number.isFinite(previous) || previous <= 0) return '';
  return `x${(current / previous).toFixed(2)} vs previous ${formatNumber(previous, fractionDigits)}`;
}
