import { PlatformPermissionName as P } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { robots } from '#modules/auth/index.ts';
import { createRealm, p256PublicKey, userWith } from '../core.test-support.ts';
import { nodeTasks } from '../db/index.ts';
import { NODE_REALM_FIXED_MESSAGE } from './node.resource.ts';

describe('nodes', () => {
  let ctx: TestApp;
  let admin: Caller;
  let siteId: string;
  let manager: Caller;
  let reader: Caller;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    siteId = await createRealm(admin, 'site');
    manager = await userWith(ctx.app, admin, {
      name: 'manager',
      realmId: siteId,
      realmName: 'site',
      permissions: [P.NODE_CREATE, P.NODE_UPDATE, P.NODE_DELETE],
    });
    reader = await userWith(ctx.app, admin, {
      name: 'reader',
      realmId: siteId,
      realmName: 'site',
      permissions: [P.PROJECT_CREATE],
    });
  });
  afterAll(() => ctx.close());

  it('gates every route by the node permissions', async () => {
    expect((await ctx.app.inject({ url: '/core/nodes' })).statusCode).toBe(401);
    expect((await reader.get('/core/nodes')).statusCode).toBe(200);
    expect((await reader.post('/core/nodes', { name: 'site-a', type: 'default' })).statusCode).toBe(403);
    const node = (await manager.post('/core/nodes', { name: 'gated', type: 'default' })).json();
    expect((await reader.post(`/core/nodes/${node.id}`, { hidden: true })).statusCode).toBe(403);
    expect((await reader.delete(`/core/nodes/${node.id}`)).statusCode).toBe(403);
    expect((await reader.post(`/core/nodes/${node.id}/task`, { task: 'setup' })).statusCode).toBe(403);
    const nobody = await userWith(ctx.app, admin, {
      name: 'nobody',
      realmId: siteId,
      realmName: 'site',
      permissions: [],
    });
    expect((await nobody.get('/core/nodes')).statusCode).toBe(403);
  });

  it('creates the node robot with the node, shows its secret once and deletes it with the node', async () => {
    const publicKey = await p256PublicKey();
    const created = await manager.post('/core/nodes', {
      name: 'University hospital',
      external_name: 'uni_hospital-1',
      type: 'default',
      public_key: publicKey,
    });
    expect(created.statusCode, created.body).toBe(201);
    const node = created.json();
    expect(node).toMatchObject({ realm_id: siteId, hidden: false, type: 'default', public_key: publicKey });
    expect(node.robot_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(node.robot_secret).toMatch(/^[A-Za-z0-9]{64}$/);

    const [robot] = await ctx.database.db.select().from(robots).where(eq(robots.id, node.robot_id));
    expect(robot!.realm_id).toBe(siteId);
    expect(robot!.name).toMatch(/^[a-z0-9]{21}$/);
    expect(robot!.secret.startsWith('$')).toBe(true);

    const read = await manager.get(`/core/nodes/${node.id}`);
    expect(read.json().robot_secret).toBeUndefined();
    expect(read.json().robot_id).toBe(node.robot_id);
    expect(JSON.stringify((await manager.get('/core/nodes')).json())).not.toContain(node.robot_secret);
    const updated = await manager.post(`/core/nodes/${node.id}`, { hidden: true });
    expect(updated.statusCode).toBe(202);
    expect(updated.json()).toMatchObject({ hidden: true });
    expect(updated.json().robot_secret).toBeUndefined();

    // The robot signs in and holds the node's permissions in its realm.
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'robot_credentials', id: node.robot_id, secret: node.robot_secret },
    });
    expect(token.statusCode, token.body).toBe(200);
    const robotCaller = callerWithToken(ctx.app, token.json().access_token);
    expect((await robotCaller.get('/core/project-nodes')).statusCode).toBe(200);

    expect((await manager.delete(`/core/nodes/${node.id}`)).statusCode).toBe(202);
    expect(await ctx.database.db.select().from(robots).where(eq(robots.id, node.robot_id))).toEqual([]);
  });

  it('lets a node robot approve the requests for its node', async () => {
    const node = (
      await admin.post('/core/nodes', { name: 'robot-site', realm_id: siteId, type: 'default' })
    ).json();
    const project = (await admin.post('/core/projects', { name: 'Robot approved study' })).json();
    const link = (
      await admin.post('/core/project-nodes', { project_id: project.id, node_id: node.id })
    ).json();
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'robot_credentials', id: node.robot_id, secret: node.robot_secret },
    });
    const robotCaller = callerWithToken(ctx.app, token.json().access_token);
    const approved = await robotCaller.post(`/core/project-nodes/${link.id}`, {
      approval_status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(202);
    expect(approved.json().approval_status).toBe('approved');

    // A robot may own a project too (given project_create).
    const permission = (await admin.get(`/auth/permissions?filter[name]=${P.PROJECT_CREATE}`)).json().data[0];
    const granted = await admin.post('/auth/robot-permissions', {
      robot_id: node.robot_id,
      permission_id: permission.id,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const owned = await robotCaller.post('/core/projects', { name: 'Robot owned study' });
    expect(owned.statusCode, owned.body).toBe(201);
    expect(owned.json()).toMatchObject({ robot_id: node.robot_id, user_id: null, realm_id: siteId });
  });

  it('validates names, external names and public keys', async () => {
    const short = await manager.post('/core/nodes', { name: 'ab', type: 'default' });
    expect(short.json().issues[0]).toMatchObject({
      path: 'name',
      message: 'This field should be at least 3 characters long',
    });
    const type = await manager.post('/core/nodes', { name: 'typed', type: 'incoming' });
    expect(type.json().issues[0].path).toBe('type');
    const external = await manager.post('/core/nodes', {
      name: 'external',
      type: 'default',
      external_name: 'a b',
    });
    expect(external.json().issues[0]).toMatchObject({
      path: 'external_name',
      message: 'Only letters, digits, hyphens and underscores are allowed.',
    });
    await manager.post('/core/nodes', { name: 'first', type: 'default', external_name: 'taken' });
    expect(
      (await manager.post('/core/nodes', { name: 'second', type: 'default', external_name: 'taken' }))
        .statusCode,
    ).toBe(409);
    const key = await manager.post('/core/nodes', {
      name: 'keyed',
      type: 'default',
      public_key: 'not a key at all',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe('The public key must be a PEM encoded EC P-256 public key.');
    const pem = await p256PublicKey();
    const hex = await manager.post('/core/nodes', {
      name: 'hex-keyed',
      type: 'default',
      public_key: Buffer.from(pem).toString('hex'),
    });
    expect(hex.statusCode, hex.body).toBe(201);
    expect(hex.json().public_key).toBe(pem);
  });

  it('keeps nodes in their realm', async () => {
    const otherId = await createRealm(admin, 'other');
    const outsider = await userWith(ctx.app, admin, {
      name: 'outsider',
      realmId: otherId,
      realmName: 'other',
      permissions: [P.NODE_CREATE, P.NODE_UPDATE, P.NODE_DELETE],
    });
    const node = (await manager.post('/core/nodes', { name: 'realm-bound', type: 'default' })).json();
    expect((await outsider.get(`/core/nodes/${node.id}`)).statusCode).toBe(404);
    expect((await outsider.delete(`/core/nodes/${node.id}`)).statusCode).toBe(404);
    expect(
      (await outsider.post('/core/nodes', { name: 'intruder', type: 'default', realm_id: siteId }))
        .statusCode,
    ).toBe(403);
  });

  it('accepts the whole node form on an edit, its realm only unchanged', async () => {
    const node = (await manager.post('/core/nodes', { name: 'edited', type: 'default' })).json();
    // What the node form sends on an edit: every field, the realm included.
    const form = { name: 'edited-again', external_name: null, realm_id: siteId, registry_id: null };
    const edited = await manager.post(`/core/nodes/${node.id}`, {
      ...form,
      hidden: true,
      type: 'aggregator',
    });
    expect(edited.statusCode, edited.body).toBe(202);
    expect(edited.json()).toMatchObject({
      name: 'edited-again',
      realm_id: siteId,
      hidden: true,
      type: 'aggregator',
    });

    const otherId = await createRealm(admin, 'elsewhere');
    const moved = await admin.post(`/core/nodes/${node.id}`, { realm_id: otherId });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(NODE_REALM_FIXED_MESSAGE);
    expect((await admin.get(`/core/nodes/${node.id}`)).json().realm_id).toBe(siteId);
    const unchanged = await manager.post(`/core/nodes/${node.id}`, { realm_id: siteId });
    expect(unchanged.statusCode, unchanged.body).toBe(202);
    expect(unchanged.json()).toMatchObject({ name: 'edited-again', realm_id: siteId });
    expect((await manager.post(`/core/nodes/${node.id}`, { realm: siteId })).statusCode).toBe(400);
  });

  it('records registry tasks for the worker (202) after checking the node state', async () => {
    const node = (await manager.post('/core/nodes', { name: 'tasked', type: 'default' })).json();
    const setup = await manager.post(`/core/nodes/${node.id}/task`, { task: 'setup' });
    expect(setup.statusCode).toBe(400);
    expect(setup.json().message).toBe('The node has not been assigned to a registry yet.');
    expect((await manager.post(`/core/nodes/${node.id}/task`, { task: 'explode' })).statusCode).toBe(400);

    const registry = (
      await admin.post('/core/registries', { name: 'harbor', host: 'harbor.example.org' })
    ).json();
    const assigned = await manager.post(`/core/nodes/${node.id}`, { registry_id: registry.id });
    expect(assigned.statusCode).toBe(202);
    // A node with a registry gets its project there at once; once that is gone, nothing is linked.
    expect(assigned.json().registry_project_id).toEqual(expect.any(String));
    expect(
      (await admin.delete(`/core/registry-projects/${assigned.json().registry_project_id}`)).statusCode,
    ).toBe(202);
    const unlink = await manager.post(`/core/nodes/${node.id}/task`, { task: 'projectUnlink' });
    expect(unlink.json().message).toBe('No related registry-resource exists at the moment.');
    const link = await manager.post(`/core/nodes/${node.id}/task`, {
      task: 'projectLink',
      secret: 'Str0ngSecret',
    });
    expect(link.statusCode, link.body).toBe(202);
    expect(link.json()).toMatchObject({ node_id: node.id, task: 'projectLink', status: 'queued' });
    expect(link.body).not.toContain('Str0ngSecret');
    const stored = await ctx.database.db.select().from(nodeTasks).where(eq(nodeTasks.node_id, node.id));
    expect(stored.map((row) => row.task)).toEqual(['projectLink']);
  });
});
