import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clients, Recorder, listen, request, settle } from '#modules/realtime/realtime.test-support.ts';
import { createAnalysisWorld, type AnalysisWorld } from '../analyses/analyses.test-support.ts';

/**
 * A node's robot over realtime, as its agent follows the In rooms of its realm: it hears about its
 * own node's project and analysis nodes only, never about the other node of its realm (whose events
 * the node's operator still gets), and it cannot follow anything beyond its node.
 */
describe("a node robot's realtime rooms", () => {
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

  it("hears about its own node's records only", async () => {
    const robot = await clients.connect(`/resources/${world.siteId}`, { token: world.siteNode.robot.token });
    const operator = await clients.connect(`/resources/${world.siteId}`, { token: world.siteOperator.token });
    for (const room of ['analysisNodeIn', 'projectNodeIn']) {
      expect(await request(robot, `${room}Subscribe`)).toEqual({ ok: true });
      expect(await request(operator, `${room}Subscribe`)).toEqual({ ok: true });
    }
    // Naming another node's record changes nothing: the robot stays in its own node's room.
    expect(await request(robot, 'analysisNodeSubscribe', { id: world.strayNode.id })).toEqual({ ok: true });
    expect(await request(robot, 'analysisSubscribe')).toMatchObject({ ok: false });
    const robotEvents = new Recorder(robot);
    const operatorEvents = new Recorder(operator);

    const strayProjectLink = (
      await world.owner.post('/core/project-nodes', {
        project_id: world.projectId,
        node_id: world.strayNode.id,
      })
    ).json();
    const analysis = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Followed' })
    ).json();
    const strayLink = (
      await world.owner.post('/core/analysis-nodes', {
        analysis_id: analysis.id,
        node_id: world.strayNode.id,
      })
    ).json();
    const siteLink = (
      await world.owner.post('/core/analysis-nodes', { analysis_id: analysis.id, node_id: world.siteNode.id })
    ).json();

    const own = await robotEvents.waitFor('analysisNodeCreated', siteLink.id);
    expect(own.payload.data.node_id).toBe(world.siteNode.id);
    await operatorEvents.waitFor('analysisNodeCreated', strayLink.id);
    await operatorEvents.waitFor('projectNodeCreated', strayProjectLink.id);
    await settle();
    expect(robotEvents.about(strayLink.id)).toEqual([]);
    expect(robotEvents.about(strayProjectLink.id)).toEqual([]);
  });
});
