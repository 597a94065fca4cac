/**
 * Throughput and latency of the identity server's busiest endpoints, measured over HTTP with
 * autocannon against the real server process (as `npm start` runs it, API role only), once on the
 * embedded database and once on PostgreSQL.
 * Run from the repository root: `npm run bench -- auth` (or `npx tsx bench/auth.bench.ts`).
 *
 * Seeds 1,000 users, a confidential client and an admin session, then runs each case for a few
 * seconds at 10 connections after a short warm-up: password grant, client credentials grant,
 * introspection (of the admin's access token, whose subject holds every permission), a user list
 * page (served from the list cache after the first request, as a polled page is), and user list
 * pages that always miss the cache (for information, no target). The token endpoint's rate limit is switched off for the run (TOKEN_RATE_LIMIT_PER_MINUTE=0);
 * the login throttle only counts failures and the benchmark only signs in successfully.
 * PostgreSQL: `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/test); each run uses
 * a fresh database that is dropped afterwards. Without a reachable PostgreSQL that part is skipped.
 * Prints requests per second, p50/p99 latency and the server's CPU time per request (read from its
 * /metrics before and after each case; a figure that hardly depends on how busy the machine is).
 * Writes bench/results/auth.json and prints ratios against the previous run. Targets (PostgreSQL):
 * password grant >= 80/s, client credentials >= 1,500/s, introspection >= 5,000/s, user list
 * >= 3,000/s; a missed target is reported as "below", it does not fail the run.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresReachable, serverCpuSeconds } from './support/server-probes.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
  type BenchResults,
} from './support/results.ts';

/** `serverCpuMsPerRequest`: CPU time of the server process (all its threads) per request. */
type Metrics = { requestsPerSec: number; p50Ms: number; p99Ms: number; serverCpuMsPerRequest: number };
type DatabaseKind = 'embedded' | 'postgres';

const RESULTS_NAME = 'auth';
const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';
const LOGIN_NAME = 'bench-login';
const LOGIN_PASSWORD = 'Bench-Login-Passw0rd';
const USER_COUNT = 1_000;
const CONNECTIONS = 10;
const DURATION_SECONDS = 5;
const WARM_UP_SECONDS = 1;
const SEED_CONCURRENCY = 10;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface Case {
  name: string;
  /** Requests per second to reach on PostgreSQL; none for a case measured for information. */
  target?: number;
  request: (fixture: Fixture) => Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'requests'>;
}

interface Fixture {
  url: string;
  adminToken: string;
  client: { id: string; secret: string };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

const CASES: Case[] = [
  {
    name: 'password grant',
    target: 80,
    request: ({ url }) => ({
      url: `${url}/auth/token`,
      method: 'POST',
      headers: form,
      body: new URLSearchParams({
        grant_type: 'password',
        username: LOGIN_NAME,
        password: LOGIN_PASSWORD,
      }).toString(),
    }),
  },
  {
    name: 'client credentials grant',
    target: 1_500,
    request: ({ url, client }) => ({
      url: `${url}/auth/token`,
      method: 'POST',
      headers: {
        ...form,
        authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    }),
  },
  {
    name: 'introspection',
    target: 5_000,
    request: ({ url, adminToken }) => ({
      url: `${url}/auth/token/introspect`,
      method: 'POST',
      headers: form,
      body: new URLSearchParams({ token: adminToken }).toString(),
    }),
  },
  {
    name: 'user list (10 per page)',
    target: 3_000,
    request: ({ url, adminToken }) => ({
      url: `${url}/auth/users?page[limit]=10`,
      method: 'GET',
      headers: { authorization: `Bearer ${adminToken}` },
    }),
  },
  {
    // Pages of the user list are kept in memory until the users change; this case asks for 991
    // offsets in turn, more than are kept, so every request reads the database.
    name: 'user list, uncached',
    request: ({ url, adminToken }) => {
      let next = 0;
      return {
        url: `${url}/auth/users?page[limit]=10`,
        method: 'GET',
        headers: { authorization: `Bearer ${adminToken}` },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/auth/users?page[limit]=10&page[offset]=${next++ % 991}`,
            }),
          },
        ],
      };
    },
  },
];

/**
 * `BENCH_CASES=list,introspection` (and `BENCH_POSTGRES_ONLY=1`) runs only the cases whose name contains one of the words, e.g.
 * while profiling one of them; a filtered run does not replace the saved results.
 */
const postgresOnly = process.env.BENCH_POSTGRES_ONLY === '1';
const caseFilter = (process.env.BENCH_CASES ?? '').split(',').filter(Boolean);
const selectedCases = () =>
  caseFilter.length === 0
    ? CASES
    : CASES.filter((item) => caseFilter.some((word) => item.name.includes(word)));

async function api<T>(url: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}

/** 1,000 users in all: the one that signs in (with a password), the rest without. */
async function seedUsers(server: RunningServer & { databaseUrl?: string }, adminToken: string) {
  const login = await api<{ realm_id: string }>(server.url, '/auth/users', {
    token: adminToken,
    body: { name: LOGIN_NAME, password: LOGIN_PASSWORD },
  });
  const remaining = USER_COUNT - 1;
  if (server.databaseUrl) {
    // On PostgreSQL directly, in one statement: the list and the grants only need the rows.
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO auth_users (name, display_name, realm_id)
         SELECT 'bench-user-' || i, 'Bench user ' || i, $1 FROM generate_series(1, $2::int) AS i`,
        [login.realm_id, remaining],
      );
    } finally {
      await client.end();
    }
    return;
  }
  // The embedded database belongs to the server process, so the rows go through the API.
  let next = 1;
  const worker = async () => {
    while (next <= remaining) {
      const index = next;
      next += 1;
      await api(server.url, '/auth/users', {
        token: adminToken,
        body: { name: `bench-user-${index}`, display_name: `Bench user ${index}` },
      });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

async function prepare(server: RunningServer & { databaseUrl?: string }): Promise<Fixture> {
  const session = await api<{ access_token: string }>(server.url, '/auth/token', {
    body: { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
  });
  const adminToken = session.access_token;
  const client = await api<{ id: string; secret: string }>(server.url, '/auth/clients', {
    token: adminToken,
    body: { name: 'bench-client', is_confidential: true },
  });
  await seedUsers(server, adminToken);
  const users = await api<{ meta: { total: number } }>(server.url, '/auth/users', { token: adminToken });
  if (users.meta.total < USER_COUNT) throw new Error(`seeding left only ${users.meta.total} users`);
  return { url: server.url, adminToken, client: { id: client.id, secret: client.secret } };
}

/** One request of the case must succeed, or the figures would measure an error path. */
async function assertSucceeds(name: string, options: ReturnType<Case['request']>): Promise<void> {
  const response = await fetch(options.url!, {
    method: options.method,
    headers: options.headers as Record<string, string>,
    body: options.body as string | undefined,
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
}

async function measure(
  serverUrl: string,
  options: ReturnType<Case['request']>,
): Promise<Metrics & { failed: number }> {
  const base = { ...options, connections: CONNECTIONS } as autocannon.Options;
  await autocannon({ ...base, duration: WARM_UP_SECONDS });
  const cpuBefore = await serverCpuSeconds(serverUrl);
  const result = await autocannon({ ...base, duration: DURATION_SECONDS });
  const cpuAfter = await serverCpuSeconds(serverUrl);
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    serverCpuMsPerRequest: Number(
      (((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total)).toFixed(2),
    ),
    failed: result.non2xx + result.errors,
  };
}

async function runOn(
  kind: DatabaseKind,
  previous: BenchResults<Metrics> | undefined,
  results: BenchResults<Metrics>,
): Promise<void> {
  // startServer gives the server a fresh PostgreSQL database when DATABASE_URL is set.
  if (kind === 'postgres') process.env.DATABASE_URL = POSTGRES_URL;
  else delete process.env.DATABASE_URL;
  const server = await startServer({
    env: {
      ADMIN_PASSWORD,
      TOKEN_RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_MINUTE_ANONYMOUS: '0',
      RATE_LIMIT_PER_MINUTE_USER: '0',
      RATE_LIMIT_PER_MINUTE_MACHINE: '0',
      ROLES: 'api',
    },
  });
  try {
    const started = performance.now();
    const fixture = await prepare(server);
    console.log(
      `auth [${kind}]: seeded ${formatNumber(USER_COUNT)} users in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const testCase of selectedCases()) {
      const options = testCase.request(fixture);
      await assertSucceeds(testCase.name, options);
      const { failed, ...metrics } = await measure(fixture.url, options);
      const key = `${kind}: ${testCase.name}`;
      results.cases[key] = metrics;

      const verdict =
        kind === 'postgres' && testCase.target !== undefined
          ? `${metrics.requestsPerSec >= testCase.target ? 'meets' : 'below'} target ${formatNumber(testCase.target)}/s`
          : '';
      const ratio = ratioText(metrics.requestsPerSec, previous?.cases[key]?.requestsPerSec);
      console.log(
        [
          `auth [${kind}]`.padEnd(17),
          testCase.name.padEnd(26),
          `${formatNumber(metrics.requestsPerSec).padStart(7)} req/s`,
          `p50 ${formatNumber(metrics.p50Ms, 1).padStart(7)} ms`,
          `p99 ${formatNumber(metrics.p99Ms, 1).padStart(7)} ms`,
          `server CPU ${formatNumber(metrics.serverCpuMsPerRequest, 2).padStart(6)} ms/req`,
          verdict.padEnd(24),
          ratio ? `(${ratio})` : '',
          failed > 0 ? `WARNING: ${failed} failed requests` : '',
        ]
          .join('  ')
          .trimEnd(),
      );
    }
  } finally {
    await server.destroy();
  }
}

async function main(): Promise<void> {
  const previous = readPreviousResults<Metrics>(RESULTS_NAME);
  const results = emptyResults<Metrics>();
  if (results.machine) {
    console.log(
      `auth: ${results.machine.cpus} CPUs, load average ${results.machine.loadAverage1m} at the start` +
        ` (the load generator, the server and PostgreSQL share them)`,
    );
  }
  const originalDatabaseUrl = process.env.DATABASE_URL;
  try {
    if (!postgresOnly) await runOn('embedded', previous, results);
    if (await postgresReachable(POSTGRES_URL)) await runOn('postgres', previous, results);
    else {
      console.warn(
        `auth: POSTGRESQL PART SKIPPED: ${POSTGRES_URL} is not reachable; start PostgreSQL or set BENCH_DATABASE_URL.`,
      );
    }
  } finally {
    if (originalDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = originalDatabaseUrl;
  }
  if (caseFilter.length === 0 && !postgresOnly)
    console.log(`auth: results written to ${writeResults(RESULTS_NAME, results)}`);
}

await main();
