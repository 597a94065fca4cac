/**
 * Lists at real sizes (issue 19): the same page of ten from the project, analysis (with its project)
 * and user lists at 10, 10,000 and 100,000 rows, on PostgreSQL, with the server's RSS after start and
 * at the end. The goal is a flat line: the 100,000-row list at least 80 % of the 10-row list; each
 * figure is also held against the throughput goal of its list (see CASES).
 * Run from the repository root: `npm run bench -- lists`.
 *
 * The rows are inserted straight into the server's database (one statement per size), so seeding
 * 100,000 rows takes seconds; the embedded database belongs to the server process and cannot be
 * seeded that way, so this benchmark runs on PostgreSQL only (`DATABASE_URL` or
 * `BENCH_DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/test) and says so when it is
 * not reachable. The user list includes the realm, as the web app asks for it, so its page cache
 * (which holds lists without relations) never answers. Writes bench/results/lists.json and prints ratios against the previous run.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../e2e/support/server.ts';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
  type Metrics,
} from './support/results.ts';
import { postgresReachable, serverRssBytes } from './support/server-probes.ts';

const RESULTS_NAME = 'lists';
const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';
const SIZES = [10, 10_000, 100_000];
const CONNECTIONS = 10;
const DURATION_SECONDS = 4;
const WARM_UP_SECONDS = 1;
/**
 * Before the first figure, each case runs this long unmeasured, so the 10-row list is not the one
 * that pays for the server's first compilations (which would flatter the ratios).
 */
const FIRST_WARM_UP_SECONDS = 3;
/** The largest list at least this share of the smallest one's speed. */
const FLATNESS_TARGET = 0.8;
const POSTGRES_URL =
  process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const MB = 1024 * 1024;

interface ListCase {
  readonly name: string;
  readonly path: string;
  /** Issue 19's goal: requests per second at the given sizes (every size when none are given). */
  readonly target: { readonly requestsPerSec: number; readonly sizes?: readonly number[] };
}

const CASES: ListCase[] = [
  { name: 'project list', path: '/core/projects?page[limit]=10', target: { requestsPerSec: 3_000 } },
  {
    name: 'analysis list (include=project)',
    path: '/core/analyses?include=project&page[limit]=10',
    target: { requestsPerSec: 2_000 },
  },
  // As the web app asks for it; a list with an included relation never comes from the page cache.
  {
    name: 'user list (include=realm)',
    path: '/auth/users?include=realm&page[limit]=10',
    target: { requestsPerSec: 3_000, sizes: [10_000] },
  },
];

/** "meets target 3,000/s", "below target …", or nothing when the case has no goal at this size. */
function targetVerdict(testCase: ListCase, rows: number, requestsPerSec: number): string {
  const { requestsPerSec: goal, sizes } = testCase.target;
  if (sizes && !sizes.includes(rows)) return '';
  return `${requestsPerSec >= goal ? 'meets' : 'below'} target ${formatNumber(goal)}/s`;
}

async function token(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Grows the three tables to `rows` rows each (projects, one analysis per project, users). */
async function seedTo(databaseUrl: string, rows: number, from: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ realm_id: realmId }] = (
      await client.query<{ realm_id: string }>(`SELECT id AS realm_id FROM auth_realms WHERE name = 'master'`)
    ).rows as [{ realm_id: string }];
    await client.query(
      `INSERT INTO projects (name, realm_id, created_at)
       SELECT 'bench-project-' || g, $1, now() - g * interval '1 second' FROM generate_series($2::int, $3::int) g`,
      [realmId, from + 1, rows],
    );
    await client.query(
      `INSERT INTO analyses (name, realm_id, project_id, created_at)
       SELECT 'bench-analysis-' || p.name, p.realm_id, p.id, p.created_at FROM projects p
       WHERE p.name LIKE 'bench-project-%' AND NOT EXISTS (SELECT 1 FROM analyses a WHERE a.project_id = p.id)`,
    );
    await client.query(
      `INSERT INTO auth_users (name, realm_id, created_at)
       SELECT 'bench-user-' || g, $1, now() - g * interval '1 second' FROM generate_series($2::int, $3::int) g`,
      [realmId, from + 1, rows],
    );
    // What autovacuum would do soon after such a load (the planner's estimates depend on it), done
    // now: an autovacuum worker starting in the middle of a measurement takes CPU from it.
    await client.query('VACUUM (ANALYZE) projects, analyses, auth_users');
  } finally {
    await client.end();
  }
}

function loadOptions(url: string, accessToken: string, testCase: ListCase): autocannon.Options {
  return {
    url: `${url}${testCase.path}`,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${accessToken}` },
  };
}

async function measure(url: string, accessToken: string, testCase: ListCase, rows: number): Promise<Metrics> {
  const options = loadOptions(url, accessToken, testCase);
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${testCase.name} at ${rows} rows: ${result.non2xx} non-2xx answers, ${result.errors} errors`,
    );
  }
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function main(): Promise<void> {
  if (!(await postgresReachable(POSTGRES_URL))) {
    console.log(
      `lists: PostgreSQL at ${POSTGRES_URL} is not reachable; this benchmark needs it (see the header).`,
    );
    return;
  }
  const previous = readPreviousResults(RESULTS_NAME);
  const results = emptyResults();
  // startServer gives the server a fresh PostgreSQL database when DATABASE_URL is set.
  process.env.DATABASE_URL = POSTGRES_URL;
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
    if (!server.databaseUrl) throw new Error('the server did not get a database of its own');
    const rssAfterStart = await serverRssBytes(server.url);
    console.log(`server RSS after start: ${formatNumber(rssAfterStart / MB)} MB`);
    const accessToken = await token(server.url);
    for (const testCase of CASES) {
      await autocannon({
        ...loadOptions(server.url, accessToken, testCase),
        duration: FIRST_WARM_UP_SECONDS,
      });
    }
    const bySize = new Map<string, number[]>();
    let seeded = 0;
    for (const rows of SIZES) {
      await seedTo(server.databaseUrl, rows, seeded);
      seeded = rows;
      for (const testCase of CASES) {
        const metrics = await measure(server.url, accessToken, testCase, rows);
        const key = `${testCase.name} @ ${rows}`;
        results.cases[key] = metrics;
        bySize.set(testCase.name, [...(bySize.get(testCase.name) ?? []), metrics.requestsPerSec!]);
        const before = previous?.cases[key]?.requestsPerSec;
        console.log(
          `${key.padEnd(48)} ${formatNumber(metrics.requestsPerSec!).padStart(7)}/s  p50 ${metrics.p50Ms} ms  p99 ${metrics.p99Ms} ms  ${targetVerdict(testCase, rows, metrics.requestsPerSec!).padEnd(24)}${ratioText(metrics.requestsPerSec!, before)}`,
        );
      }
    }
    const rssAtEnd = await serverRssBytes(server.url);
    results.cases['server RSS'] = {
      afterStartMb: Math.round(rssAfterStart / MB),
      atEndMb: Math.round(rssAtEnd / MB),
    };
    console.log(`server RSS at the end: ${formatNumber(rssAtEnd / MB)} MB`);
    for (const [name, figures] of bySize) {
      const flatness = figures.at(-1)! / figures[0]!;
      const verdict = flatness >= FLATNESS_TARGET ? 'meets' : 'below';
      console.log(
        `${name}: ${formatNumber(SIZES.at(-1)!)} rows at ${(flatness * 100).toFixed(0)} % of ${SIZES[0]} rows (${verdict} the ${FLATNESS_TARGET * 100} % target)`,
      );
    }
    console.log(`results: ${writeResults(RESULTS_NAME, results)}`);
  } finally {
    await server.destroy();
  }
}

await main();
