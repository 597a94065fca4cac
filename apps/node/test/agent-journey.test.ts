import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeAgent } from '../src/agent.ts';
import {
  analysisNodeOf,
  createAnalysis,
  nodeLogs,
  recordBuild,
  startHubWorld,
  until,
  type HubWorld,
} from './support/hub.ts';
import { analysisImage, memoryPuller, type TestImage } from './support/images.ts';
import { startAgent } from './support/agents.ts';

const MEANS = readFile(path.join(import.meta.dirname, 'fixtures/means.py'), 'utf8');
const SITE_CSV = 'age,weight,city\n30,70.5,Bonn\n40,80.5,Köln\n50,90,Trier\n';

/**
 * The node agent against the real hub: approvals by rule, runs of built images with the process
 * driver, run status and logs reported, partial results through TEMP to the aggregator, and its
 * result in RESULT.
 */
describe('node agent', () => {
  let world: HubWorld;
  const images = new Map<string, TestImage>();
  const puller = memoryPuller(images);
  const agents: NodeAgent[] = [];
  let site: Awaited<ReturnType<typeof startAgent>>;
  let hub: Awaited<ReturnType<typeof startAgent>>;

  /** Publishes the analysis' image for both nodes and records the build, as the hub's build does. */
  const build = async (analysisId: string, image: TestImage, recorded = image.digest) => {
    for (const node of [world.siteNode, world.hubNode]) images.set(`${node.name}/${analysisId}`, image);
    await recordBuild(world, analysisId, recorded);
  };

  beforeAll(async () => {
    world = await startHubWorld();
    site = await startAgent(world, world.siteNode, {
      puller,
      data: { 'visits.csv': SITE_CSV },
      settings: { autoApproveRealms: world.acmeId },
    });
    hub = await startAgent(world, world.hubNode, { puller });
    agents.push(site.agent, hub.agent);
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.stop()));
    await world.ctx.close();
  });

  it('approves by rule, runs at the site and the aggregator, and leaves the pooled result', async () => {
    const { analysisId, siteAnalysisNodeId, hubAnalysisNodeId } = await createAnalysis(world, 'Means', {
      'main.py': await MEANS,
    });
    // The approval rule names the analysis' realm: the agent approves without a person.
    await until(async () => (await analysisNodeOf(world, siteAnalysisNodeId)).approval_status === 'approved');

    await build(analysisId, await analysisImage({ 'main.py': await MEANS }));
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

  it('never runs an analysis its node has not approved', async () => {
    // The approval rule of the site does not name the hub realm, and nobody approves by hand.
    const other = await startAgent(world, world.siteNode, { puller, data: { 'visits.csv': SITE_CSV } });
    agents.push(other.agent);
    await site.agent.stop();
    const { analysisId, siteAnalysisNodeId } = await createAnalysis(world, 'Unapproved', {
      'main.py': await MEANS,
    });
    const before = puller.pulls.length;
    await build(analysisId, await analysisImage({ 'main.py': await MEANS }));
    await other.agent.reconcile();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const record = await analysisNodeOf(world, siteAnalysisNodeId);
    expect(record.approval_status).toBeNull();
    expect(record.run_status).toBeNull();
    expect(puller.pulls.slice(before)).toEqual([]);
    await other.agent.stop();
  });
});
