import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, createAnalysisWorld, type AnalysisWorld } from '../analyses/analyses.test-support.ts';
import { userWith } from '../core.test-support.ts';

/**
 * A hostile node robot: the robot of `site-node` (realm `site`) tries to read what belongs to the
 * other node of its realm (`stray-node`), to a node of another realm (`hub-node`), and to a project
 * of its own realm it takes no part in. It sees only its own node's records; people keep seeing
 * their realm's.
 */
describe('what a node robot sees', () => {
  let world: AnalysisWorld;
  let siteRobot: AnalysisWorld['siteNode']['robot'];
  let analysisId: string;
  let localAnalysisId: string;
  let siteAnalysisNodeId: string;
  let strayAnalysisNodeId: string;
  let strayProjectNodeId: string;

  const ids = async (path: string) => {
    const response = await siteRobot.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: string }[]).map((row) => row.id);
  };
  const nodeIdsOf = async (path: string) => {
    const response = await siteRobot.get(path);
    expect(response.statusCode, response.body).toBe(200);
    return [...new Set((response.json().data as { node_id: string }[]).map((row) => row.node_id))];
  };

  beforeAll(async () => {
    world = await createAnalysisWorld();
    siteRobot = world.siteNode.robot;
    const { owner, admin, siteId, strayNode, siteNode, hubNode } = world;

    // The stray node joins the acme project and its analysis as well.
    const strayLink = await owner.post('/core/project-nodes', {
      project_id: world.projectId,
      node_id: strayNode.id,
    });
    expect(strayLink.statusCode, strayLink.body).toBe(201);
    strayProjectNodeId = strayLink.json().id;
    const analysis = await owner.post('/core/analyses', { project_id: world.projectId, name: 'Means' });
    expect(analysis.statusCode, analysis.body).toBe(201);
    analysisId = analysis.json().id;
    const analysisNodeIds: Record<string, string> = {};
    for (const node of [siteNode, strayNode, hubNode]) {
      const added = await owner.post('/core/analysis-nodes', { analysis_id: analysisId, node_id: node.id });
      expect(added.statusCode, added.body).toBe(201);
      analysisNodeIds[node.id] = added.json().id;
    }
    siteAnalysisNodeId = analysisNodeIds[siteNode.id]!;
    strayAnalysisNodeId = analysisNodeIds[strayNode.id]!;
    const strayApproved = await strayNode.robot.post(`/core/analysis-nodes/${strayAnalysisNodeId}`, {
      approval_status: 'approved',
    });
    expect(strayApproved.statusCode, strayApproved.body).toBe(202);
    const strayLog = await strayNode.robot.post('/core/analysis-node-logs', {
      analysis_id: analysisId,
      node_id: strayNode.id,
      level: 'info',
      message: 'stray data summary: 42 patients',
    });
    expect(strayLog.statusCode, strayLog.body).toBe(202);

    // A project of the site's own realm, on the stray node only.
    const researcher = await userWith(world.ctx.app, admin, {
      name: 'site-researcher',
      realmId: siteId,
      realmName: 'site',
      permissions: [P.PROJECT_CREATE, P.PROJECT_UPDATE, P.ANALYSIS_CREATE, P.ANALYSIS_UPDATE],
    });
    const local = await researcher.post('/core/projects', {
      name: 'Local study',
      master_image_id: world.masterImageId,
    });
    expect(local.statusCode, local.body).toBe(201);
    const localLink = await researcher.post('/core/project-nodes', {
      project_id: local.json().id,
      node_id: strayNode.id,
    });
    expect(localLink.statusCode, localLink.body).toBe(201);
    const localAnalysis = await researcher.post('/core/analyses', {
      project_id: local.json().id,
      name: 'Local means',
    });
    expect(localAnalysis.statusCode, localAnalysis.body).toBe(201);
    localAnalysisId = localAnalysis.json().id;
  });
  afterAll(() => world.ctx.close());

  it('sees its own node only', async () => {
    expect(await ids('/core/nodes')).toEqual([world.siteNode.id]);
    expect(await ids(`/core/nodes?filter[robot_id]=${world.strayNode.robotId}`)).toEqual([]);
    expect((await siteRobot.get(`/core/nodes/${world.siteNode.id}`)).statusCode).toBe(200);
    expect((await siteRobot.get(`/core/nodes/${world.strayNode.id}`)).statusCode).toBe(404);
    expect((await siteRobot.get(`/core/nodes/${world.hubNode.id}`)).statusCode).toBe(404);
  });

  it("sees its own node's project and analysis nodes only, not the other node's", async () => {
    expect(await nodeIdsOf('/core/project-nodes')).toEqual([world.siteNode.id]);
    expect(await nodeIdsOf('/core/analysis-nodes?include=analysis')).toEqual([world.siteNode.id]);
    expect((await siteRobot.get(`/core/project-nodes/${strayProjectNodeId}`)).statusCode).toBe(404);
    expect((await siteRobot.get(`/core/analysis-nodes/${strayAnalysisNodeId}`)).statusCode).toBe(404);
    expect(await nodeIdsOf('/core/analysis-node-events')).not.toContain(world.strayNode.id);
  });

  it("can neither read nor write the other node's run", async () => {
    const logs = await siteRobot.get(
      `/core/analysis-node-logs?filter[analysis_id]=${analysisId}&filter[node_id]=${world.strayNode.id}`,
    );
    expect(logs.statusCode).not.toBe(200);
    expect(logs.body).not.toContain('42 patients');
    const forged = await siteRobot.post('/core/analysis-node-logs', {
      analysis_id: analysisId,
      node_id: world.strayNode.id,
      level: 'error',
      message: 'forged',
    });
    expect(forged.statusCode).toBe(400);
    const status = await siteRobot.post(`/core/analysis-nodes/${strayAnalysisNodeId}`, {
      run_status: 'failed',
    });
    expect(status.statusCode).toBe(404);
    const stray = await world.siteOperator.get(`/core/analysis-nodes/${strayAnalysisNodeId}`);
    expect(stray.json().run_status).toBeNull();
  });

  it('sees no project, analysis or bucket of its realm that its node takes no part in', async () => {
    expect(await ids('/core/projects')).toEqual([]);
    expect(await ids('/core/analyses')).toEqual([]);
    expect((await siteRobot.get(`/core/analyses/${localAnalysisId}`)).statusCode).toBe(404);
    expect(await ids(`/core/analysis-buckets?filter[analysis_id]=${localAnalysisId}`)).toEqual([]);
    expect(await ids('/core/analysis-bucket-files')).toEqual([]);
  });

  it("reads its own registry project's pull account, never the other node's", async () => {
    const secretFields = `fields=${encodeURIComponent('+account_name,+account_secret')}`;
    const registryProjectOf = async (nodeId: string) =>
      (await world.admin.get(`/core/nodes/${nodeId}`)).json().registry_project_id as string;
    const own = await siteRobot.get(
      `/core/registry-projects/${await registryProjectOf(world.siteNode.id)}?${secretFields}`,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toHaveProperty('account_secret');
    const other = await siteRobot.get(
      `/core/registry-projects/${await registryProjectOf(world.strayNode.id)}?${secretFields}`,
    );
    expect(other.statusCode).not.toBe(200);
    expect(other.body).not.toContain('account_secret');
    // Listing registry projects stays a registry manager's business.
    expect((await siteRobot.get('/core/registry-projects')).statusCode).toBe(403);
  });

  it('still approves, runs and reports for its own node', async () => {
    const approved = await siteRobot.post(`/core/analysis-nodes/${siteAnalysisNodeId}`, {
      approval_status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(202);
    const log = await siteRobot.post('/core/analysis-node-logs', {
      analysis_id: analysisId,
      node_id: world.siteNode.id,
      level: 'info',
      message: 'site run started',
    });
    expect(log.statusCode, log.body).toBe(202);
    const ownLogs = await siteRobot.get(
      `/core/analysis-node-logs?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`,
    );
    expect(ownLogs.statusCode, ownLogs.body).toBe(200);
    expect(ownLogs.body).toContain('site run started');
    const running = await siteRobot.post(`/core/analysis-nodes/${siteAnalysisNodeId}`, {
      run_status: 'running',
    });
    expect(running.statusCode, running.body).toBe(202);
    const listed = await siteRobot.get('/core/analysis-nodes?include=analysis');
    expect(listed.json().data[0]).toMatchObject({ id: siteAnalysisNodeId, analysis: { id: analysisId } });
  });

  it("leaves people's view of their realm as it was", async () => {
    const operatorNodes = await world.siteOperator.get('/core/analysis-nodes');
    const nodeIds = (operatorNodes.json().data as { node_id: string }[]).map((row) => row.node_id).sort();
    expect(nodeIds).toEqual([world.siteNode.id, world.strayNode.id].sort());
    const projectNodes = await world.siteOperator.get('/core/project-nodes');
    expect((projectNodes.json().data as unknown[]).length).toBe(3);
    const buckets = await world.owner.get(`/core/analysis-buckets?filter[analysis_id]=${analysisId}`);
    expect((buckets.json().data as unknown[]).length).toBe(3);
    expect((await bucketOf(world.owner, analysisId, 'RESULT')).type).toBe('RESULT');
  });
});
