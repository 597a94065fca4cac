import { PlatformPermissionName as P } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { createRealm, userWith } from '../core.test-support.ts';
import { analyses, analysisNodes } from '../db/index.ts';
import { HIDDEN_NODE_MESSAGE, NODE_IN_USE_MESSAGE } from './project-node.resource.ts';

describe('project nodes', () => {
  let ctx: TestApp;
  let admin: Caller;
  let acmeId: string;
  let siteId: string;
  let otherId: string;
  let owner: Caller & { id: string };
  let acmeApprover: Caller;
  let siteOperator: Caller;
  let otherOperator: Caller;
  let project: { id: string };
  let node: { id: string };

  const createNode = async (name: string, realmId: string, type = 'default') => {
    const response = await admin.post('/core/nodes', { name, realm_id: realmId, type });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    acmeId = await createRealm(admin, 'acme');
    siteId = await createRealm(admin, 'site');
    otherId = await createRealm(admin, 'other');
    owner = await userWith(ctx.app, admin, {
      name: 'owner',
      realmId: acmeId,
      realmName: 'acme',
      permissions: [P.PROJECT_CREATE, P.PROJECT_UPDATE],
    });
    acmeApprover = await userWith(ctx.app, admin, {
      name: 'acme-approver',
      realmId: acmeId,
      realmName: 'acme',
      permissions: [P.PROJECT_APPROVE],
    });
    siteOperator = await userWith(ctx.app, admin, {
      name: 'site-operator',
      realmId: siteId,
      realmName: 'site',
      permissions: [P.PROJECT_APPROVE, P.PROJECT_CREATE],
    });
    otherOperator = await userWith(ctx.app, admin, {
      name: 'other-operator',
      realmId: otherId,
      realmName: 'other',
      permissions: [P.PROJECT_APPROVE],
    });
    project = (await owner.post('/core/projects', { name: 'Federated study' })).json();
    node = await createNode('site-node', siteId);
  });
  afterAll(() => ctx.close());

  it('lets the project realm add a node and both realms see the request', async () => {
    expect((await ctx.app.inject({ url: '/core/project-nodes' })).statusCode).toBe(401);
    const refused = await siteOperator.post('/core/project-nodes', {
      project_id: project.id,
      node_id: node.id,
    });
    expect(refused.statusCode).toBe(403);

    const created = await owner.post('/core/project-nodes', { project_id: project.id, node_id: node.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      project_id: project.id,
      project_realm_id: acmeId,
      node_id: node.id,
      node_realm_id: siteId,
      approval_status: null,
    });
    expect(
      (await owner.post('/core/project-nodes', { project_id: project.id, node_id: node.id })).statusCode,
    ).toBe(409);

    const id = created.json().id;
    expect(
      (await siteOperator.get('/core/project-nodes')).json().data.map((row: { id: string }) => row.id),
    ).toEqual([id]);
    // The node's side cannot read the project, so the request shows who asked, and when.
    const shown = (await siteOperator.get(`/core/project-nodes/${id}?include=project`)).json().project;
    expect(shown).toMatchObject({ name: 'Federated study', user_id: owner.id, robot_id: null });
    expect(shown.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await siteOperator.get(`/core/projects/${project.id}`)).statusCode).toBe(404);
    expect((await owner.get('/core/project-nodes')).json().meta.total).toBe(1);
    expect((await otherOperator.get('/core/project-nodes')).json().meta.total).toBe(0);
    expect((await otherOperator.get(`/core/project-nodes/${id}`)).statusCode).toBe(404);
    expect((await admin.get('/core/project-nodes')).json().meta.total).toBe(1);
  });

  it('lets only the node realm approve, with project_approve', async () => {
    const [row] = (await admin.get(`/core/project-nodes?filter[node_id]=${node.id}`)).json().data;
    const url = `/core/project-nodes/${row.id}`;
    expect((await otherOperator.post(url, { approval_status: 'approved' })).statusCode).toBe(404);
    expect((await owner.post(url, { approval_status: 'approved' })).statusCode).toBe(403);
    const wrongSide = await acmeApprover.post(url, { approval_status: 'approved' });
    expect(wrongSide.statusCode).toBe(403);
    expect(wrongSide.json().message).toBe('You are not permitted to update this object.');

    const invalid = await siteOperator.post(url, { approval_status: 'maybe', comment: 'abc' });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['approval_status', 'comment']);
    expect(
      (await siteOperator.post(url, { approval_status: 'approved', project_id: project.id })).statusCode,
    ).toBe(400);

    const approved = await siteOperator.post(url, {
      approval_status: 'approved',
      comment: 'Looks good to us',
    });
    expect(approved.statusCode, approved.body).toBe(202);
    expect(approved.json()).toMatchObject({ approval_status: 'approved', comment: 'Looks good to us' });
    const rejected = await admin.post(url, { approval_status: 'rejected' });
    expect(rejected.json()).toMatchObject({ approval_status: 'rejected', comment: null });
  });

  it('approves aggregator nodes at once and checks references', async () => {
    const aggregator = await createNode('aggregator', otherId, 'aggregator');
    const created = await owner.post('/core/project-nodes', {
      project_id: project.id,
      node_id: aggregator.id,
    });
    expect(created.json().approval_status).toBe('approved');
    const missing = await owner.post('/core/project-nodes', {
      project_id: '00000000-0000-4000-8000-000000000000',
      node_id: aggregator.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The project does not exist.');
  });

  it('refuses hidden nodes, which the selection does not offer', async () => {
    const hidden = await createNode('hidden-node', siteId);
    expect((await admin.post(`/core/nodes/${hidden.id}`, { hidden: true })).statusCode).toBe(202);
    const refused = await owner.post('/core/project-nodes', { project_id: project.id, node_id: hidden.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(HIDDEN_NODE_MESSAGE);
    const listed = await owner.get(`/core/project-nodes?filter[project_id]=${project.id}`);
    expect(listed.json().data.map((row: { node_id: string }) => row.node_id)).not.toContain(hidden.id);
    expect((await owner.get(`/core/projects/${project.id}`)).json().nodes).toBe(listed.json().meta.total);
  });

  it('counts nodes exactly under concurrent additions and removals', async () => {
    const counted = (await owner.post('/core/projects', { name: 'Counted study' })).json();
    const created = [];
    for (let index = 0; index < 10; index += 1) created.push(await createNode(`count-${index}`, siteId));
    const responses = await Promise.all(
      created.map((item) => owner.post('/core/project-nodes', { project_id: counted.id, node_id: item.id })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    expect((await owner.get(`/core/projects/${counted.id}`)).json().nodes).toBe(10);

    const removals = await Promise.all(
      responses.slice(0, 4).map((response) => owner.delete(`/core/project-nodes/${response.json().id}`)),
    );
    expect(removals.map((response) => response.statusCode)).toEqual(Array(4).fill(202));
    expect((await owner.get(`/core/projects/${counted.id}`)).json().nodes).toBe(6);

    // Deleting a node removes it from its projects, and the counter follows.
    expect((await admin.delete(`/core/nodes/${created[9]!.id}`)).statusCode).toBe(202);
    expect((await owner.get(`/core/projects/${counted.id}`)).json().nodes).toBe(5);
  });

  it('keeps a node that an analysis runs on, and releases it otherwise', async () => {
    const study = (await owner.post('/core/projects', { name: 'Running study' })).json();
    const busy = await createNode('busy-node', siteId);
    const link = (await owner.post('/core/project-nodes', { project_id: study.id, node_id: busy.id })).json();
    const db = ctx.database.db;
    const [analysis] = await db
      .insert(analyses)
      .values({ project_id: study.id, realm_id: acmeId })
      .returning();
    await db.insert(analysisNodes).values({
      analysis_id: analysis!.id,
      analysis_realm_id: acmeId,
      node_id: busy.id,
      node_realm_id: siteId,
      run_status: 'running',
    });
    expect((await db.select().from(analyses).where(eq(analyses.id, analysis!.id)))[0]!.nodes).toBe(1);

    expect((await siteOperator.delete(`/core/project-nodes/${link.id}`)).statusCode).toBe(403);
    const refused = await owner.delete(`/core/project-nodes/${link.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NODE_IN_USE_MESSAGE);

    await db.update(analysisNodes).set({ run_status: 'failed' }).where(eq(analysisNodes.node_id, busy.id));
    expect((await owner.delete(`/core/project-nodes/${link.id}`)).statusCode).toBe(202);
    expect(await db.select().from(analysisNodes).where(eq(analysisNodes.node_id, busy.id))).toEqual([]);
    expect((await db.select().from(analyses).where(eq(analyses.id, analysis!.id)))[0]!.nodes).toBe(0);
  });
});
