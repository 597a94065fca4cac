/**
 * CPU profile of the server under one benchmark load (issue 19): starts the server on a fresh
 * PostgreSQL database with `--cpu-prof`, seeds `rows` projects, analyses and users, drives one case
 * with autocannon (10 connections), stops the server and prints where its CPU time went (see
 * support/cpu-profile-summary.ts), with the server's CPU time per request.
 * `npx tsx bench/profile.ts <projects|analyses|users|create> [rows=10000] [seconds=8]`.
 * Not a `*.bench.ts`: `npm run bench` does not run it.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { seedListRows } from './support/seed-list-rows.ts';
import { serverCpuSeconds } from './support/server-probes.ts';
import { summarizeProfile } from './support/cpu-profile-summary.ts';
import { projectCreateRequests } from './support/project-create-requests.ts';

const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const [caseName = 'projects', rowsText = '10000', secondsText = '8'] = process.argv.slice(2);
const rows = Number(rowsText);
const seconds = Number(secondsText);

async function seed(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedListRows(client, rows);
  } finally {
    await client.end();
  }
}

function options(url: string, token: string): autocannon.Options {
  const authorization = `Bearer ${token}`;
  switch (caseName) {
    case 'projects':
      return { url: `${url}/core/projects?page[limit]=10`, headers: { authorization } };
    case 'analyses':
      return { url: `${url}/core/analyses?include=project&page[limit]=10`, headers: { authorization } };
    case 'users':
      return { url: `${url}/auth/users?include=realm&page[limit]=10`, headers: { authorization } };
    case 'create': {
      return {
        url,
        headers: { authorization, 'content-type': 'application/json' },
        requests: projectCreateRequests('profile-create'),
      };
    }
    default:
      throw new Error(`unknown case ${caseName}`);
  }
}

const profileDir = mkdtempSync(path.join(os.tmpdir(), 'federa-profile-'));
process.env.DATABASE_URL = POSTGRES_URL;
const server = await startServer({
  env: {
    ADMIN_PASSWORD,
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
    TOKEN_RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_MINUTE_ANONYMOUS: '0',
    RATE_LIMIT_PER_MINUTE_USER: '0',
    RATE_LIMIT_PER_MINUTE_MACHINE: '0',
    ROLES: 'api',
    ...(process.env.PROFILE_LOG_LEVEL ? { LOG_LEVEL: process.env.PROFILE_LOG_LEVEL } : {}),
  },
});
try {
  await seed(server.databaseUrl!);
  const response = await fetch(`${server.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  const base = { ...options(server.url, token), connections: 10 };
  await autocannon({ ...base, duration: 2 });
  const cpuBefore = await serverCpuSeconds(server.url);
  const result = await autocannon({ ...base, duration: seconds });
  const cpuAfter = await serverCpuSeconds(server.url);
  console.log(
    `${caseName} @ ${rows}: ${Math.round(result.requests.average)}/s, p50 ${result.latency.p50} ms, ` +
      `server CPU ${(((cpuAfter - cpuBefore) * 1000) / result.requests.total).toFixed(3)} ms/request, ` +
      `${result.non2xx} non-2xx, ${result.errors} errors`,
  );
} finally {
  await server.destroy();
}
// The server writes its profile on exit; the largest one in the folder is the server's.
const [largest] = readdirSync(profileDir)
  .map((name) => path.join(profileDir, name))
  .sort((a, b) => statSync(b).size - statSync(a).size);
if (!largest) throw new Error(`no profile in ${profileDir}`);
console.log(`profile: ${largest}`);
console.log(summarizeProfile(largest, Number(process.env.PROFILE_TOP ?? 35)));
