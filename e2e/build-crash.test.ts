/**
 * A build survives its worker's crash: the server process is killed with SIGKILL while it pushes the
 * code layer to the registry (Debian's docker-registry on loopback, behind a slow proxy so the push
 * takes a while). No tag exists then; after a restart on the same data the job is taken over once
 * its lease has passed, and every node's project ends with the complete image.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OciClient, type ImageConfig } from '@federa/oci';
import {
  pushBaseImage,
  readLayer,
  registryAvailable,
  startRegistry,
  type TestRegistry,
} from '@federa/oci/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';
import { startSlowProxy, type SlowProxy } from './support/slow-proxy.ts';

const ADMIN_PASSWORD = 'Crash-Admin-Passw0rd';
const CODE_SIZE = 6 * 1024 * 1024;
const ENV = {
  ADMIN_PASSWORD,
  JOB_LEASE_MS: '2000',
  JOB_POLL_INTERVAL_MS: '200',
  SKIP_PROJECT_APPROVAL: 'true',
  SKIP_ANALYSIS_APPROVAL: 'true',
};

const available = registryAvailable();

describe.skipIf(!available)('a build whose worker is killed mid-push', () => {
  let registry: TestRegistry;
  let proxy: SlowProxy;
  let server: RunningServer & { databaseUrl?: string };
  let token = '';

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const signIn = async () => {
    const response = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = (await response.json()).access_token;
  };

  beforeAll(async () => {
    registry = await startRegistry();
    const port = Number(new URL(registry.url).port);
    // About 4 MB/s: the 6 MB layer takes over a second to push.
    proxy = await startSlowProxy({ host: '127.0.0.1', port }, 4 * 1024 * 1024);
    server = await startServer({ env: ENV });
    await signIn();
  });
  afterAll(async () => {
    await server?.destroy();
    await proxy?.stop();
    await registry?.stop();
  });

  it('finishes after a restart with no half-written tag in between', async () => {
    await api('POST', '/core/master-images/command', { command: 'sync' });
    const master = (await api('GET', '/core/master-images?sort=path')).data[0];
    await pushBaseImage(registry.url, `master/${master.virtual_path}`, 'latest');
    const reg = await api('POST', '/core/registries', { name: 'loopback', host: proxy.url, kind: 'oci' });
    const nodes = [];
    for (const [name, type] of [
      ['crash-site-a', 'default'],
      ['crash-site-b', 'default'],
      ['crash-hub', 'aggregator'],
    ] as const) {
      nodes.push(await api('POST', '/core/nodes', { name, type, registry_id: reg.id }));
    }
    const project = await api('POST', '/core/projects', { name: 'Crash study', master_image_id: master.id });
    for (const node of nodes)
      await api('POST', '/core/project-nodes', { project_id: project.id, node_id: node.id });
    const analysis = await api('POST', '/core/analyses', { project_id: project.id, name: 'Crash analysis' });
    for (const node of nodes)
      await api('POST', '/core/analysis-nodes', { analysis_id: analysis.id, node_id: node.id });

    const code = (
      await api('GET', `/core/analysis-buckets?filter[analysis_id]=${analysis.id}&filter[type]=CODE`)
    ).data[0];
    const data = randomBytes(CODE_SIZE);
    const form = new FormData();
    form.append('files[0]', new Blob(['print("survived")\n']), 'main.py');
    form.append('files[1]', new Blob([data]), 'data/input.bin');
    const uploaded = await fetch(`${server.url}/storage/buckets/${code.external_id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const files = (await uploaded.json()).data as { id: string; path: string }[];
    for (const file of files) {
      await api('POST', '/core/analysis-bucket-files', {
        bucket_id: code.id,
        external_id: file.id,
        name: file.path,
        root: file.path === 'main.py',
      });
    }
    await api('POST', `/core/analyses/${analysis.id}/command`, { command: 'configurationLock' });
    const before = proxy.sent();
    expect(
      (await api('POST', `/core/analyses/${analysis.id}/command`, { command: 'buildStart' })).build_status,
    ).toBe('starting');

    // Mid-push: a third of the code layer went out.
    await proxy.whenSent(before + CODE_SIZE / 3);
    await server.kill();
    const client = new OciClient({ url: registry.url });
    const repositories = nodes.map((node) => `${node.external_name}/${analysis.id}`);
    for (const repository of repositories)
      expect(await client.headManifest(repository, 'latest')).toBeUndefined();

    server = await startServer({
      env: ENV,
      reuse: { dataDir: server.dataDir, databaseUrl: server.databaseUrl },
    });
    await signIn();
    const deadline = Date.now() + 60_000;
    let current = await api('GET', `/core/analyses/${analysis.id}`);
    while (current.build_status !== 'finished' && Date.now() < deadline) {
      expect(current.build_status).toBe('started');
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = await api('GET', `/core/analyses/${analysis.id}`);
    }
    expect(current.build_status).toBe('finished');

    const expectedHash = createHash('sha256').update(data).digest('hex');
    for (const repository of repositories) {
      const image = await client.getImageManifest(repository, 'latest');
      expect(image?.digest).toBe(current.image_digest);
      expect(await client.listTags(repository)).toEqual(['latest']);
      const config = await client.getBlobJson<ImageConfig>(repository, image!.manifest.config.digest);
      expect(config.config?.Cmd).toEqual(['python', '-u', '/opt/code/main.py']);
      const layer = await readLayer(await client.getBlob(repository, image!.manifest.layers.at(-1)!.digest));
      expect(createHash('sha256').update(layer.get('opt/code/data/input.bin')!.content).digest('hex')).toBe(
        expectedHash,
      );
    }
    const logs = (
      await api('GET', `/core/analysis-logs?filter[analysis_id]=${analysis.id}&page[limit]=100`)
    ).data.map((line: { message: string }) => line.message);
    expect(logs).toContain('Build started again (attempt 2).');
  });
});
