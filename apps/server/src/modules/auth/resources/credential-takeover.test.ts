import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

const PASSWORD = 'Helpdesk-Passw0rd';
const NEW_PASSWORD = 'Taken-Over-Passw0rd';

/**
 * Setting another identity's password or secret lets the caller act as it, so it needs every
 * permission the target holds (as assigning a role needs all of the role's permissions).
 */
describe('changing the credentials of another identity', () => {
  let ctx: TestApp;
  let admin: Caller;
  let adminId: string;
  /** A master-realm user holding user_update, robot_update and client_update, and nothing else. */
  let helpdesk: Caller;
  let helpdeskId: string;
  const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

  /** A role holding exactly these permissions. */
  const roleWith = async (names: string[]) => {
    const role = (await admin.post('/auth/roles', { name: unique('role') })).json();
    const found = (await admin.get(`/auth/permissions?filter[name]=${names.join(',')}`)).json();
    expect(found.data).toHaveLength(names.length);
    for (const permission of found.data as Array<{ id: string }>) {
      const linked = await admin.post('/auth/role-permissions', {
        role_id: role.id,
        permission_id: permission.id,
      });
      expect(linked.statusCode).toBe(201);
    }
    return role as { id: string };
  };
  const adminRoleId = async () => (await admin.get('/auth/roles?filter[name]=admin')).json().data[0].id;
  const signsIn = async (username: string, password: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'password', username, password },
      })
    ).statusCode;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    adminId = (await admin.get('/auth/users/@me')).json().id;
    const name = unique('helpdesk');
    helpdeskId = (await admin.post('/auth/users', { name, password: PASSWORD })).json().id;
    const role = await roleWith(['user_read', 'user_update', 'robot_update', 'client_update']);
    await admin.post('/auth/user-roles', { user_id: helpdeskId, role_id: role.id });
    helpdesk = await signIn(ctx.app, name, PASSWORD);
  });
  afterAll(() => ctx.close());

  it("refuses to set the password of a user holding permissions the caller doesn't own", async () => {
    const refused = await helpdesk.post(`/auth/users/${adminId}`, {
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'insufficient_permissions',
      message: expect.stringContaining('credentials'),
    });
    // PUT updates the same way.
    const put = await helpdesk.request('PUT', `/auth/users/${adminId}`, { password: NEW_PASSWORD });
    expect(put.statusCode).toBe(403);
    expect(await signsIn('admin', NEW_PASSWORD)).not.toBe(200);
    // Other fields of that user stay editable.
    expect((await helpdesk.post(`/auth/users/${adminId}`, { first_name: 'Ada' })).statusCode).toBe(202);
  });

  it('allows it for a user holding no more than the caller, and for the own password', async () => {
    const name = unique('plain');
    const plain = (await admin.post('/auth/users', { name, password: PASSWORD })).json();
    const reader = await roleWith(['user_read']);
    await admin.post('/auth/user-roles', { user_id: plain.id, role_id: reader.id });
    expect((await helpdesk.post(`/auth/users/${plain.id}`, { password: NEW_PASSWORD })).statusCode).toBe(202);
    expect(await signsIn(name, NEW_PASSWORD)).toBe(200);

    // Self-service: a user without user_update changes their own password.
    const self = await signIn(ctx.app, name, NEW_PASSWORD);
    expect(
      (await self.post(`/auth/users/${plain.id}`, { password: PASSWORD, password_current: NEW_PASSWORD }))
        .statusCode,
    ).toBe(202);
    expect(await signsIn(name, PASSWORD)).toBe(200);
    // The administrator holds everything, so may reset anyone's password.
    expect((await admin.post(`/auth/users/${helpdeskId}`, { password: PASSWORD })).statusCode).toBe(202);
  });

  it("refuses to set the secret of a robot or client holding permissions the caller doesn't own", async () => {
    const robot = (await admin.post('/auth/robots', { name: unique('robot') })).json();
    await admin.post('/auth/robot-roles', { robot_id: robot.id, role_id: await adminRoleId() });
    const robotRefused = await helpdesk.post(`/auth/robots/${robot.id}`, { secret: 'a-secret-i-now-know' });
    expect(robotRefused.statusCode).toBe(403);
    expect(robotRefused.json().code).toBe('insufficient_permissions');
    const robotToken = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'robot_credentials', id: robot.id, secret: 'a-secret-i-now-know' },
    });
    expect(robotToken.statusCode).not.toBe(200);

    const client = (
      await admin.post('/auth/clients', { name: unique('client'), is_confidential: true })
    ).json();
    await admin.post('/auth/client-roles', { client_id: client.id, role_id: await adminRoleId() });
    const clientRefused = await helpdesk.post(`/auth/clients/${client.id}`, {
      secret: 'a-secret-i-now-know',
    });
    expect(clientRefused.statusCode).toBe(403);
    expect(clientRefused.json().code).toBe('insufficient_permissions');

    // Without more permissions than the caller, the secret may be set; other changes always may.
    const idle = (await admin.post('/auth/robots', { name: unique('idle') })).json();
    const changed = await helpdesk.post(`/auth/robots/${idle.id}`, { secret: 'a-secret-i-now-know' });
    expect(changed.statusCode).toBe(202);
    expect(changed.json().secret).toBe('a-secret-i-now-know');
    expect((await helpdesk.post(`/auth/robots/${robot.id}`, { description: 'nightly' })).statusCode).toBe(
      202,
    );
  });
});

describe('the system robot', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp({ SYSTEM_ROBOT_ENABLED: 'true', SYSTEM_ROBOT_SECRET: 'System-Robot-Secret-1' });
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('keeps its name, so that the next start does not seed a second admin robot', async () => {
    const robot = (await admin.get('/auth/robots/system')).json();
    expect(robot.name).toBe('system');
    const renamed = await admin.post(`/auth/robots/${robot.id}`, { name: 'renamed-system' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      code: 'bad_request',
      message: 'The system robot can not be renamed.',
    });
    const put = await admin.request('PUT', `/auth/robots/${robot.id}`, { name: 'renamed-system' });
    expect(put.statusCode).toBe(400);
    expect((await admin.get('/auth/robots/system')).json().id).toBe(robot.id);
    // Everything else about it stays editable, and sending its own name is no rename.
    const described = await admin.post(`/auth/robots/${robot.id}`, {
      name: 'system',
      description: 'hub jobs',
    });
    expect(described.statusCode).toBe(202);

    // A robot of the same name in another realm is not the system robot.
    const realm = (await admin.post('/auth/realms', { name: 'elsewhere' })).json();
    const namesake = (await admin.post('/auth/robots', { name: 'system', realm_id: realm.id })).json();
    expect((await admin.post(`/auth/robots/${namesake.id}`, { name: 'not-system' })).statusCode).toBe(202);
  });
});
