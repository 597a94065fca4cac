/**
 * Throughput of the permission checker (packages/policy) on one core.
 * Run from the repository root: `npx tsx bench/policy.bench.ts`.
 * Prints operations per second per case, writes bench/results/policy.json and, when a previous
 * result exists, the ratio against it. Target: at least 100,000 full checks per second.
 */
import {
  MemoryPermissionBindingProvider,
  MemoryPermissionProvider,
  PermissionChecker,
  PolicyEngine,
  buildDefaultPolicy,
} from '@federa/policy';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
} from './support/results.ts';

type Case = { name: string; run: () => Promise<void> };
type Metrics = { opsPerSec: number };

const FULL_CHECK_TARGET = 100_000;
const BATCH = 1_000;
const SAMPLES = 5;
const SAMPLE_MS = 1_000;
const RESULTS_NAME = 'policy';

// A realm user updating a record of its own realm: the default policy evaluates all three
// children (a master-realm identity would short-cut realmMatch).
const identity = {
  type: 'user',
  id: '5f0c7b5e-3d1a-4c39-9c43-8e1c2f0a9b11',
  realmId: 'b7e1c0de-0000-4000-8000-000000000001',
  realmName: 'acme',
};
const record = {
  id: '0d9e8f7a-1111-4222-8333-944455556666',
  name: 'analysis-17',
  description: 'A record as the server passes it: entity fields merged with the request body.',
  realm_id: identity.realmId,
  project_id: '9a8b7c6d-aaaa-4bbb-8ccc-dddd00001111',
  user_id: identity.id,
  created_at: '2024-05-01T10:00:00.000Z',
  updated_at: '2024-05-02T10:00:00.000Z',
};

const engine = new PolicyEngine({
  permissionBindings: new MemoryPermissionBindingProvider([
    { identity, permission: { name: 'analysis_update' } },
    { identity, permission: { name: 'project_read' } },
  ]),
});
const checker = new PermissionChecker({
  engine,
  provider: new MemoryPermissionProvider([
    { name: 'analysis_update', policy: buildDefaultPolicy() },
    { name: 'project_read' },
  ]),
});

const preCheckInput = { identity };
const fullCheckInput = { identity, attributes: record };

const cases: Case[] = [
  {
    name: 'policy: pre-check (policy-less permission)',
    run: () => checker.preCheck({ name: 'project_read', input: preCheckInput }),
  },
  {
    name: 'policy: full check (default policy)',
    run: () => checker.check({ name: 'analysis_update', input: fullCheckInput }),
  },
];

async function batch(run: () => Promise<void>): Promise<void> {
  for (let i = 0; i < BATCH; i += 1) await run();
}

/** Median operations per second over several timed samples, after a warm-up. */
async function measure(run: () => Promise<void>): Promise<number> {
  const warmUpEnd = performance.now() + 300;
  while (performance.now() < warmUpEnd) await batch(run);

  const rates: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    let operations = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < SAMPLE_MS) {
      await batch(run);
      operations += BATCH;
      elapsed = performance.now() - start;
    }
    rates.push((operations * 1000) / elapsed);
  }
  rates.sort((a, b) => a - b);
  return Math.round(rates[Math.floor(rates.length / 2)] ?? 0);
}

async function main(): Promise<void> {
  // Sanity: both cases must grant, or the figures would measure the error path.
  for (const { name, run } of cases) {
    await run().catch((error: unknown) => {
      throw new Error(`${name} does not grant access: ${String(error)}`);
    });
  }

  const previous = readPreviousResults<Metrics>(RESULTS_NAME);
  const results = emptyResults<Metrics>();
  const width = Math.max(...cases.map((c) => c.name.length)) + 2;

  for (const { name, run } of cases) {
    const opsPerSec = await measure(run);
    results.cases[name] = { opsPerSec };
    const ratio = ratioText(opsPerSec, previous?.cases[name]?.opsPerSec);
    console.log(
      `${name.padEnd(width)}${formatNumber(opsPerSec).padStart(12)} ops/s${ratio ? `  (${ratio})` : ''}`,
    );
  }

  const full = results.cases['policy: full check (default policy)']?.opsPerSec ?? 0;
  console.log(
    `policy: target ${formatNumber(FULL_CHECK_TARGET)} full checks/s: ${full >= FULL_CHECK_TARGET ? 'met' : 'NOT met'}`,
  );
  console.log(`policy: results written to ${writeResults(RESULTS_NAME, results)}`);
}

await main();
