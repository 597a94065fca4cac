/**
 * Throughput, latency and memory of the hub API (issue 6, item 8), measured over HTTP against the
 * real server process (as `npm start` runs it, API role only).
 * Run from the repository root: `npm run bench -- hub` (or `npx tsx bench/hub.bench.ts`).
 *
 * Cases, each for a few seconds at 10 connections after a short warm-up (autocannon):
 * - `GET /core/projects?page[limit]=10` with 1,000 projects;
 * - `GET /core/analyses?include=project&page[limit]=10` with 1,000 analyses;
 * - project create (`POST /core/projects`, a new name per request);
 * - an analysis command (`POST /core/analyses/{id}/command`): each connection cycles a locked analysis
 *   of its own through buildStart, buildStop, buildStop (see analysisCommandCase);
 * the analysis cases are skipped with a printed note when the server has no `/core/analyses`;
 * - a 100 MB file uploaded to `POST /storage/buckets/{id}/upload` (multipart, streamed from the
 *   benchmark, never held whole) and the bucket streamed back from `GET /storage/buckets/{id}/stream`,
 *   three times each: MB/s.
 * For every case it prints requests per second, p50/p99 latency, the server's CPU time per request
 * and the server's peak resident memory (RSS) during the case (Linux: the kernel's high-water mark
 * of the server process, reset before each case; elsewhere sampled from /metrics).
 *
 * Databases: with `DATABASE_URL` set, only on that PostgreSQL; otherwise on the embedded database
 * and then on PostgreSQL at `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/test)
 * when it is reachable. Each run uses a fresh database that is dropped afterwards.
 * Writes bench/results/hub.json and prints ratios against the previous run. Targets (PostgreSQL,
 * printed, never failing the run): see TARGETS.
 */
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  postgresReachable,
  processMemoryBytes,
  serverCpuSeconds,
  serverPidOf,
  serverRssBytes,
} from './support/server-probes.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { projectCreateRequests } from './support/project-create-requests.ts';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
  type BenchResults,
  type Metrics,
} from './support/results.ts';

type DatabaseKind = 'embedded' | 'postgres';

const RESULTS_NAME = 'hub';
const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';
const PROJECT_COUNT = 1_000;
const ANALYSIS_COUNT = 1_000;
const CONNECTIONS = 10;
const DURATION_SECONDS = 5;
const WARM_UP_SECONDS = 1;
const SEED_CONCURRENCY = 10;
const UPLOAD_BYTES = 100 * 1024 * 1024;
const UPLOAD_ROUNDS = 3;
const MB = 1024 * 1024;
const POSTGRES_URL =
  process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Targets on PostgreSQL (issue 19: 2 cores, the load generator on the same machine, 10
 * connections); a miss is reported as "below", it does not fail the run.
 */
const TARGETS = {
  projectList: 3_000,
  analysisList: 2_000,
  projectCreate: 1_500,
  analysisCommand: 1_000,
  uploadMbPerSec: 50,
  streamMbPerSec: 100,
  /** The upload streams: the server grows by far less than the size of the file. */
  uploadRssGrowthMb: 30,
};

interface Fixture {
  url: string;
  token: string;
  memory: MemoryProbe;
}

interface RequestCase {
  name: string;
  target: number;
  options: Pick<autocannon.Options, 'url' | 'method' | 'headers' | 'body' | 'requests'>;
  /** Brings the server's state back to where the case starts; runs before the warm-up and the run. */
  reset?: () => Promise<void>;
}

// --------------------------------------------------------------------------------------------------
// Server memory

/**
 * The peak resident memory of the server process. On Linux it reads the kernel's high-water mark
 * (VmHWM) of the process, found by its data directory, and resets it before each case (clear_refs);
 * elsewhere it samples process_resident_memory_bytes from /metrics every 50 ms.
 */
class MemoryProbe {
  private samplePeak = 0;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly url: string,
    private readonly pid: number | undefined,
  ) {}

  static async attach(server: RunningServer): Promise<MemoryProbe> {
    return new MemoryProbe(server.url, serverPidOf(server.dataDir));
  }

  get source(): string {
    return this.pid ? `VmHWM of pid ${this.pid}` : 'sampled from /metrics';
  }

  /** Current RSS in bytes. */
  async current(): Promise<number> {
    if (this.pid) return processMemoryBytes(this.pid, 'VmRSS');
    return serverRssBytes(this.url);
  }

  /** Starts a new measuring window. */
  async reset(): Promise<void> {
    if (this.pid) {
      try {
        // "5" resets the peak resident set size of the process (proc(5), clear_refs).
        writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
        return;
      } catch {
        // fall back to sampling below
      }
    }
    this.stop();
    this.samplePeak = await serverRssBytes(this.url);
    this.timer = setInterval(() => {
      void serverRssBytes(this.url)
        .then((value) => (this.samplePeak = Math.max(this.samplePeak, value)))
        .catch(() => undefined);
    }, 50);
  }

  /** The peak RSS in bytes since the last reset. */
  async peak(): Promise<number> {
    if (this.pid && !this.timer) return processMemoryBytes(this.pid, 'VmHWM');
    this.samplePeak = Math.max(this.samplePeak, await serverRssBytes(this.url));
    return this.samplePeak;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

// --------------------------------------------------------------------------------------------------
// API helpers

async function api<T>(
  url: string,
  path: string,
  init: { token?: string; body?: unknown; method?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function apiOk<T>(url: string, path: string, init: Parameters<typeof api>[2] = {}): Promise<T> {
  const { status, body } = await api<T>(url, path, init);
  if (status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Whether the server has a route at the path (an unknown route answers code route_not_found). */
async function routeExists(fixture: Fixture, path: string): Promise<boolean> {
  const { status, body } = await api<{ code?: string }>(fixture.url, path, { token: fixture.token });
  return !(status === 404 && body?.code === 'route_not_found');
}

// --------------------------------------------------------------------------------------------------
// Seeding

async function seedProjects(server: RunningServer & { databaseUrl?: string }, token: string) {
  const me = await apiOk<{ id: string; realm_id: string }>(server.url, '/auth/users/@me', { token });
  if (server.databaseUrl) {
    // On PostgreSQL directly, in one statement: the list only needs the rows.
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO projects (name, description, realm_id, user_id)
         SELECT 'bench-project-' || i, 'Benchmark project ' || i, $1, $2
         FROM generate_series(1, $3::int) AS i`,
        [me.realm_id, me.id, PROJECT_COUNT],
      );
    } finally {
      await client.end();
    }
    return;
  }
  // The embedded database belongs to the server process, so the rows go through the API.
  let next = 1;
  const worker = async () => {
    while (next <= PROJECT_COUNT) {
      const index = next;
      next += 1;
      await apiOk(server.url, '/core/projects', {
        token,
        body: { name: `bench-project-${index}`, description: `Benchmark project ${index}` },
      });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

/** 1,000 analyses, one per seeded project. */
async function seedAnalyses(server: RunningServer & { databaseUrl?: string }, token: string) {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO analyses (name, description, project_id, realm_id, user_id)
         SELECT 'bench-analysis-' || row_number() OVER (ORDER BY name), 'Benchmark analysis', id, realm_id, user_id
         FROM projects WHERE name LIKE 'bench-project-%' ORDER BY name LIMIT $1`,
        [ANALYSIS_COUNT],
      );
    } finally {
      await client.end();
    }
    return;
  }
  const projects: string[] = [];
  for (let offset = 0; projects.length < ANALYSIS_COUNT; offset += 50) {
    const page = await apiOk<{ data: Array<{ id: string }> }>(
      server.url,
      `/core/projects?filter[name]=~bench-project-&page[limit]=50&page[offset]=${offset}&fields=id`,
      { token },
    );
    if (page.data.length === 0) break;
    projects.push(...page.data.map((project) => project.id));
  }
  let next = 0;
  const worker = async () => {
    while (next < Math.min(ANALYSIS_COUNT, projects.length)) {
      const index = next;
      next += 1;
      await apiOk(server.url, '/core/analyses', {
        token,
        body: { project_id: projects[index], name: `bench-analysis-${index + 1}` },
      });
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

// --------------------------------------------------------------------------------------------------
// Cases

function projectListCase(fixture: Fixture): RequestCase {
  return {
    name: `project list (10 of ${formatNumber(PROJECT_COUNT)})`,
    target: TARGETS.projectList,
    options: {
      url: `${fixture.url}/core/projects?page[limit]=10`,
      method: 'GET',
      headers: { authorization: `Bearer ${fixture.token}` },
    },
  };
}

function analysisListCase(fixture: Fixture): RequestCase {
  return {
    name: `analysis list (include=project, 10 of ${formatNumber(ANALYSIS_COUNT)})`,
    target: TARGETS.analysisList,
    options: {
      url: `${fixture.url}/core/analyses?include=project&page[limit]=10`,
      method: 'GET',
      headers: { authorization: `Bearer ${fixture.token}` },
    },
  };
}

function projectCreateCase(fixture: Fixture): RequestCase {
  return {
    name: 'project create',
    target: TARGETS.projectCreate,
    options: {
      url: fixture.url,
      headers: { authorization: `Bearer ${fixture.token}`, 'content-type': 'application/json' },
      requests: projectCreateRequests('bench-create'),
    },
  };
}

/** Uploads one small file into a storage bucket (multipart, as the web app does). */
async function uploadEntrypoint(fixture: Fixture, bucketId: string): Promise<string> {
  const form = new FormData();
  form.append('files[0]', new Blob(['print("benchmark")\n']), 'main.py');
  const response = await fetch(`${fixture.url}/storage/buckets/${bucketId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.token}` },
    body: form,
  });
  const body = (await response.json()) as { data: Array<{ id: string }> };
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
  return body.data[0]!.id;
}

type AnalysisState = { id: string; build_status: string | null; configuration_locked: boolean };

/**
 * The analysis command case: each connection drives one locked analysis of its own through the
 * build commands, buildStart (-> starting), buildStop (-> stopping), buildStop (-> stopped), so
 * every request is an allowed state transition that writes the analysis. Returns the reason when
 * the server cannot run it.
 */
async function analysisCommandCase(fixture: Fixture): Promise<RequestCase | string> {
  if (!(await routeExists(fixture, '/core/analyses'))) return 'the server has no /core/analyses route yet';
  const { url, token } = fixture;
  const registry = await apiOk<{ id: string }>(url, '/core/registries', {
    token,
    body: { name: 'bench-harbor', host: 'harbor.example.org' },
  });
  const node = await apiOk<{ id: string }>(url, '/core/nodes', {
    token,
    body: { name: 'bench-node', type: 'default', registry_id: registry.id },
  });
  const aggregator = await apiOk<{ id: string }>(url, '/core/nodes', {
    token,
    body: { name: 'bench-aggregator', type: 'aggregator', registry_id: registry.id },
  });
  await apiOk(url, '/core/master-images/command', { token, body: { command: 'sync' } });
  const image = await apiOk<{ data: Array<{ id: string }> }>(url, '/core/master-images?page[limit]=1', {
    token,
  });
  const project = await apiOk<{ id: string }>(url, '/core/projects', {
    token,
    body: { name: 'bench-command-project', master_image_id: image.data[0]!.id },
  });
  for (const member of [node, aggregator]) {
    const link = await apiOk<{ id: string; approval_status: string | null }>(url, '/core/project-nodes', {
      token,
      body: { project_id: project.id, node_id: member.id },
    });
    if (!link.approval_status) {
      await apiOk(url, `/core/project-nodes/${link.id}`, { token, body: { approval_status: 'approved' } });
    }
  }

  const pool: string[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const analysis = await apiOk<{ id: string }>(url, '/core/analyses', {
      token,
      body: { project_id: project.id, name: `bench-command-${index + 1}` },
    });
    for (const member of [node, aggregator]) {
      const link = await apiOk<{ id: string; approval_status: string | null }>(url, '/core/analysis-nodes', {
        token,
        body: { analysis_id: analysis.id, node_id: member.id },
      });
      if (!link.approval_status) {
        await apiOk(url, `/core/analysis-nodes/${link.id}`, { token, body: { approval_status: 'approved' } });
      }
    }
    const buckets = await apiOk<{ data: Array<{ id: string; external_id: string }> }>(
      url,
      `/core/analysis-buckets?filter[analysis_id]=${analysis.id}&filter[type]=CODE`,
      { token },
    );
    const code = buckets.data[0]!;
    const fileId = await uploadEntrypoint(fixture, code.external_id);
    await apiOk(url, '/core/analysis-bucket-files', {
      token,
      body: { bucket_id: code.id, external_id: fileId, name: 'main.py', root: true },
    });
    await apiOk(url, `/core/analyses/${analysis.id}/command`, {
      token,
      body: { command: 'configurationLock' },
    });
    pool.push(analysis.id);
  }

  // An analysis belongs to one connection from its buildStart until its last buildStop answered.
  const idle: string[] = [];
  const command = (name: string, first = false): autocannon.Request => ({
    method: 'POST',
    setupRequest: (request, context) => {
      const state = context as { analysisId?: string };
      if (first) state.analysisId = idle.shift();
      if (!state.analysisId) throw new Error('no idle analysis left for a connection');
      return {
        ...request,
        path: `/core/analyses/${state.analysisId}/command`,
        body: JSON.stringify({ command: name }),
      };
    },
  });
  const last = command('buildStop');
  last.onResponse = (_status, _body, context) => {
    const { analysisId } = context as { analysisId?: string };
    if (analysisId) idle.push(analysisId);
  };
  return {
    name: 'analysis command (build start/stop)',
    target: TARGETS.analysisCommand,
    options: {
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [command('buildStart', true), command('buildStop'), last],
    },
    // A run ends mid-cycle: stop what is still building, then every analysis is idle again.
    reset: async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const id of pool) {
        for (;;) {
          const analysis = await apiOk<AnalysisState>(url, `/core/analyses/${id}`, { token });
          if (!['starting', 'started', 'stopping'].includes(analysis.build_status ?? '')) break;
          await apiOk(url, `/core/analyses/${id}/command`, { token, body: { command: 'buildStop' } });
        }
      }
      idle.splice(0, idle.length, ...pool);
    },
  };
}

async function assertSucceeds(testCase: RequestCase): Promise<void> {
  // A stateful case is checked by its failed-request count instead (one request would change the state).
  if (testCase.reset) return;
  const { options } = testCase;
  const first = options.requests?.[0];
  const request = first
    ? (first.setupRequest as (request: autocannon.Request, context: object) => autocannon.Request)(
        { ...first },
        {},
      )
    : undefined;
  const url = request ? `${options.url}${request.path}` : options.url!;
  const response = await fetch(url, {
    method: request?.method ?? options.method,
    headers: options.headers as Record<string, string>,
    body: (request?.body ?? options.body) as string | undefined,
  });
  if (!response.ok) throw new Error(`${testCase.name}: ${response.status} ${await response.text()}`);
}

async function measure(fixture: Fixture, testCase: RequestCase): Promise<Metrics & { failed: number }> {
  const base = { ...testCase.options, connections: CONNECTIONS } as autocannon.Options;
  await testCase.reset?.();
  await autocannon({ ...base, duration: WARM_UP_SECONDS });
  await testCase.reset?.();
  await fixture.memory.reset();
  const cpuBefore = await serverCpuSeconds(fixture.url);
  const result = await autocannon({ ...base, duration: DURATION_SECONDS });
  const cpuAfter = await serverCpuSeconds(fixture.url);
  const peak = await fixture.memory.peak();
  fixture.memory.stop();
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    serverCpuMsPerRequest: Number(
      (((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total)).toFixed(2),
    ),
    peakRssMb: Math.round(peak / MB),
    failed: result.non2xx + result.errors,
  };
}

// --------------------------------------------------------------------------------------------------
// Upload and stream

/**
 * A multipart body with one file of UPLOAD_BYTES made on the fly from a 1 MB block, so the
 * benchmark never holds the file; the length is known up front (no chunked encoding).
 */
function multipartUpload(fileName: string): {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
} {
  const boundary = `----federa-bench-${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = Buffer.alloc(MB);
  for (let index = 0; index < block.length; index += 1) block[index] = (index * 31 + 7) % 251;
  let sent = 0;
  let stage: 'head' | 'data' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(head);
        stage = 'data';
      } else if (stage === 'data') {
        const size = Math.min(block.length, UPLOAD_BYTES - sent);
        controller.enqueue(block.subarray(0, size));
        sent += size;
        if (sent >= UPLOAD_BYTES) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(tail);
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
  return {
    body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + UPLOAD_BYTES + tail.length),
    },
  };
}

interface TransferMetrics extends Metrics {
  mbPerSec: number;
  seconds: number;
  peakRssMb: number;
  rssGrowthMb: number;
}

async function uploadOnce(fixture: Fixture, bucketId: string, round: number): Promise<TransferMetrics> {
  const { body, headers } = multipartUpload(`round-${round}/data.bin`);
  await fixture.memory.reset();
  const before = await fixture.memory.current();
  const started = performance.now();
  const response = await fetch(`${fixture.url}/storage/buckets/${bucketId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.token}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json()) as { data?: Array<{ size?: number | string }> };
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(answer)}`);
  const size = Number(answer.data?.[0]?.size);
  if (size !== UPLOAD_BYTES) throw new Error(`upload stored ${size} bytes instead of ${UPLOAD_BYTES}`);
  const peak = await fixture.memory.peak();
  fixture.memory.stop();
  return {
    mbPerSec: Number((UPLOAD_BYTES / MB / seconds).toFixed(1)),
    seconds: Number(seconds.toFixed(2)),
    peakRssMb: Math.round(peak / MB),
    rssGrowthMb: Math.round((peak - before) / MB),
  };
}

async function streamOnce(
  fixture: Fixture,
  bucketId: string,
  expectedBytes: number,
): Promise<TransferMetrics> {
  await fixture.memory.reset();
  const before = await fixture.memory.current();
  const started = performance.now();
  const response = await fetch(`${fixture.url}/storage/buckets/${bucketId}/stream`, {
    headers: { authorization: `Bearer ${fixture.token}` },
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status} ${await response.text()}`);
  let received = 0;
  for await (const chunk of response.body) received += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - started) / 1000;
  if (received < expectedBytes)
    throw new Error(`stream returned ${received} bytes, expected ${expectedBytes}+`);
  const peak = await fixture.memory.peak();
  fixture.memory.stop();
  return {
    mbPerSec: Number((received / MB / seconds).toFixed(1)),
    seconds: Number(seconds.toFixed(2)),
    peakRssMb: Math.round(peak / MB),
    rssGrowthMb: Math.round((peak - before) / MB),
  };
}

/** The best of the rounds by MB/s, with the highest peak memory of all rounds. */
function bestOf(rounds: TransferMetrics[]): TransferMetrics {
  const best = rounds.reduce((a, b) => (b.mbPerSec > a.mbPerSec ? b : a));
  return {
    ...best,
    peakRssMb: Math.max(...rounds.map((round) => round.peakRssMb)),
    rssGrowthMb: Math.max(...rounds.map((round) => round.rssGrowthMb)),
  };
}

// --------------------------------------------------------------------------------------------------
// Runs

function verdict(kind: DatabaseKind, met: boolean, target: string): string {
  return kind === 'postgres' ? `${met ? 'meets' : 'below'} target ${target}` : '';
}

async function runOn(kind: DatabaseKind, previous: BenchResults | undefined, results: BenchResults) {
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
  const label = `hub [${kind}]`;
  try {
    const session = await apiOk<{ access_token: string }>(server.url, '/auth/token', {
      body: { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD },
    });
    const fixture: Fixture = {
      url: server.url,
      token: session.access_token,
      memory: await MemoryProbe.attach(server),
    };
    console.log(
      `${label} server memory: ${fixture.memory.source}, ${Math.round((await fixture.memory.current()) / MB)} MB RSS after start`,
    );
    const started = performance.now();
    await seedProjects(server, fixture.token);
    const seeded = await apiOk<{ meta: { total: number } }>(server.url, '/core/projects?page[limit]=1', {
      token: fixture.token,
    });
    if (seeded.meta.total < PROJECT_COUNT) throw new Error(`seeding left only ${seeded.meta.total} projects`);
    const hasAnalyses = await routeExists(fixture, '/core/analyses');
    if (hasAnalyses) {
      await seedAnalyses(server, fixture.token);
      const analyses = await apiOk<{ meta: { total: number } }>(server.url, '/core/analyses?page[limit]=1', {
        token: fixture.token,
      });
      if (analyses.meta.total < ANALYSIS_COUNT)
        throw new Error(`seeding left only ${analyses.meta.total} analyses`);
    }
    console.log(
      `${label}  seeded ${formatNumber(PROJECT_COUNT)} projects${hasAnalyses ? ` and ${formatNumber(ANALYSIS_COUNT)} analyses` : ''}` +
        ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const cases: Array<RequestCase | { name: string; skipped: string }> = [projectListCase(fixture)];
    cases.push(
      hasAnalyses
        ? analysisListCase(fixture)
        : { name: 'analysis list (include=project)', skipped: 'the server has no /core/analyses route yet' },
    );
    cases.push(projectCreateCase(fixture));
    const command = await analysisCommandCase(fixture);
    cases.push(typeof command === 'string' ? { name: 'analysis command', skipped: command } : command);

    for (const testCase of cases) {
      if ('skipped' in testCase) {
        console.log([label, testCase.name.padEnd(46), `SKIPPED: ${testCase.skipped}`].join('  '));
        continue;
      }
      await assertSucceeds(testCase);
      const { failed, ...metrics } = await measure(fixture, testCase);
      const key = `${kind}: ${testCase.name}`;
      results.cases[key] = metrics;
      const ratio = ratioText(metrics.requestsPerSec!, previous?.cases[key]?.requestsPerSec);
      console.log(
        [
          label,
          testCase.name.padEnd(46),
          `${formatNumber(metrics.requestsPerSec!).padStart(6)} req/s`,
          `p50 ${formatNumber(metrics.p50Ms!, 1).padStart(6)} ms`,
          `p99 ${formatNumber(metrics.p99Ms!, 1).padStart(6)} ms`,
          `CPU ${formatNumber(metrics.serverCpuMsPerRequest!, 2).padStart(5)} ms/req`,
          `peak RSS ${formatNumber(metrics.peakRssMb!).padStart(4)} MB`,
          verdict(
            kind,
            metrics.requestsPerSec! >= testCase.target,
            `${formatNumber(testCase.target)}/s`,
          ).padEnd(22),
          ratio ? `(${ratio})` : '',
          failed > 0 ? `WARNING: ${failed} failed requests` : '',
        ]
          .join('  ')
          .trimEnd(),
      );
    }

    const bucket = await apiOk<{ id: string }>(server.url, '/storage/buckets', {
      token: fixture.token,
      body: { name: `bench-upload-${Date.now().toString(36)}` },
    });
    const uploads: TransferMetrics[] = [];
    const streams: TransferMetrics[] = [];
    for (let round = 1; round <= UPLOAD_ROUNDS; round += 1) {
      uploads.push(await uploadOnce(fixture, bucket.id, round));
      streams.push(await streamOnce(fixture, bucket.id, round * UPLOAD_BYTES));
    }
    const transfers: Array<[string, TransferMetrics, number]> = [
      ['upload 100 MB (multipart)', bestOf(uploads), TARGETS.uploadMbPerSec],
      // The bucket grows by 100 MB per round: the last stream carries all of them.
      ['stream bucket back (tar)', bestOf(streams), TARGETS.streamMbPerSec],
    ];
    for (const [name, metrics, target] of transfers) {
      const key = `${kind}: ${name}`;
      results.cases[key] = metrics;
      const ratio = ratioText(metrics.mbPerSec, previous?.cases[key]?.mbPerSec, 1);
      const memoryVerdict =
        name.startsWith('upload') && kind === 'postgres'
          ? metrics.rssGrowthMb <= TARGETS.uploadRssGrowthMb
            ? `meets target: RSS grew at most ${TARGETS.uploadRssGrowthMb} MB`
            : `below target: RSS grew ${metrics.rssGrowthMb} MB (at most ${TARGETS.uploadRssGrowthMb} MB)`
          : '';
      console.log(
        [
          label,
          name.padEnd(46),
          `${formatNumber(metrics.mbPerSec, 1).padStart(6)} MB/s`,
          `best of ${UPLOAD_ROUNDS}, ${formatNumber(metrics.seconds, 2)} s`,
          `peak RSS ${formatNumber(metrics.peakRssMb).padStart(4)} MB (+${formatNumber(metrics.rssGrowthMb)} MB)`,
          verdict(kind, metrics.mbPerSec >= target, `${formatNumber(target)} MB/s`).padEnd(22),
          memoryVerdict,
          ratio ? `(${ratio})` : '',
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
  const previous = readPreviousResults(RESULTS_NAME);
  const results = emptyResults();
  if (results.machine) {
    console.log(
      `hub: ${results.machine.cpus} CPUs, load average ${results.machine.loadAverage1m} at the start` +
        ' (the load generator, the server and PostgreSQL share them)',
    );
  }
  const originalDatabaseUrl = process.env.DATABASE_URL;
  try {
    if (!originalDatabaseUrl) await runOn('embedded', previous, results);
    if (await postgresReachable(POSTGRES_URL)) await runOn('postgres', previous, results);
    else {
      console.warn(
        `hub: POSTGRESQL PART SKIPPED: ${POSTGRES_URL} is not reachable; start PostgreSQL or set BENCH_DATABASE_URL.`,
      );
    }
  } finally {
    if (originalDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = originalDatabaseUrl;
  }
  console.log(`hub: results written to ${writeResults(RESULTS_NAME, results)}`);
}

await main();
