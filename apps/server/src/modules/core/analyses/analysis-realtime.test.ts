import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuildLog } from '../builds/build-log.ts';
import { userWith } from '../core.test-support.ts';
import { Clients, Recorder, listen, request, settle } from '#modules/realtime/realtime.test-support.ts';
import { createAnalysisWorld, type AnalysisWorld } from './analyses.test-support.ts';

describe('analysis realtime events', () => {
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

  it('reaches the analysis realm and the node realm, each with what it may see', async () => {
    const acme = await clients.connect(`/resources/${world.acmeId}`, { token: world.owner.token });
    const site = await clients.connect(`/resources/${world.siteId}`, { token: world.siteOperator.token });
    const hubRobot = await clients.connect(`/resources/${world.hubId}`, { token: world.hubNode.robot.token });
    for (const [socket, types] of [
      [acme, ['analysis', 'analysisNode', 'analysisBucket', 'analysisBucketFile']],
      [site, ['analysis', 'analysisNode', 'analysisNodeEvent']],
      [hubRobot, ['analysisNode']],
    ] as const) {
      for (const type of types) expect(await request(socket, `${type}Subscribe`)).toEqual({ ok: true });
    }
    // Approving projects is not enough to follow analyses.
    const projectApprover = await userWith(world.ctx.app, world.admin, {
      name: 'project-approver',
      realmId: world.siteId,
      realmName: 'site',
      permissions: [P.PROJECT_APPROVE],
    });
    const plain = await clients.connect(`/resources/${world.siteId}`, { token: projectApprover.token });
    expect(await request(plain, 'analysisNodeSubscribe')).toMatchObject({ ok: false });
    const acmeEvents = new Recorder(acme);
    const siteEvents = new Recorder(site);
    const hubEvents = new Recorder(hubRobot);

    const analysis = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Live analysis' })
    ).json();
    await acmeEvents.waitFor('analysisCreated', analysis.id);
    const buckets = (
      await world.owner.get(`/core/analysis-buckets?filter[analysis_id]=${analysis.id}`)
    ).json().data;
    for (const bucket of buckets) await acmeEvents.waitFor('analysisBucketCreated', bucket.id);

    const link = (
      await world.owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: world.siteNode.id })
    ).json();
    await acmeEvents.waitFor('analysisNodeCreated', link.id);
    // The analysis follows with its configuration checks, so a wizard needs no extra request.
    const checked = await acmeEvents.waitFor('analysisUpdated', analysis.id);
    expect(checked.payload.data).toMatchObject({
      nodes: 1,
      configuration_node_default_valid: true,
      configuration_nodes_valid: false,
    });
    const received = await siteEvents.waitFor('analysisNodeCreated', link.id);
    expect(received.payload.meta).toMatchObject({
      namespace: `/resources/${world.siteId}`,
      roomName: 'analysisNode',
    });
    await world.siteOperator.post(`/core/analysis-nodes/${link.id}`, { approval_status: 'approved' });
    expect((await acmeEvents.waitFor('analysisNodeUpdated', link.id)).payload.data.approval_status).toBe(
      'approved',
    );

    await settle();
    // The site sees its analysis node, not the analysis' own changes; the hub sees neither.
    expect(siteEvents.about(analysis.id)).toEqual([]);
    expect(hubEvents.about(link.id)).toEqual([]);
  });

  it('sends each build step to the log view of its analysis as it is written, not to the audit trail', async () => {
    const create = async (name: string) =>
      (await world.owner.post('/core/analyses', { project_id: world.projectId, name })).json() as {
        id: string;
        realm_id: string;
      };
    const building = await create('Building analysis');
    const other = await create('Other analysis');
    const following = await clients.connect(`/resources/${world.acmeId}`, { token: world.owner.token });
    const followingOther = await clients.connect(`/resources/${world.acmeId}`, { token: world.owner.token });
    expect(await request(following, 'analysisLogSubscribe', building.id)).toEqual({ ok: true });
    expect(await request(followingOther, 'analysisLogSubscribe', other.id)).toEqual({ ok: true });
    const lines = new Recorder(following);
    const otherLines = new Recorder(followingOther);

    const line = await writeBuildLog(world.ctx.app.telemetry, building, 'info', 'Build context uploaded.');
    const received = await lines.waitFor('analysisLogCreated', line.id);
    expect(received.payload.data).toMatchObject({ message: 'Build context uploaded.', level: 'info' });
    expect(received.payload.meta.roomName).toBe(`analysisLog/${building.id}`);

    await settle();
    expect(otherLines.events).toEqual([]);
    await world.ctx.app.telemetry.flush();
    const audit = await world.admin.get(`/telemetry/events?filter[ref_id]=${line.id}`);
    expect(audit.json().meta.total).toBe(0);
  });
});
