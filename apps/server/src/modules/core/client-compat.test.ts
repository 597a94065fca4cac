import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisWorld, type AnalysisWorld } from './analyses/analyses.test-support.ts';
import { nodes } from './db/index.ts';

/** Calls a node makes with the original's clients (flame_hub, the node software), as they make them. */
describe('node calls of the original clients', () => {
  let world: AnalysisWorld;

  beforeAll(async () => {
    world = await createAnalysisWorld();
  });
  afterAll(() => world.ctx.close());

  it('lets a node read its own registry project with the robot account it pulls with', async () => {
    const project = await world.admin.post('/core/registry-projects', {
      name: 'site-node project',
      external_name: 'site_node',
      type: 'node',
      registry_id: world.registryId,
      realm_id: world.siteId,
      account_name: 'robot$site_node',
      account_secret: 'Pull-Secret-42',
    });
    expect(project.statusCode, project.body).toBe(201);
    const other = await world.admin.post('/core/registry-projects', {
      name: 'stray-node project',
      external_name: 'stray_node',
      type: 'node',
      registry_id: world.registryId,
      realm_id: world.siteId,
      account_name: 'robot$stray_node',
      account_secret: 'Other-Secret-43',
    });
    expect(other.statusCode, other.body).toBe(201);
    // Registry setup links each node to its project.
    await world.ctx.database.db
      .update(nodes)
      .set({ registry_project_id: project.json().id })
      .where(eq(nodes.id, world.siteNode.id));
    await world.ctx.database.db
      .update(nodes)
      .set({ registry_project_id: other.json().id })
      .where(eq(nodes.id, world.strayNode.id));

    const url = (id: string) => `/core/registry-projects/${id}?fields=+account_name,+account_secret`;
    const own = await world.siteNode.robot.get(url(project.json().id));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: project.json().id,
      external_name: 'site_node',
      account_name: 'robot$site_node',
      account_secret: 'Pull-Secret-42',
    });
    const plain = await world.siteNode.robot.get(`/core/registry-projects/${project.json().id}`);
    expect(plain.json()).not.toHaveProperty('account_secret');
    // Another node's project (same realm) stays closed, and so do lists and changes.
    expect((await world.siteNode.robot.get(url(other.json().id))).statusCode).toBe(403);
    expect((await world.siteNode.robot.get('/core/registry-projects')).statusCode).toBe(403);
    const changed = await world.siteNode.robot.post(`/core/registry-projects/${project.json().id}`, {
      name: 'renamed',
    });
    expect(changed.statusCode).toBe(403);
  });

  it('takes any approval comment of a node, however short', async () => {
    const analysis = await world.owner.post('/core/analyses', {
      project_id: world.projectId,
      name: 'Comment',
    });
    const link = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysis.json().id,
      node_id: world.siteNode.id,
    });
    // flame_hub's update_analysis_node sends only what it is given.
    const approved = await world.siteNode.robot.post(`/core/analysis-nodes/${link.json().id}`, {
      approval_status: 'approved',
      comment: 'ok',
    });
    expect(approved.statusCode, approved.body).toBe(202);
    expect(approved.json()).toMatchObject({ approval_status: 'approved', comment: 'ok' });
  });

  it('accepts a node log line with 202 and no body', async () => {
    const analysis = await world.owner.post('/core/analyses', {
      project_id: world.projectId,
      name: 'Logged',
    });
    const analysisId = analysis.json().id as string;
    const link = await world.owner.post('/core/analysis-nodes', {
      analysis_id: analysisId,
      node_id: world.siteNode.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    const written = await world.siteNode.robot.post('/core/analysis-node-logs', {
      analysis_id: analysisId,
      node_id: world.siteNode.id,
      level: 'info',
      message: 'Analysis started.',
      status: 'started',
    });
    expect(written.statusCode, written.body).toBe(202);
    expect(written.body).toBe('');
    const read = await world.owner.get(
      `/core/analysis-node-logs?filter[analysis_id]=${analysisId}&filter[node_id]=${world.siteNode.id}`,
    );
    expect(read.json().data.map((line: { message: string }) => line.message)).toEqual(['Analysis started.']);
  });
});
