/**
 * The server's memory after start (issue 19): resident memory once started and settled, and the
 * peak of its start-up, for the embedded database (a first start: a new data directory) and, when
 * reachable, PostgreSQL. Goals: PostgreSQL idle at most 200 MB; embedded idle at most 450 MB with
 * no start-up peak above 700 MB. Linux only (reads /proc). Run from the repository root:
 * `npm run bench -- memory`. Writes bench/results/memory.json and prints ratios against the
 * previous run. Where the memory goes and why: docs/architecture.md, "Memory".
 */
import { startServer } from '../e2e/support/server.ts';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
} from './support/results.ts';
import { postgresReachable, processMemoryBytes, serverPidOf } from './support/server-probes.ts';

const RESULTS_NAME = 'memory';
const MB = 1024 * 1024;
/** How long the server is left alone after it answers before it is measured. */
const SETTLE_MS = 5_000;
const POSTGRES_URL =
  process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Case {
  name: string;
  databaseUrl: string | undefined;
  idleGoalMb: number;
  peakGoalMb: number | undefined;
}

async function measure(testCase: Case): Promise<{ idleMb: number; peakMb: number }> {
  // startServer gives the server a fresh PostgreSQL database when DATABASE_URL is set.
  if (testCase.databaseUrl) process.env.DATABASE_URL = testCase.databaseUrl;
  else delete process.env.DATABASE_URL;
  const server = await startServer({ env: { ROLES: 'api,realtime,worker' } });
  try {
    const pid = serverPidOf(server.dataDir);
    if (!pid) throw new Error('the server process was not found in /proc');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return {
      idleMb: Math.round(processMemoryBytes(pid, 'VmRSS') / MB),
      peakMb: Math.round(processMemoryBytes(pid, 'VmHWM') / MB),
    };
  } finally {
    await server.destroy();
  }
}

async function main(): Promise<void> {
  const previous = readPreviousResults(RESULTS_NAME);
  const results = emptyResults();
  const cases: Case[] = [
    { name: 'embedded (PGlite), first start', databaseUrl: undefined, idleGoalMb: 450, peakGoalMb: 700 },
  ];
  if (await postgresReachable(POSTGRES_URL)) {
    cases.push({ name: 'PostgreSQL', databaseUrl: POSTGRES_URL, idleGoalMb: 200, peakGoalMb: undefined });
  } else {
    console.log(
      `memory: PostgreSQL at ${POSTGRES_URL} is not reachable; measuring the embedded database only.`,
    );
  }
  for (const testCase of cases) {
    const { idleMb, peakMb } = await measure(testCase);
    results.cases[testCase.name] = { idleMb, peakMb };
    const before = previous?.cases[testCase.name];
    const verdict = (value: number, goal: number | undefined) =>
      goal === undefined ? '' : ` (goal ≤ ${goal} MB: ${value <= goal ? 'met' : 'MISSED'})`;
    console.log(
      `${testCase.name.padEnd(32)} idle ${formatNumber(idleMb).padStart(5)} MB${verdict(idleMb, testCase.idleGoalMb)}  ${ratioText(idleMb, before?.idleMb)}`,
    );
    console.log(
      `${''.padEnd(32)} start-up peak ${formatNumber(peakMb).padStart(5)} MB${verdict(peakMb, testCase.peakGoalMb)}  ${ratioText(peakMb, before?.peakMb)}`,
    );
  }
  console.log(`results: ${writeResults(RESULTS_NAME, results)}`);
}

await main();
