import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clients, Recorder, listen, request, settle } from '#modules/realtime/realtime.test-support.ts';
import { createAnalysisWorld, type AnalysisWorld } from './analyses.test-support.ts';

// The In/Out views of project nodes and analysis nodes (docs/product/analysis-platform.md §3 relation types),
// which never received events in the original: a node's realm follows the requests coming in, the owner's
// realm the requests it sent out.
describe('In/Out realtime rooms', () => {
  let world: AnalysisWorld;
  let baseUrl = '';
  const clients = new Clients(() => baseUrl);

  beforeAll(async () => {
    world = await createAnalysisWorld();
    baseUrl = await listen(world.ctx.app);
  });
  afterAll(async () => {
    clients.closeAll();
    await world.ctx.close();
  });

  it('sends a project node to the In room of the node realm and the Out room of the project realm', async () => {
    const site = await clients.connect(`/resources/${world.siteId}`, { token: world.siteOperator.token });
    const acme = await clients.connect(`/resources/${world.acmeId}`, { token: world.owner.token });
    expect(await request(site, 'projectNodeInSubscribe')).toEqual({ ok: true });
    expect(await request(site, 'projectNodeOutSubscribe')).toMatchObject({ ok: false });
    expect(await request(acme, 'projectNodeOutSubscribe')).toEqual({ ok: true });
    const siteEvents = new Recorder(site);
    const acmeEvents = new Recorder(acme);

    const project = (await world.owner.post('/core/projects', { name: 'Directional study' })).json();
    const link = (
      await world.owner.post('/core/project-nodes', { project_id: project.id, node_id: world.strayNode.id })
    ).json();
    const incoming = await siteEvents.waitFor('projectNodeCreated', link.id);
    expect(incoming.payload.meta).toMatchObject({
      namespace: `/resources/${world.siteId}`,
      roomName: 'projectNodeIn',
    });
    const outgoing = await acmeEvents.waitFor('projectNodeCreated', link.id);
    expect(outgoing.payload.meta).toMatchObject({
      namespace: `/resources/${world.acmeId}`,
      roomName: 'projectNodeOut',
    });

    await world.siteOperator.post(`/core/project-nodes/${link.id}`, { approval_status: 'rejected' });
    expect((await acmeEvents.waitFor('projectNodeUpdated', link.id)).payload.data.approval_status).toBe(
      'rejected',
    );
    await settle();
    // Each realm got the record once, through the one room it asked for.
    expect(siteEvents.about(link.id).map((event) => event.payload.meta.roomName)).toEqual([
      'projectNodeIn',
      'projectNodeIn',
    ]);
    expect(acmeEvents.about(link.id).map((event) => event.name)).toEqual([
      'projectNodeCreated',
      'projectNodeUpdated',
    ]);
  });

  it('sends an analysis node to the In room of the node realm and the Out room of the analysis realm', async () => {
    const site = await clients.connect(`/resources/${world.siteId}`, { token: world.siteOperator.token });
    const acme = await clients.connect(`/resources/${world.acmeId}`, { token: world.owner.token });
    expect(await request(site, 'analysisNodeInSubscribe')).toEqual({ ok: true });
    expect(await request(acme, 'analysisNodeOutSubscribe')).toEqual({ ok: true });
    // Following incoming requests needs the approval permission, which the owner lacks.
    expect(await request(acme, 'analysisNodeInSubscribe')).toMatchObject({ ok: false });
    const siteEvents = new Recorder(site);
    const acmeEvents = new Recorder(acme);

    const analysis = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Directional' })
    ).json();
    const link = (
      await world.owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: world.siteNode.id })
    ).json();
    expect((await siteEvents.waitFor('analysisNodeCreated', link.id)).payload.meta.roomName).toBe(
      'analysisNodeIn',
    );
    expect((await acmeEvents.waitFor('analysisNodeCreated', link.id)).payload.meta.roomName).toBe(
      'analysisNodeOut',
    );
    await world.owner.delete(`/core/analysis-nodes/${link.id}`);
    await siteEvents.waitFor('analysisNodeDeleted', link.id);
    await acmeEvents.waitFor('analysisNodeDeleted', link.id);
  });
});
