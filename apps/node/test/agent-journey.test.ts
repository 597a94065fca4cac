import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeAgent } from '../src/agent.ts';
import {
  analysisNodeOf,
  runStatusHistory,
  createAnalysis,
  nodeLogs,
  recordBuild,
  startHubWorld,
  until,
  useRegistry,
  type HubWorld,
} from './support/hub.ts';
import {
  registryAvailable,
  startAuthProxy,
  startRegistry,
  type AuthProxy,
  type TestRegistry,
} from '@federa/oci/test-support';
import { startAgent } from './support/agents.ts';
import { pushAnalysisImage } from './support/registry-images.ts';

const MEANS = readFile(path.join(import.meta.dirname, '../demo/analysis/means.py'), 'utf8');
const SITE_CSV = 'age,weight,city\n30,70.5,Bonn\n40,80.5,Köln\n50,90,Trier\n';

/**
 * The node agent against the real hub: approvals by rule, runs of built images with the process
 * driver, run status and logs reported, partial results through TEMP to the aggregator, and its
 * result in RESULT.
 */
describe.skipIf(!registryAvailable())('node agent', () => {
  let world: HubWorld;
  let registry: TestRegistry;
  let proxy: AuthProxy;
  let prefixes: Map<string, string>;
  const agents: NodeAgent[] = [];
  let site: Awaited<ReturnType<typeof startAgent>>;
  let hub: Awaited<ReturnType<typeof startAgent>>;

  /** Pushes the analysis' image for both nodes and records the build, as the hub's build does. */
  const build = async (analysisId: string, code: Record<string, string>, replacedBy?: string) => {
    let digest = '';
    for (const node of [world.siteNode, world.hubNode]) {
      digest = await pushAnalysisImage(registry.url, `${prefixes.get(node.id)}/${analysisId}`, code);
    }
    // Someone with access to the registry replaces the site's image after the build pushed it.
    if (replacedBy) {
      await pushAnalysisImage(registry.url, `${prefixes.get(world.siteNode.id)}/${analysisId}`, {
        'main.py': replacedBy,
      });
    }
    await recordBuild(world, analysisId, digest);
    return digest;
  };

  beforeAll(async () => {
    world = await startHubWorld();
    registry = await startRegistry();
    // The node project's robot account, as the registry asks for it.
    const credentials = { username: 'node-project-robot', password: 'Pull-Secret-0123' };
    proxy = await startAuthProxy(registry.url, { scheme: 'basic', ...credentials });
    prefixes = await useRegistry(world, new URL(proxy.url).host, credentials);
    site = await startAgent(world, world.siteNode, {
      data: { 'visits.csv': SITE_CSV },
      settings: { autoApproveRealms: world.acmeId },
    });
    hub = await startAgent(world, world.hubNode, {});
    agents.push(site.agent, hub.agent);
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.stop()));
    await proxy?.stop();
    await registry?.stop();
    await world?.ctx.close();
  });

  it('approves by rule, runs at the site and the aggregator, and leaves the pooled result', async () => {
    const { analysisId, siteAnalysisNodeId, hubAnalysisNodeId } = await createAnalysis(world, 'Means', {
      'main.py': await MEANS,
    });
    // The approval rule names the analysis' realm: the agent approves without a person.
    await until(async () => (await analysisNodeOf(world, siteAnalysisNodeId)).approval_status === 'approved');

    await build(analysisId, { 'main.py': await MEANS });
    await until(async () => (await analysisNodeOf(world, hubAnalysisNodeId)).run_status === 'finished');
    expect((await analysisNodeOf(world, siteAnalysisNodeId)).run_status).toBe('finished');

    const download = await world.owner.get(`/core/analyses/${analysisId}/result/download`);
    expect(download.statusCode).toBe(200);
    const payload = download.rawPayload.toString('utf8');
    const json = payload.slice(payload.indexOf('{"count"'), payload.indexOf('}}') + 2);
    expect(JSON.parse(json)).toEqual({ count: 3, means: { age: 40, weight: (70.5 + 80.5 + 90) / 3 } });

    const siteLines = await nodeLogs(world, analysisId, world.siteNode.id);
    expect(siteLines.map((line) => line.message)).toContain('3 rows in 1 files');
    const hubLines = await nodeLogs(world, analysisId, world.hubNode.id);
    expect(hubLines.map((line) => line.message)).toContain('pooled 3 rows');
    expect(hubLines.find((line) => line.message === 'pooled 3 rows')?.level).toBe('info');
  });

  /** Runs an analysis at the site only and waits until it ended. */
  const runAtSite = async (name: string, code: string, replacedBy?: string) => {
    const ids = await createAnalysis(world, name, { 'main.py': code });
    await until(
      async () => (await analysisNodeOf(world, ids.siteAnalysisNodeId)).approval_status === 'approved',
    );
    await build(ids.analysisId, { 'main.py': code }, replacedBy);
    const status = await until(async () => {
      const value = (await analysisNodeOf(world, ids.siteAnalysisNodeId)).run_status;
      return value === 'finished' || value === 'failed' || value === 'stopped' ? value : undefined;
    });
    return { ...ids, status, lines: await nodeLogs(world, ids.analysisId, world.siteNode.id) };
  };

  it('reports the run status transitions of a run in order', async () => {
    const run = await runAtSite(
      'Statuses',
      'import os, pathlib\nprint("hello")\npathlib.Path(os.environ["FEDERA_OUTPUT_DIR"], "out.txt").write_text("hi")\n',
    );
    expect(run.status).toBe('finished');
    expect(await runStatusHistory(world, run.siteAnalysisNodeId)).toEqual([
      'starting',
      'started',
      'running',
      'finished',
    ]);
  });

  it('fails a run that leaves no result', async () => {
    const run = await runAtSite('Silent', 'print("done")\n');
    expect(run.status).toBe('failed');
    expect(run.lines.map((line) => line.message)).toContain(
      'The analysis wrote nothing into FEDERA_OUTPUT_DIR.',
    );
  });

  it('reports a failing analysis as failed, with its error output', async () => {
    const run = await runAtSite('Failing', 'import sys\nprint("reading data")\nsys.exit("no data today")\n');
    expect(run.status).toBe('failed');
    const messages = run.lines.map((line) => `${line.level}: ${line.message}`);
    expect(messages).toContain('info: reading data');
    expect(messages).toContain('error: no data today');
    expect(messages).toContain('error: The analysis exited with code 1.');
  });

  it('ends an analysis that exceeds the time limit', async () => {
    site.config.runTimeoutMs = 1500;
    try {
      const run = await runAtSite('Slow', 'import time\nprint("thinking")\ntime.sleep(60)\n');
      expect(run.status).toBe('failed');
      expect(run.lines.map((line) => line.message)).toContain(
        'The analysis exceeded the time limit of 1500 ms and was ended.',
      );
    } finally {
      site.config.runTimeoutMs = 15 * 60_000;
    }
  });

  it('ends an analysis that exceeds the memory limit', async () => {
    site.config.runMemoryMb = 64;
    try {
      const run = await runAtSite(
        'Greedy',
        'import time\nblob = bytearray(256 * 1024 * 1024)\ntime.sleep(30)\n',
      );
      expect(run.status).toBe('failed');
      expect(run.lines.map((line) => line.message)).toContain(
        'The analysis exceeded the memory limit of 64 MB and was ended.',
      );
    } finally {
      site.config.runMemoryMb = 1024;
    }
  });

  it('refuses an image whose digest is not the one the hub recorded', async () => {
    const marker = path.join(site.dataDir, '..', 'tampered-ran');
    const tampered = `open(${JSON.stringify(marker)}, "w").write("ran")\n`;
    const run = await runAtSite('Tampered', 'print("the approved code")\n', tampered);
    expect(run.status).toBe('failed');
    expect(
      run.lines.some((line) => line.level === 'error' && line.message.includes('is not the digest')),
    ).toBe(true);
    await expect(readFile(marker)).rejects.toThrow();
  });

  it('stops a run on tearDown and runs it again on spinUp', async () => {
    const marker = path.join(site.dataDir, '..', 'stopped-once');
    const code = [
      'import os, pathlib, time',
      `marker = pathlib.Path(${JSON.stringify(marker)})`,
      'if marker.exists():',
      '    print("second run")',
      '    pathlib.Path(os.environ["FEDERA_OUTPUT_DIR"], "out.txt").write_text("done")',
      'else:',
      '    marker.write_text("x")',
      '    print("first run, waiting", flush=True)',
      '    time.sleep(60)',
    ].join('\n');
    const ids = await createAnalysis(world, 'Stop and start', { 'main.py': code });
    await until(
      async () => (await analysisNodeOf(world, ids.siteAnalysisNodeId)).approval_status === 'approved',
    );
    await build(ids.analysisId, { 'main.py': code });
    await until(async () => (await analysisNodeOf(world, ids.siteAnalysisNodeId)).run_status === 'running');
    // Stop it mid-way: once the interpreter is up and the first run has said so (a slow machine may
    // take a while to start it after the run is reported running).
    await until(async () =>
      (await nodeLogs(world, ids.analysisId, world.siteNode.id)).some(
        (line) => line.message === 'first run, waiting',
      ),
    );

    const stop = await world.owner.post(`/core/analyses/${ids.analysisId}/command`, { command: 'tearDown' });
    expect(stop.statusCode, stop.body).toBe(202);
    await until(async () => (await analysisNodeOf(world, ids.siteAnalysisNodeId)).run_status === 'stopped');
    const stoppedLines = (await nodeLogs(world, ids.analysisId, world.siteNode.id)).map(
      (line) => line.message,
    );
    expect(stoppedLines).toContain('first run, waiting');
    expect(stoppedLines).toContain('The run was stopped by the hub.');

    const start = await world.owner.post(`/core/analyses/${ids.analysisId}/command`, { command: 'spinUp' });
    expect(start.statusCode, start.body).toBe(202);
    await until(async () => (await analysisNodeOf(world, ids.siteAnalysisNodeId)).run_status === 'finished');
    expect((await nodeLogs(world, ids.analysisId, world.siteNode.id)).map((line) => line.message)).toContain(
      'second run',
    );
    expect(await runStatusHistory(world, ids.siteAnalysisNodeId)).toEqual([
      'starting',
      'started',
      'running',
      'stopping',
      'stopped',
      'starting',
      'started',
      'running',
      'finished',
    ]);
  });

  it("gives the analysis the contract's variables and none of the agent's", async () => {
    process.env.NODE_ROBOT_SECRET = 'agent-secret-never-shown';
    try {
      const run = await runAtSite(
        'Environment',
        [
          'import os, pathlib',
          'for name in sorted(os.environ): print("variable " + name + "=" + os.environ[name])',
          // Everything of the agent's work directory the analysis can reach (HOME is its run's).
          'for item in sorted(pathlib.Path(os.environ["HOME"]).parent.rglob("*")):',
          '    if item.is_file(): print("file " + str(item) + " " + item.read_text(errors="replace")[:500].replace("\\n", " "))',
          'pathlib.Path(os.environ["FEDERA_OUTPUT_DIR"], "out.txt").write_text("ok")',
        ].join('\n'),
      );
      expect(run.status).toBe('finished');
      const variables = run.lines.map((line) => line.message).filter((line) => line.startsWith('variable '));
      expect(variables).toContain(`variable FEDERA_INPUT_DIR=${site.config.dataDir}`);
      expect(variables).toContain('variable FEDERA_ROLE=default');
      expect(variables).toContain(`variable FEDERA_NODE_ID=${world.siteNode.id}`);
      expect(variables.join('\n')).not.toContain('agent-secret-never-shown');
      expect(variables.join('\n')).not.toContain(site.config.robotSecret);
      expect(variables.some((line) => line.startsWith('variable NODE_'))).toBe(false);
      const files = run.lines.map((line) => line.message).filter((line) => line.startsWith('file '));
      expect(files.some((line) => line.includes('/opt/code/main.py'))).toBe(true);
      expect(files.join('\n')).not.toContain(site.config.robotSecret);
      expect(files.join('\n')).not.toContain('agent-secret-never-shown');
    } finally {
      delete process.env.NODE_ROBOT_SECRET;
    }
  });

  it('never runs an analysis its node has not approved', async () => {
    // The approval rule of the site does not name the hub realm, and nobody approves by hand.
    const other = await startAgent(world, world.siteNode, {
      data: { 'visits.csv': SITE_CSV },
    });
    agents.push(other.agent);
    await site.agent.stop();
    const { analysisId, siteAnalysisNodeId } = await createAnalysis(world, 'Unapproved', {
      'main.py': await MEANS,
    });
    await build(analysisId, { 'main.py': await MEANS });
    await other.agent.reconcile();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const record = await analysisNodeOf(world, siteAnalysisNodeId);
    expect(record.approval_status).toBeNull();
    expect(record.run_status).toBeNull();
    expect(await nodeLogs(world, analysisId, world.siteNode.id)).toEqual([]);
    await other.agent.stop();
  });
});
