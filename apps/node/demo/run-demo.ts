/**
 * `npm run demo`: the federation journey on one machine. Starts the hub (embedded database, data in
 * a temporary directory), a loopback registry (Debian's docker-registry) and three node agents with
 * the process driver (two sites with their own CSV files, one aggregator); sets up realms, registry,
 * nodes, project and an analysis computing row counts and column means; approves, locks, builds and
 * runs it; prints every step and, as its last line, the pooled result as JSON.
 *
 *   --sites DIR   the sites' data: one sub-directory per site holding CSV files with a header row
 *   --keep        leave everything running and print the web address to watch it
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { HttpClient, baseUrlsFor } from '@federa/client';
import {
  AnalysisBucketSchema,
  AnalysisNodeSchema,
  AnalysisSchema,
  listResponseSchema,
  MasterImageSchema,
  NodeSchema,
  ProjectNodeSchema,
  ProjectSchema,
  RealmSchema,
  RegistrySchema,
  TokenResponseSchema,
  UploadedFilesSchema,
  type Node as HubNode,
} from '@federa/schemas';
import { findRegistryBinary, freePort, startRegistry } from '@federa/oci/test-support';
import tar from 'tar-stream';
import { pushMasterImage } from './master-image.ts';
import { buildServer } from '../../server/scripts/bundle-server.ts';
import { bundleAgent } from '../scripts/bundle-agent.ts';
import { REPO_ROOT, residentMb, startAgent, startHub, waitFor, type Started } from './processes.ts';

const DEMO_DIR = import.meta.dirname;
const step = (message: string) => process.stdout.write(`• ${message}\n`);

interface Options {
  sitesDir: string;
  keep: boolean;
}

function options(): Options {
  const { values } = parseArgs({ options: { sites: { type: 'string' }, keep: { type: 'boolean' } } });
  return { sitesDir: path.resolve(values.sites ?? path.join(DEMO_DIR, 'sites')), keep: values.keep ?? false };
}

async function siteDirectories(sitesDir: string): Promise<{ name: string; dir: string }[]> {
  const entries = await readdir(sitesDir, { withFileTypes: true }).catch(() => {
    throw new Error(`--sites ${sitesDir}: not a readable directory`);
  });
  const sites = [];
  for (const entry of entries
    .filter((item) => item.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(sitesDir, entry.name);
    const csv = (await readdir(dir)).filter((file) => file.endsWith('.csv'));
    if (csv.length > 0) sites.push({ name: entry.name, dir });
  }
  if (sites.length === 0) throw new Error(`--sites ${sitesDir}: no sub-directory holds CSV files`);
  return sites;
}

/** The files of a tar archive by name. */
async function untar(body: Buffer): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      files.set(header.name, Buffer.concat(chunks).toString('utf8'));
      next();
    });
  });
  const done = new Promise<void>((resolve, reject) => {
    extract.on('finish', () => resolve());
    extract.on('error', reject);
  });
  Readable.from(body).pipe(extract);
  await done;
  return files;
}

async function main(): Promise<number> {
  const { sitesDir, keep } = options();
  const sites = await siteDirectories(sitesDir);
  if (!findRegistryBinary()) {
    process.stderr.write(
      "The demo needs Debian's docker-registry package for its loopback registry: apt-get install docker-registry\n",
    );
    return 1;
  }
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const task of cleanups.reverse()) await task().catch(() => {});
  };

  try {
    const work = await mkdtemp(path.join(os.tmpdir(), 'federa-demo-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));

    step('starting the loopback registry (docker-registry)');
    const registry = await startRegistry();
    cleanups.push(() => registry.stop());

    const port = await freePort();
    const hubUrl = `http://127.0.0.1:${port}`;
    const adminPassword = `Demo-${randomBytes(9).toString('base64url')}1a`;
    step(
      `starting the hub at ${hubUrl} (${process.env.DATABASE_URL ? 'PostgreSQL' : `embedded database in ${work}`})`,
    );
    const hub: Started = startHub(await buildServer(), {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: hubUrl,
      DATA_DIR: path.join(work, 'hub'),
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      JOB_POLL_INTERVAL_MS: '200',
      TOKEN_RATE_LIMIT_PER_MINUTE: '0',
      // PostgreSQL when asked for (the end-to-end test runs the journey on both databases).
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    cleanups.push(() => hub.stop());
    const hubExited = () => (hub.child.exitCode !== null ? `the hub exited:\n${hub.output()}` : undefined);
    await waitFor('the hub start', async () => (await fetch(`${hubUrl}/readyz`)).ok, 120_000, hubExited);

    const anonymous = new HttpClient({ baseUrls: baseUrlsFor(hubUrl) });
    const token = await anonymous.post(
      'auth',
      'token',
      { grant_type: 'password', username: 'admin', password: adminPassword },
      { schema: TokenResponseSchema },
    );
    const api = new HttpClient({
      baseUrls: baseUrlsFor(hubUrl),
      authorization: () => `Bearer ${token.access_token}`,
    });
    step('creating the realms: research (the project) and one per site');
    const realm = (name: string) => api.post('auth', 'realms', { name }, { schema: RealmSchema });
    const research = await realm('research');
    const aggregatorRealm = await realm('aggregator');

    step(`registering the registry ${registry.host} and the master images`);
    const reg = await api.post(
      'core',
      'registries',
      { name: 'demo registry', host: registry.url, kind: 'oci' },
      { schema: RegistrySchema },
    );
    await api.post('core', 'master-images/command', { command: 'sync' });
    const masters = await api.get('core', 'master-images', {
      query: { sort: { path: 'ASC' } },
      schema: listResponseSchema(MasterImageSchema),
    });
    const master = masters.data.find((row) => row.virtual_path.startsWith('python')) ?? masters.data[0]!;
    await pushMasterImage(registry.url, master.virtual_path);

    step(`creating the nodes: ${sites.map((site) => site.name).join(', ')} and the aggregator`);
    const nodes: { name: string; dataDir: string; node: HubNode; secret: string; realmId: string }[] = [];
    for (const site of sites) {
      const siteRealm = await realm(
        site.name
          .toLowerCase()
          .replace(/[^a-z0-9-]/g, '-')
          .slice(0, 60),
      );
      const node = await api.post(
        'core',
        'nodes',
        { name: site.name.slice(0, 128), realm_id: siteRealm.id, type: 'default', registry_id: reg.id },
        { schema: NodeSchema },
      );
      nodes.push({
        name: site.name,
        dataDir: site.dir,
        node,
        secret: String(node.robot_secret),
        realmId: siteRealm.id,
      });
    }
    const aggregatorData = path.join(work, 'aggregator-data');
    await import('node:fs/promises').then((fs) => fs.mkdir(aggregatorData, { recursive: true }));
    const aggregator = await api.post(
      'core',
      'nodes',
      { name: 'aggregator', realm_id: aggregatorRealm.id, type: 'aggregator', registry_id: reg.id },
      { schema: NodeSchema },
    );
    nodes.push({
      name: 'aggregator',
      dataDir: aggregatorData,
      node: aggregator,
      secret: String(aggregator.robot_secret),
      realmId: aggregatorRealm.id,
    });

    step('starting three node agents (process driver); they approve requests of the research realm');
    const agents: Started[] = [];
    const agentBundle = await bundleAgent();
    for (const entry of nodes) {
      const agent = startAgent(
        agentBundle,
        {
          HUB_URL: hubUrl,
          NODE_ROBOT_ID: String(entry.node.robot_id),
          NODE_ROBOT_SECRET: entry.secret,
          NODE_DATA_DIR: entry.dataDir,
          NODE_WORK_DIR: path.join(work, `agent-${entry.node.id}`),
          NODE_DRIVER: 'process',
          NODE_AUTO_APPROVE_REALMS: research.id,
          NODE_POLL_INTERVAL_MS: '1000',
        },
        (line) => process.stdout.write(`  [${entry.name}] ${line.replace(/^\[node\] /, '')}\n`),
      );
      agents.push(agent);
      cleanups.push(() => agent.stop());
    }

    step('creating the project and asking every node to take part');
    const project = await api.post(
      'core',
      'projects',
      { name: 'Pooled means study', realm_id: research.id, master_image_id: master.id },
      { schema: ProjectSchema },
    );
    const projectNodes = [];
    for (const entry of nodes) {
      projectNodes.push(
        await api.post(
          'core',
          'project-nodes',
          { project_id: project.id, node_id: entry.node.id },
          { schema: ProjectNodeSchema },
        ),
      );
    }
    await waitFor(
      'the project approvals',
      async () => {
        const rows = await api.get('core', 'project-nodes', {
          query: { filter: { project_id: project.id } },
          schema: listResponseSchema(ProjectNodeSchema),
        });
        return rows.data.every((row) => row.approval_status === 'approved');
      },
      30_000,
    );
    step('every node approved the project');

    step('creating the analysis and uploading its code (means.py)');
    const analysis = await api.post(
      'core',
      'analyses',
      { project_id: project.id, name: 'Row count and means' },
      { schema: AnalysisSchema },
    );
    for (const entry of nodes) {
      await api.post('core', 'analysis-nodes', { analysis_id: analysis.id, node_id: entry.node.id });
    }
    const buckets = await api.get('core', 'analysis-buckets', {
      query: { filter: { analysis_id: analysis.id, type: 'CODE' } },
      schema: listResponseSchema(AnalysisBucketSchema),
    });
    const code = buckets.data[0]!;
    const form = new FormData();
    form.append('files[0]', new Blob([await readFile(path.join(DEMO_DIR, 'analysis/means.py'))]), 'means.py');
    const stored = await api.post('storage', `buckets/${String(code.external_id)}/upload`, form, {
      schema: UploadedFilesSchema,
    });
    await api.post('core', 'analysis-bucket-files', {
      bucket_id: code.id,
      external_id: stored.data[0]!.id,
      name: 'means.py',
      root: true,
    });
    await waitFor(
      'the analysis approvals',
      async () => {
        const rows = await api.get('core', 'analysis-nodes', {
          query: { filter: { analysis_id: analysis.id } },
          schema: listResponseSchema(AnalysisNodeSchema),
        });
        return rows.data.every((row) => row.approval_status === 'approved');
      },
      30_000,
    );
    step('every node approved the analysis');

    await api.post('core', `analyses/${analysis.id}/command`, { command: 'configurationLock' });
    step('configuration locked; starting the build');
    const buildStarted = Date.now();
    await api.post('core', `analyses/${analysis.id}/command`, { command: 'buildStart' });
    let lastBuild = '';
    await waitFor(
      'the build',
      async () => {
        const row = await api.get('core', `analyses/${analysis.id}`, { schema: AnalysisSchema });
        if (row.build_status !== lastBuild) {
          lastBuild = String(row.build_status);
          step(`build ${lastBuild}`);
        }
        if (row.build_status === 'failed') throw new Error('the build failed');
        return row.build_status === 'finished';
      },
      120_000,
      () => (lastBuild === 'failed' ? 'the build failed (see the analysis logs in the web app)' : undefined),
    );

    const seen = new Map<string, string>();
    const result = await waitFor(
      'the analysis runs',
      async () => {
        const rows = await api.get('core', 'analysis-nodes', {
          query: { filter: { analysis_id: analysis.id } },
          schema: listResponseSchema(AnalysisNodeSchema),
        });
        for (const row of rows.data) {
          const name = nodes.find((entry) => entry.node.id === row.node_id)?.name ?? row.node_id;
          if (row.run_status && seen.get(name) !== row.run_status) {
            seen.set(name, String(row.run_status));
            step(`${name}: run ${String(row.run_status)}`);
          }
          if (row.run_status === 'failed')
            throw new Error(`the run at ${name} failed (see its logs in the web app)`);
        }
        const aggregated = rows.data.find((row) => row.node_id === aggregator.id);
        if (aggregated?.run_status !== 'finished') return undefined;
        const response = await fetch(`${hubUrl}/core/analyses/${analysis.id}/result/download`, {
          headers: { authorization: `Bearer ${token.access_token}` },
        });
        const files = await untar(Buffer.from(await response.arrayBuffer()));
        return files.get('result.json');
      },
      180_000,
    );
    const seconds = ((Date.now() - buildStarted) / 1000).toFixed(1);
    step(`buildStart to the aggregated result: ${seconds} s`);
    const mb = (value: number | undefined) => (value === undefined ? '?' : `${value} MB`);
    const peaks = await Promise.all(agents.map((agent) => residentMb(agent.child.pid, 'peak')));
    const now = await Promise.all(agents.map((agent) => residentMb(agent.child.pid, 'now')));
    step(`agent memory, resident now: ${now.map(mb).join(', ')}; at the peak: ${peaks.map(mb).join(', ')}`);

    if (keep) {
      step(
        `everything keeps running: open ${hubUrl} and sign in as admin with the password ${adminPassword}`,
      );
      if (!(await stat(path.join(REPO_ROOT, 'apps/web/dist/index.html')).catch(() => undefined))) {
        step('(the web app is not built yet: run npm run build first to see it)');
      }
      step('press Ctrl-C to stop');
      process.stdout.write(`${JSON.stringify(JSON.parse(result))}\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
    } else {
      process.stdout.write(`${JSON.stringify(JSON.parse(result))}\n`);
    }
    await cleanup();
    return 0;
  } catch (error) {
    process.stderr.write(`demo failed: ${(error as Error).message}\n`);
    await cleanup();
    return 1;
  }
}

void main().then((code) => process.exit(code));
