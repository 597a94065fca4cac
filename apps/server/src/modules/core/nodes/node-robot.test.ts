import { PlatformPermissionName as P } from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { permissions, robotPermissions, robots } from '#modules/auth/index.ts';
import { createRealm, userWith } from '../core.test-support.ts';

describe('the node robot on node updates', () => {
  let ctx: TestApp;
  let admin: Caller;
  let siteId: string;
  let manager: Caller;

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
  });
  afterAll(() => ctx.close());

  const permissionsOf = async (robotId: string) =>
    (
      await ctx.database.db
        .select({ name: permissions.name })
        .from(robotPermissions)
        .innerJoin(permissions, eq(permissions.id, robotPermissions.permission_id))
        .where(eq(robotPermissions.robot_id, robotId))
    )
      .map((row) => row.name)
      .sort();
  const nodePermissions = [P.ANALYSIS_APPROVE, P.ANALYSIS_UPDATE, P.PROJECT_APPROVE].sort();
  const signsIn = async (id: string, secret: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id, secret },
      })
    ).statusCode;

  it('creates the robot again when it was deleted, with the node permissions, its secret shown once', async () => {
    const created = await manager.post('/core/nodes', { name: 'Clinic', type: 'default' });
    expect(created.statusCode, created.body).toBe(201);
    const node = created.json();

    const removed = await admin.delete(`/auth/robots/${node.robot_id}`);
    expect(removed.statusCode, removed.body).toBe(202);
    expect((await manager.get(`/core/nodes/${node.id}`)).json().robot_id).toBeNull();

    const updated = await manager.post(`/core/nodes/${node.id}`, { hidden: true });
    expect(updated.statusCode, updated.body).toBe(202);
    const repaired = updated.json();
    expect(repaired).toMatchObject({ id: node.id, hidden: true });
    expect(repaired.robot_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(repaired.robot_id).not.toBe(node.robot_id);
    expect(repaired.robot_secret).toMatch(/^[A-Za-z0-9]{64}$/);
    expect((await manager.get(`/core/nodes/${node.id}`)).json().robot_id).toBe(repaired.robot_id);

    const [robot] = await ctx.database.db.select().from(robots).where(eq(robots.id, repaired.robot_id));
    expect(robot).toMatchObject({ realm_id: siteId });
    expect(await permissionsOf(repaired.robot_id)).toEqual(nodePermissions);
    expect(await signsIn(repaired.robot_id, repaired.robot_secret)).toBe(200);

    // With its robot in place, an update leaves it alone and shows no secret.
    const again = await manager.post(`/core/nodes/${node.id}`, { hidden: false });
    expect(again.json().robot_id).toBe(repaired.robot_id);
    expect(again.json().robot_secret).toBeUndefined();
    expect(await signsIn(repaired.robot_id, repaired.robot_secret)).toBe(200);
  });

  it('gives an existing robot back the node permissions it lost', async () => {
    const node = (await manager.post('/core/nodes', { name: 'Lab', type: 'default' })).json();
    const [approve] = await ctx.database.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, P.ANALYSIS_APPROVE));
    await ctx.database.db
      .delete(robotPermissions)
      .where(
        and(eq(robotPermissions.robot_id, node.robot_id), eq(robotPermissions.permission_id, approve!.id)),
      );
    expect(await permissionsOf(node.robot_id)).not.toContain(P.ANALYSIS_APPROVE);

    const updated = await manager.post(`/core/nodes/${node.id}`, { name: 'Lab 2' });
    expect(updated.statusCode, updated.body).toBe(202);
    expect(updated.json().robot_id).toBe(node.robot_id);
    expect(await permissionsOf(node.robot_id)).toEqual(nodePermissions);
  });
});
