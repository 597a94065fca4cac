import { PlatformPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { createRealm, userWith } from '../core.test-support.ts';
import { analyses } from '../db/index.ts';
import { PROJECT_HAS_ANALYSES_MESSAGE } from './project.resource.ts';

describe('projects', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;
  let acmeId: string;
  let creator: Caller & { id: string };
  let reader: Caller;
  let nobody: Caller;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
    acmeId = await createRealm(admin, 'acme');
    creator = await userWith(ctx.app, admin, {
      name: 'creator',
      realmId: acmeId,
      realmName: 'acme',
      permissions: [P.PROJECT_CREATE, P.PROJECT_UPDATE, P.PROJECT_DELETE],
    });
    reader = await userWith(ctx.app, admin, {
      name: 'reader',
      realmId: acmeId,
      realmName: 'acme',
      permissions: [P.ANALYSIS_RESULT_READ],
    });
    nobody = await userWith(ctx.app, admin, {
      name: 'nobody',
      realmId: acmeId,
      realmName: 'acme',
      permissions: [],
    });
  });
  afterAll(() => ctx.close());

  it('refuses anonymous callers with 401 and callers without permission with 403', async () => {
    expect((await ctx.app.inject({ url: '/core/projects' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/core/projects', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
    expect((await nobody.get('/core/projects')).statusCode).toBe(403);
    expect((await nobody.post('/core/projects', { name: 'forbidden project' })).statusCode).toBe(403);
    expect((await reader.post('/core/projects', { name: 'forbidden project' })).statusCode).toBe(403);
    expect((await reader.get('/core/projects')).statusCode).toBe(200);
  });

  it('creates a project in the caller realm, owned by the caller', async () => {
    const response = await creator.post('/core/projects', {
      name: 'Cancer study',
      description: 'About cancer',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Cancer study',
      realm_id: acmeId,
      user_id: creator.id,
      robot_id: null,
      analyses: 0,
      nodes: 0,
    });
    const duplicate = await creator.post('/core/projects', { name: 'Cancer study' });
    expect(duplicate.statusCode).toBe(409);
  });

  it('lets only the master realm create a project in another realm', async () => {
    const refused = await creator.post('/core/projects', { name: 'Foreign study', realm_id: masterId });
    expect(refused.statusCode).toBe(403);
    const created = await admin.post('/core/projects', { name: 'Acme study by admin', realm_id: acmeId });
    expect(created.statusCode).toBe(201);
    expect(created.json().realm_id).toBe(acmeId);
  });

  it('validates names, descriptions and master images with the spec messages', async () => {
    const short = await creator.post('/core/projects', { name: 'abcd' });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0]).toMatchObject({
      path: 'name',
      message: 'This field should be at least 5 characters long',
    });
    const long = await creator.post('/core/projects', { name: 'a'.repeat(101) });
    expect(long.json().issues[0].message).toBe('The maximum length allowed is 100');
    const description = await creator.post('/core/projects', { name: 'valid name', description: 'abc' });
    expect(description.json().issues[0]).toMatchObject({ path: 'description' });
    const image = await creator.post('/core/projects', {
      name: 'valid name',
      master_image_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe('The master image does not exist.');
  });

  it('refuses clients: only users and robots own projects', async () => {
    const client = await admin.post('/auth/clients', {
      name: 'svc',
      realm_id: acmeId,
      is_confidential: true,
    });
    expect(client.statusCode, client.body).toBe(201);
    const { id, secret } = client.json();
    const permission = (await admin.get(`/auth/permissions?filter[name]=${P.PROJECT_CREATE}`)).json().data[0];
    await admin.post('/auth/client-permissions', { client_id: id, permission_id: permission.id });
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'client_credentials', client_id: id, client_secret: secret },
    });
    expect(token.statusCode, token.body).toBe(200);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/core/projects',
      headers: { authorization: `Bearer ${token.json().access_token}` },
      payload: { name: 'client project' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('Only user-/robot-accounts are permitted to create a project');
  });

  it('keeps other realms out', async () => {
    const other = await createRealm(admin, 'other');
    const outsider = await userWith(ctx.app, admin, {
      name: 'outsider',
      realmId: other,
      realmName: 'other',
      permissions: [P.PROJECT_UPDATE, P.PROJECT_DELETE],
    });
    const project = (await creator.post('/core/projects', { name: 'Private study' })).json();
    expect((await outsider.get(`/core/projects/${project.id}`)).statusCode).toBe(404);
    expect((await outsider.get('/core/projects')).json().meta.total).toBe(0);
    expect((await outsider.post(`/core/projects/${project.id}`, { name: 'Taken over' })).statusCode).toBe(
      404,
    );
    expect((await outsider.delete(`/core/projects/${project.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/core/projects/${project.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a project with analyses', async () => {
    const project = (await creator.post('/core/projects', { name: 'Busy study' })).json();
    await ctx.database.db
      .insert(analyses)
      .values({ project_id: project.id, realm_id: acmeId, name: 'first' });
    expect((await creator.get(`/core/projects/${project.id}`)).json().analyses).toBe(1);
    const refused = await creator.delete(`/core/projects/${project.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PROJECT_HAS_ANALYSES_MESSAGE);
    expect(refused.json().message).not.toMatch(/train/i);

    const idle = (await creator.post('/core/projects', { name: 'Idle study' })).json();
    const node = (await admin.post('/core/nodes', { name: 'idle-node', type: 'default' })).json();
    expect(
      (await creator.post('/core/project-nodes', { project_id: idle.id, node_id: node.id })).statusCode,
    ).toBe(201);
    const deleted = await creator.delete(`/core/projects/${idle.id}`);
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json().id).toBe(idle.id);
    expect((await admin.get(`/core/project-nodes?filter[project_id]=${idle.id}`)).json().meta.total).toBe(0);
    expect((await admin.get(`/core/nodes/${node.id}`)).statusCode).toBe(200);
  });

  it('removes the projects, nodes and analyses of a deleted realm', async () => {
    const doomedId = await createRealm(admin, 'doomed');
    const project = (await admin.post('/core/projects', { name: 'Doomed study', realm_id: doomedId })).json();
    const node = (
      await admin.post('/core/nodes', { name: 'doomed-node', type: 'default', realm_id: doomedId })
    ).json();
    await admin.post('/core/project-nodes', { project_id: project.id, node_id: node.id });
    await ctx.database.db.insert(analyses).values({ project_id: project.id, realm_id: doomedId });

    const deleted = await admin.delete(`/auth/realms/${doomedId}`);
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect((await admin.get(`/core/projects/${project.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/core/nodes/${node.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/core/project-nodes?filter[node_id]=${node.id}`)).json().meta.total).toBe(0);
  });
});
