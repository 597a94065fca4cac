/**
 * Build and distribution: a 10 MB code bucket built into an image and pushed to 3 nodes (wall time
 * from buildStart to `finished`, bytes sent to the registry, the server's peak memory growth; goal
 * ≤ 50 MB), and 20 builds started at once. Runs the real server against Debian's docker-registry on
 * loopback (skipped without it). `DATABASE_URL` runs it on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { pushBaseImage, registryAvailable, startRegistry } from '@federa/oci/test-support';
import { startServer } from '../e2e/support/server.ts';
import { startSlowProxy } from '../e2e/support/slow-proxy.ts';
import {
  emptyResults,
  formatNumber,
  ratioText,
  readPreviousResults,
  writeResults,
} from './support/results.ts';
import { serverRssBytes } from './support/server-probes.ts';

const NAME = 'build';
const ADMIN_PASSWORD = 'Bench-Admin-Passw0rd';
const CODE_BYTES = 10 * 1024 * 1024;
const CONCURRENT_BUILDS = 20;
const MEMORY_GOAL_BYTES = 50 * 1024 * 1024;

if (!registryAvailable()) process.exit(0);

const registry = await startRegistry();
const proxy = await startSlowProxy(
  { host: '127.0.0.1', port: Number(new URL(registry.url).port) },
  10 * 1024 ** 3,
);
const server = await startServer({
  env: {
    ADMIN_PASSWORD,
    SKIP_PROJECT_APPROVAL: 'true',
    SKIP_ANALYSIS_APPROVAL: 'true',
    JOB_POLL_INTERVAL_MS: '100',
    RATE_LIMIT_PER_MINUTE_USER: '0',
    TOKEN_RATE_LIMIT_PER_MINUTE: '0',
  },
});
let token = '';
async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

try {
  const signedIn = await fetch(`${server.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
  });
  token = ((await signedIn.json()) as { access_token: string }).access_token;
  await api('POST', '/core/master-images/command', { command: 'sync' });
  const master = (await api('GET', '/core/master-images?sort=path')).data[0];
  await pushBaseImage(registry.url, `master/${master.virtual_path}`, 'latest');
  const reg = await api('POST', '/core/registries', { name: 'loopback', host: proxy.url, kind: 'oci' });
  const nodes: { id: string }[] = [];
  for (const [name, type] of [
    ['bench-site-a', 'default'],
    ['bench-site-b', 'default'],
    ['bench-hub', 'aggregator'],
  ]) {
    nodes.push(await api('POST', '/core/nodes', { name, type, registry_id: reg.id }));
  }
  const project = await api('POST', '/core/projects', { name: 'Bench study', master_image_id: master.id });
  for (const node of nodes)
    await api('POST', '/core/project-nodes', { project_id: project.id, node_id: node.id });

  /** A locked analysis on the three nodes with `bytes` of code in 1 MB files plus main.py. */
  async function lockedAnalysis(name: string, bytes: number): Promise<string> {
    const analysis = await api('POST', '/core/analyses', { project_id: project.id, name });
    for (const node of nodes)
      await api('POST', '/core/analysis-nodes', { analysis_id: analysis.id, node_id: node.id });
    const code = (
      await api('GET', `/core/analysis-buckets?filter[analysis_id]=${analysis.id}&filter[type]=CODE`)
    ).data[0];
    const form = new FormData();
    form.append('files[0]', new Blob(['print("bench")\n']), 'main.py');
    const chunk = 1024 * 1024;
    for (let index = 0; index * chunk < bytes; index += 1) {
      form.append(
        `files[${index + 1}]`,
        new Blob([randomBytes(Math.min(chunk, bytes - index * chunk))]),
        `data/part-${index}.bin`,
      );
    }
    const uploaded = await fetch(`${server.url}/storage/buckets/${code.external_id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const stored = (await uploaded.json()) as { data: { id: string; path: string }[] };
    for (const file of stored.data) {
      await api('POST', '/core/analysis-bucket-files', {
        bucket_id: code.id,
        external_id: file.id,
        name: file.path,
        root: file.path === 'main.py',
      });
    }
    await api('POST', `/core/analyses/${analysis.id}/command`, { command: 'configurationLock' });
    return analysis.id as string;
  }

  async function waitFinished(ids: string[]): Promise<void> {
    const deadline = Date.now() + 300_000;
    for (const id of ids) {
      for (;;) {
        const status = (await api('GET', `/core/analyses/${id}`)).build_status;
        if (status === 'finished') break;
        if (status === 'failed' || Date.now() > deadline) throw new Error(`build ${id} ended ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  const previous = readPreviousResults(NAME);
  const results = emptyResults();

  // One 10 MB build to three nodes.
  const single = await lockedAnalysis('Bench 10 MB', CODE_BYTES);
  const rssBefore = await serverRssBytes(server.url);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await serverRssBytes(server.url));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const sentBefore = proxy.sent();
  const started = performance.now();
  await api('POST', `/core/analyses/${single}/command`, { command: 'buildStart' });
  await waitFinished([single]);
  const wallMs = performance.now() - started;
  sampling = false;
  await sampler;
  const bytesSent = proxy.sent() - sentBefore;
  const memoryGrowth = rssPeak - rssBefore;
  results.cases['10 MB to 3 nodes'] = { wallMs, bytesSent, memoryGrowthBytes: memoryGrowth };
  const before = previous?.cases['10 MB to 3 nodes'];
  console.log(`10 MB code to 3 nodes: ${formatNumber(wallMs)} ms ${ratioText(wallMs, before?.wallMs)}`);
  console.log(`  bytes sent to the registry: ${formatNumber(bytesSent)} (code ${formatNumber(CODE_BYTES)})`);
  console.log(
    `  server peak memory growth: ${formatNumber(memoryGrowth / 1024 / 1024, 1)} MB (goal ≤ 50 MB: ${memoryGrowth <= MEMORY_GOAL_BYTES ? 'met' : 'MISSED'})`,
  );

  // Twenty builds started at once.
  const many = [];
  for (let index = 0; index < CONCURRENT_BUILDS; index += 1)
    many.push(await lockedAnalysis(`Bench many ${index}`, 64 * 1024));
  const manyStarted = performance.now();
  await Promise.all(many.map((id) => api('POST', `/core/analyses/${id}/command`, { command: 'buildStart' })));
  await waitFinished(many);
  const manyMs = performance.now() - manyStarted;
  results.cases[`${CONCURRENT_BUILDS} builds at once`] = {
    wallMs: manyMs,
    buildsPerSec: CONCURRENT_BUILDS / (manyMs / 1000),
  };
  console.log(
    `${CONCURRENT_BUILDS} builds started at once: all finished in ${formatNumber(manyMs)} ms ${ratioText(manyMs, previous?.cases[`${CONCURRENT_BUILDS} builds at once`]?.wallMs)}`,
  );
  console.log(`results: ${writeResults(NAME, results)}`);
} finally {
  await server.destroy();
  await proxy.stop();
  await registry.stop();
}
