import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent } from './support/agents.ts';
import { analysisNodeOf, startHubWorld, until, type HubWorld } from './support/hub.ts';
import { startOutageProxy } from './support/outage-proxy.ts';

/**
 * The agent when the hub goes away and comes back (a restart): it reconnects to realtime, subscribes
 * to its rooms again and acts on what happens next. Polling is set to ten minutes here, so only the
 * realtime connection can make the agent notice a new analysis.
 */
describe('node agent reconnect', () => {
  let world: HubWorld;
  let proxy: Awaited<ReturnType<typeof startOutageProxy>>;
  let site: Awaited<ReturnType<typeof startAgent>>;

  beforeAll(async () => {
    world = await startHubWorld();
    const hubAddress = new URL(world.url);
    proxy = await startOutageProxy({ host: hubAddress.hostname, port: Number(hubAddress.port) });
    site = await startAgent({ ...world, url: proxy.url }, world.siteNode, {
      settings: { autoApproveRealms: world.acmeId, pollIntervalMs: 600_000 },
    });
  });
  afterAll(async () => {
    await site?.agent.stop();
    await proxy?.stop();
    await world?.ctx.close();
  });

  const addAnalysis = async (name: string) => {
    const created = await world.owner.post('/core/analyses', { project_id: world.projectId, name });
    const link = await world.owner.post('/core/analysis-nodes', {
      analysis_id: created.json().id,
      node_id: world.siteNode.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    return link.json().id as string;
  };

  it('follows the hub over realtime, and again after the hub was gone', async () => {
    await until(async () => site.agent.realtimeConnected());
    const before = await addAnalysis('Before the outage');
    await until(async () => (await analysisNodeOf(world, before)).approval_status === 'approved');

    await proxy.down();
    await until(async () => !site.agent.realtimeConnected());
    // Meanwhile the hub gets a request the agent cannot hear about.
    const during = await addAnalysis('During the outage');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await analysisNodeOf(world, during)).approval_status).toBeNull();

    await proxy.up();
    await until(async () => site.agent.realtimeConnected(), 30_000);
    // Reconnected, the agent looks at everything again (it may have missed events) ...
    await until(async () => (await analysisNodeOf(world, during)).approval_status === 'approved');
    // ... and hears about the next request over realtime.
    const after = await addAnalysis('After the outage');
    await until(async () => (await analysisNodeOf(world, after)).approval_status === 'approved');
    expect(site.lines.some((line) => line.startsWith('realtime: disconnected'))).toBe(true);
  });
});
