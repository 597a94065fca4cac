import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisWorld, type AnalysisWorld } from '../analyses/analyses.test-support.ts';
import { nodes } from '../db/index.ts';
import { NO_REGISTRY_MESSAGE, ONLY_NODE_ROBOT_MESSAGE } from './node-pull-credentials.routes.ts';

/** A node's robot reads where and with which account its node pulls analysis images; nobody else does. */
describe('node pull credentials', () => {
  let world: AnalysisWorld;

  beforeAll(async () => {
    world = await createAnalysisWorld();
    const project = await world.admin.post('/core/registry-projects', {
      name: 'site node project',
      external_name: 'site_project',
      type: 'node',
      registry_id: world.registryId,
      account_name: 'robot$site_project',
      account_secret: 'Pull-Secret-0123',
    });
    expect(project.statusCode, project.body).toBe(201);
    // The registry setup links a node to its project.
    await world.ctx.database.db
      .update(nodes)
      .set({ registry_project_id: project.json().id, external_name: 'site_project' })
      .where(eq(nodes.id, world.siteNode.id));
  });
  afterAll(() => world.ctx.close());

  it("gives the node's robot its registry, project and account", async () => {
    const response = await world.siteNode.robot.get(`/core/nodes/${world.siteNode.id}/pull-credentials`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      registry: 'harbor.example.org',
      project: 'site_project',
      username: 'robot$site_project',
      password: 'Pull-Secret-0123',
    });
  });

  it('refuses every other caller, even of the same realm or the hub administrator', async () => {
    for (const caller of [world.strayNode.robot, world.siteOperator, world.admin, world.hubNode.robot]) {
      const response = await caller.get(`/core/nodes/${world.siteNode.id}/pull-credentials`);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(ONLY_NODE_ROBOT_MESSAGE);
      expect(response.body).not.toContain('Pull-Secret-0123');
    }
  });

  it('says so when the node has no registry project yet', async () => {
    const response = await world.hubNode.robot.get(`/core/nodes/${world.hubNode.id}/pull-credentials`);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().message).toBe(NO_REGISTRY_MESSAGE);
  });
});
