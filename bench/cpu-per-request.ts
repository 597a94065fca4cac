/**
 * CPU time per request of the server and of PostgreSQL (issue 19), besides requests per second:
 * on a machine shared with other work, requests per second swing with the load while CPU per
 * request hardly does, so A/B comparisons read this. Starts the server (API role) on a fresh
 * PostgreSQL database, seeds ROWS projects, analyses and users (default 10,000), and drives each
 * path given (or `create`, a project create per request) at 10 connections for 5 s.
 * PostgreSQL's share is the CPU of the backends connected to the server's database (Linux /proc).
 * `npx tsx bench/cpu-per-request.ts '/core/projects?page[limit]=10' create`.
 * Not a `*.bench.ts`: `npm run bench` does not run it.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import { seedListRows } from './support/seed-list-rows.ts';
import { serverCpuSeconds } from './support/server-probes.ts';
import { projectCreateRequests } from './support/project-create-requests.ts';

const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';
const ROWS = Number(process.env.ROWS ?? 10_000);
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds the given processes used so far (utime + stime from /proc); gone ones count 0. */
function cpuSecondsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the backend ended
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

function optionsFor(url: string, token: string, path: string): autocannon.Options {
  const authorization = `Bearer ${token}`;
  if (path !== 'create') return { url: `${url}${path}`, connections: 10, headers: { authorization } };
  return {
    url,
    connections: 10,
    headers: { authorization, 'content-type': 'application/json' },
    requests: projectCreateRequests('cpu-create'),
  };
}

process.env.DATABASE_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const server = await startServer({
  env: {
    ADMIN_PASSWORD,
    TOKEN_RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_MINUTE_ANONYMOUS: '0',
    RATE_LIMIT_PER_MINUTE_USER: '0',
    ROLES: 'api',
  },
});
const watcher = new pg.Client({ connectionString: server.databaseUrl });
try {
  await watcher.connect();
  if (ROWS > 0) await seedListRows(watcher, ROWS);
  const response = await fetch(`${server.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  for (const path of process.argv.slice(2)) {
    const options = optionsFor(server.url, token, path);
    await autocannon({ ...options, duration: 1 });
    const backends = await watcher.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const pids = backends.rows.map((row) => row.pid);
    const serverBefore = await serverCpuSeconds(server.url);
    const postgresBefore = cpuSecondsOf(pids);
    const result = await autocannon({ ...options, duration: 5 });
    const serverAfter = await serverCpuSeconds(server.url);
    const postgresAfter = cpuSecondsOf(pids);
    const perRequest = (seconds: number) => ((seconds * 1000) / result.requests.total).toFixed(3);
    console.log(
      `${path.padEnd(48)} ${String(Math.round(result.requests.average)).padStart(5)}/s  ` +
        `CPU per request: server ${perRequest(serverAfter - serverBefore)} ms, ` +
        `postgres ${perRequest(postgresAfter - postgresBefore)} ms` +
        (result.non2xx + result.errors > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : ''),
    );
  }
} finally {
  await watcher.end().catch(() => undefined);
  await server.destroy();
}
