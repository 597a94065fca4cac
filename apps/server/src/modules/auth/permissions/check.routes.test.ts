import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

describe('permission and policy checks', () => {
  let ctx: TestApp;
  let admin: Caller;
  let adminIdentity: { type: string; id: string; realmId: string; realmName: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    const me = (await admin.get('/auth/users/@me')).json();
    adminIdentity = { type: 'user', id: me.id, realmId: me.realm_id, realmName: 'master' };
  });
  afterAll(() => ctx.close());

  it('reports the real outcome of a permission for the caller', async () => {
    const permission = (await admin.get('/auth/permissions?filter[name]=user_read')).json().data[0];
    const granted = await admin.post(`/auth/permissions/${permission.id}/check`, {});
    expect(granted.statusCode).toBe(202);
    expect(granted.json()).toEqual({ status: 'success' });

    const stranger = (
      await admin.post('/auth/users', { name: 'stranger', password: 'Stranger-Passw0rd' })
    ).json();
    const forStranger = await admin.post(`/auth/permissions/${permission.id}/check`, {
      identity: { type: 'user', id: stranger.id, realmId: stranger.realm_id, realmName: 'master' },
    });
    expect(forStranger.json()).toMatchObject({
      status: 'error',
      data: { code: 'permission_evaluation_failed' },
    });
  });

  it('evaluates against a record when attributes are given', async () => {
    const other = (await admin.post('/auth/realms', { name: 'other' })).json();
    const permission = (await admin.get('/auth/permissions?filter[name]=user_update')).json().data[0];
    // A user of the realm "other" holding user_update: allowed for records of "other" only.
    const role = (await admin.post('/auth/roles', { name: 'other-editor', realm_id: other.id })).json();
    await admin.post('/auth/role-permissions', { role_id: role.id, permission_id: permission.id });
    const editor = (await admin.post('/auth/users', { name: 'editor', realm_id: other.id })).json();
    await admin.post('/auth/user-roles', { user_id: editor.id, role_id: role.id });
    const identity = { type: 'user', id: editor.id, realmId: other.id, realmName: 'other' };

    const own = await admin.post(`/auth/permissions/${permission.id}/check`, {
      identity,
      attributes: { realm_id: other.id },
    });
    expect(own.json()).toEqual({ status: 'success' });
    const foreign = await admin.post(`/auth/permissions/${permission.id}/check`, {
      identity,
      attributes: { realm_id: adminIdentity.realmId },
    });
    expect(foreign.json().status).toBe('error');
  });

  it('reports a false policy as an error, not as success', async () => {
    const weekends = (
      await admin.post('/auth/policies', { name: 'sundays', type: 'time', interval: 'weekly', dayOfWeek: 0 })
    ).json();
    const monday = await admin.post(`/auth/policies/${weekends.id}/check`, {
      dateTime: '2026-11-23T12:00:00',
    });
    expect(monday.json()).toMatchObject({ status: 'error', data: { code: 'policy_denied' } });
    const sunday = await admin.post(`/auth/policies/${weekends.id}/check`, {
      dateTime: '2026-11-22T12:00:00',
    });
    expect(sunday.json()).toEqual({ status: 'success' });
  });

  it('names the stored policy that refused, inside a composite too', async () => {
    const composite = (
      await admin.post('/auth/policies', {
        name: 'weekday-robots',
        type: 'composite',
        decisionStrategy: 'unanimous',
      })
    ).json();
    const robots = (
      await admin.post('/auth/policies', {
        name: 'robots-of-the-job',
        type: 'identity',
        types: ['robot'],
        parent_id: composite.id,
      })
    ).json();
    const permission = (
      await admin.post('/auth/permissions', { name: 'weekday_job', policy_id: composite.id })
    ).json();
    const refused = await admin.post(`/auth/permissions/${permission.id}/check`, {});
    expect(refused.json()).toMatchObject({
      status: 'error',
      data: { policy: { id: robots.id, name: 'robots-of-the-job', type: 'identity' } },
    });
  });

  it('applies a permission policy of its own', async () => {
    const robotsOnly = (
      await admin.post('/auth/policies', { name: 'robots-only', type: 'identity', types: ['robot'] })
    ).json();
    const permission = (
      await admin.post('/auth/permissions', { name: 'nightly_job', policy_id: robotsOnly.id })
    ).json();
    const asUser = await admin.post(`/auth/permissions/${permission.id}/check`, {});
    expect(asUser.json()).toMatchObject({ status: 'error', data: { statusCode: 401 } });
  });

  it('shows a policy tree with flat settings', async () => {
    const group = (
      await admin.post('/auth/policies', {
        name: 'either',
        type: 'composite',
        decisionStrategy: 'affirmative',
      })
    ).json();
    await admin.post('/auth/policies', {
      name: 'in-2026',
      type: 'date',
      start: '2026-01-01',
      end: '2026-12-31',
      parent_id: group.id,
    });
    await admin.post('/auth/policies', {
      name: 'admins',
      type: 'identity',
      types: ['user'],
      parent_id: group.id,
    });
    const expanded = await admin.get(`/auth/policies/${group.id}/expanded`);
    expect(expanded.statusCode).toBe(200);
    expect(expanded.json()).toMatchObject({
      name: 'either',
      decisionStrategy: 'affirmative',
      children: [
        { name: 'admins', type: 'identity', types: ['user'] },
        { name: 'in-2026', type: 'date', start: '2026-01-01' },
      ],
    });
    expect((await admin.get('/auth/policies/00000000-0000-4000-8000-000000000000/expanded')).statusCode).toBe(
      404,
    );
  });

  it('lets a caller outside the master realm name only identities of its own realm', async () => {
    const alpha = (await admin.post('/auth/realms', { name: 'alpha' })).json();
    const beta = (await admin.post('/auth/realms', { name: 'beta' })).json();
    const readPermission = (await admin.get('/auth/permissions?filter[name]=permission_read')).json().data[0];
    const readers = (await admin.post('/auth/roles', { name: 'alpha-readers', realm_id: alpha.id })).json();
    await admin.post('/auth/role-permissions', { role_id: readers.id, permission_id: readPermission.id });
    await admin.post('/auth/users', { name: 'alpha-reader', password: 'Alpha-Passw0rd', realm_id: alpha.id });
    const reader = (
      await admin.get(`/auth/users?filter[name]=alpha-reader&filter[realm_id]=${alpha.id}`)
    ).json().data[0];
    await admin.post('/auth/user-roles', { user_id: reader.id, role_id: readers.id });
    const caller = await signIn(ctx.app, 'alpha-reader', 'Alpha-Passw0rd', 'alpha');
    // A permission of the caller's realm, held by a user and a robot of another realm.
    const secretive = (
      await admin.post('/auth/permissions', { name: 'audit_export', realm_id: alpha.id })
    ).json();
    const holders = (await admin.post('/auth/roles', { name: 'exporters', realm_id: beta.id })).json();
    await admin.post('/auth/role-permissions', { role_id: holders.id, permission_id: secretive.id });
    const foreignUser = (await admin.post('/auth/users', { name: 'beta-user', realm_id: beta.id })).json();
    await admin.post('/auth/user-roles', { user_id: foreignUser.id, role_id: holders.id });
    const foreignRobot = (await admin.post('/auth/robots', { name: 'beta-robot', realm_id: beta.id })).json();
    await admin.post('/auth/robot-roles', { robot_id: foreignRobot.id, role_id: holders.id });

    const usersOnly = (
      await admin.post('/auth/policies', {
        name: 'alpha-users',
        type: 'identity',
        types: ['user'],
        realm_id: alpha.id,
      })
    ).json();
    expect(usersOnly.realm_id).toBe(alpha.id);

    for (const foreign of [
      { type: 'user', id: foreignUser.id },
      { type: 'robot', id: foreignRobot.id },
    ]) {
      const probe = await caller.post(`/auth/permissions/${secretive.id}/check`, {
        identity: { ...foreign, realmId: alpha.id, realmName: 'alpha' },
      });
      expect(probe.statusCode).toBe(404);
      expect(probe.json().code).toBe('entity_not_found');
      const policyProbe = await caller.post(`/auth/policies/${usersOnly.id}/check`, {
        identity: { ...foreign, realmId: beta.id, realmName: 'beta' },
      });
      expect(policyProbe.statusCode).toBe(404);
    }
    // Its own realm's identities may be named, and the master realm's administrator names anyone.
    const own = await caller.post(`/auth/permissions/${secretive.id}/check`, {
      identity: { type: 'user', id: reader.id, realmId: alpha.id, realmName: 'alpha' },
    });
    expect(own.statusCode).toBe(202);
    expect(own.json().status).toBe('error');
    const asAdmin = await admin.post(`/auth/permissions/${secretive.id}/check`, {
      identity: { type: 'user', id: foreignUser.id, realmId: beta.id, realmName: 'beta' },
    });
    expect(asAdmin.statusCode).toBe(202);
  });

  it('refuses callers without permission read', async () => {
    const permission = (await admin.get('/auth/permissions?filter[name]=user_read')).json().data[0];
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/auth/permissions/${permission.id}/check`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('attributes', () => {
  let ctx: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('keeps one value per name for a user and lets the user change it', async () => {
    const user = (await admin.post('/auth/users', { name: 'erin', password: 'Erin-Passw0rd' })).json();
    const created = await admin.post('/auth/user-attributes', {
      user_id: user.id,
      name: 'department',
      value: 'oncology',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'department', value: 'oncology', realm_id: user.realm_id });
    expect(
      (await admin.post('/auth/user-attributes', { user_id: user.id, name: 'department', value: 'x' }))
        .statusCode,
    ).toBe(409);

    const erin = await signIn(ctx.app, 'erin', 'Erin-Passw0rd');
    const changed = await erin.post(`/auth/user-attributes/${created.json().id}`, { value: 'radiology' });
    expect(changed.statusCode).toBe(202);
    expect(changed.json().value).toBe('radiology');
    expect((await erin.post(`/auth/user-attributes/${created.json().id}`, { name: 'team' })).statusCode).toBe(
      403,
    );
  });

  it('stores role attributes', async () => {
    const role = (await admin.post('/auth/roles', { name: 'reviewer' })).json();
    const created = await admin.post('/auth/role-attributes', {
      role_id: role.id,
      name: 'max_reviews',
      value: '3',
    });
    expect(created.statusCode).toBe(201);
    expect((await admin.get(`/auth/role-attributes?filter[role_id]=${role.id}`)).json().meta.total).toBe(1);
  });
});
