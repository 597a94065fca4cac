import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisWorld, uploadCode, type AnalysisWorld } from './analyses.test-support.ts';

describe('SKIP_PROJECT_APPROVAL and SKIP_ANALYSIS_APPROVAL', () => {
  let world: AnalysisWorld;

  beforeAll(async () => {
    world = await createAnalysisWorld({
      SKIP_PROJECT_APPROVAL: 'true',
      SKIP_ANALYSIS_APPROVAL: 'true',
      ROLES: 'api,realtime',
    });
  });
  afterAll(() => world.ctx.close());

  it('approves project nodes on creation', async () => {
    const link = await world.owner.post('/core/project-nodes', {
      project_id: world.projectId,
      node_id: world.strayNode.id,
    });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json().approval_status).toBe('approved');
  });

  it('approves analysis nodes on creation, locks without waiting, and keeps approvals on unlock', async () => {
    const analysis = (
      await world.owner.post('/core/analyses', { project_id: world.projectId, name: 'Trusted' })
    ).json();
    for (const node of [world.siteNode, world.hubNode]) {
      const link = await world.owner.post('/core/analysis-nodes', {
        analysis_id: analysis.id,
        node_id: node.id,
      });
      expect(link.statusCode, link.body).toBe(201);
      expect(link.json().approval_status).toBe('approved');
    }
    await uploadCode(world, analysis.id, [{ path: 'main.py', content: 'print(1)' }]);
    const run = (command: string) => world.owner.post(`/core/analyses/${analysis.id}/command`, { command });
    const locked = await run('configurationLock');
    expect(locked.statusCode, locked.body).toBe(202);
    expect((await run('configurationUnlock')).statusCode).toBe(202);
    const nodes = (await world.owner.get(`/core/analysis-nodes?filter[analysis_id]=${analysis.id}`)).json()
      .data;
    expect(nodes.map((row: { approval_status: string }) => row.approval_status)).toEqual([
      'approved',
      'approved',
    ]);
  });
});

describe('without the switches', () => {
  let world: AnalysisWorld;

  beforeAll(async () => {
    world = await createAnalysisWorld({ ROLES: 'api,realtime' });
  });
  afterAll(() => world.ctx.close());

  it('leaves a default node unapproved', async () => {
    const link = await world.owner.post('/core/project-nodes', {
      project_id: world.projectId,
      node_id: world.strayNode.id,
    });
    expect(link.json().approval_status).toBeNull();
  });
});
