import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { requestedHiddenFields } from './hidden-fields.ts';

describe('requestedHiddenFields', () => {
  it.each([
    [{ fields: '+secret' }, ['secret']],
    [{ fields: 'id, secret' }, ['secret']],
    [{ fields: ' secret' }, ['secret']],
    [{ 'fields[__DEFAULT__]': 'name,+secret' }, ['secret']],
    [{ fields: '-secret' }, []],
    [{ fields: 'id,name' }, []],
    [{ 'fields[realm]': 'secret', include: 'realm' }, []],
    [{ filter: { name: 'x' } }, []],
    [{ 'filter[secret]': '~$argon' }, ['secret']],
    [{ filter: { secret: 'x' } }, ['secret']],
    [{ fields: ['+secret', '+secret'] }, []],
  ])('reads %j', (query, expected) => {
    expect(requestedHiddenFields(query, ['secret'])).toEqual(expected);
  });
});

describe('hidden fields', () => {
  let ctx: TestApp;
  let admin: Caller;
  let viewer: Caller;
  let client: { id: string };
  let robot: { id: string };
  let viewerId: string;

  const anonymous = (url: string) => ctx.app.inject({ url });

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
    client = (await admin.post('/auth/clients', { name: 'etl', is_confidential: true })).json();
    robot = (await admin.post('/auth/robots', { name: 'ci-runner' })).json();

    // A viewer who may read robots and clients and delete users (so list them), but manages none.
    const role = (await admin.post('/auth/roles', { name: 'viewer' })).json();
    const readPermissions = (
      await admin.get('/auth/permissions?filter[name]=robot_read,client_read,user_delete')
    ).json();
    for (const permission of readPermissions.data) {
      await admin.post('/auth/role-permissions', { role_id: role.id, permission_id: permission.id });
    }
    const user = (
      await admin.post('/auth/users', {
        name: 'vera',
        email: 'vera@example.org',
        password: 'Vera-Passw0rd',
      })
    ).json();
    viewerId = user.id;
    expect((await admin.post('/auth/user-roles', { user_id: user.id, role_id: role.id })).statusCode).toBe(
      201,
    );
    viewer = await signIn(ctx.app, 'vera', 'Vera-Passw0rd');
  });
  afterAll(() => ctx.close());

  it('never shows a client secret hash to anonymous callers, who may still list clients', async () => {
    const list = await anonymous('/auth/clients');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).not.toHaveProperty('secret');

    for (const url of [
      '/auth/clients?fields=%2Bsecret',
      '/auth/clients?fields=secret',
      `/auth/clients/${client.id}?fields=%2Bsecret`,
      `/auth/clients/etl?fields=id,%2Bsecret`,
    ]) {
      const response = await anonymous(url);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('$argon2');
    }
  });

  it('answers whether a secret is set only to those who may replace the secret', async () => {
    expect((await viewer.get(`/auth/robots/${robot.id}`)).statusCode).toBe(200);
    expect((await viewer.get(`/auth/robots/${robot.id}?fields=%2Bsecret`)).statusCode).toBe(403);
    expect((await viewer.get('/auth/robots?fields=%2Bsecret')).statusCode).toBe(403);
    expect((await viewer.get(`/auth/clients/${client.id}?fields=%2Bsecret`)).statusCode).toBe(403);

    // The stored hash itself never leaves the server (secret-hashes.test.ts); whether one is set does.
    const robotRead = (await admin.get(`/auth/robots/${robot.id}?fields=%2Bsecret`)).json();
    expect(robotRead).toMatchObject({ secret: null, secret_set: true });
    const clientRead = (await admin.get(`/auth/clients/${client.id}?fields=%2Bsecret`)).json();
    expect(clientRead).toMatchObject({ secret: null, secret_set: true });
  });

  it('shows an e-mail address to user managers and to the user themself', async () => {
    const own = await viewer.get(`/auth/users/${viewerId}?fields=%2Bemail`);
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe('vera@example.org');
    const adminId = (await admin.get('/auth/users/admin')).json().id;
    expect((await viewer.get(`/auth/users/${adminId}`)).statusCode).toBe(200);
    expect((await viewer.get(`/auth/users/${adminId}?fields=%2Bemail`)).statusCode).toBe(403);
    expect((await viewer.get('/auth/users?fields=%2Bemail')).statusCode).toBe(403);
    expect((await viewer.get('/auth/users?filter[email]=~vera')).statusCode).toBe(403);
    expect((await viewer.get('/auth/users?filter[name]=vera')).json().meta.total).toBe(1);

    const managed = await admin.get(`/auth/users?filter[name]=vera&fields=%2Bemail`);
    expect(managed.json().data[0].email).toBe('vera@example.org');
  });

  it('tells a realm administrator whether secrets are set in her realm only, whatever rows she sees', async () => {
    const acme = (await admin.post('/auth/realms', { name: 'acme' })).json();
    const role = (await admin.post('/auth/roles', { name: 'acme-apps', realm_id: acme.id })).json();
    const update = (await admin.get('/auth/permissions?filter[name]=client_update')).json().data[0];
    await admin.post('/auth/role-permissions', { role_id: role.id, permission_id: update.id });
    const user = (
      await admin.post('/auth/users', { name: 'amy', password: 'Amy-Passw0rd', realm_id: acme.id })
    ).json();
    await admin.post('/auth/user-roles', { user_id: user.id, role_id: role.id });
    const own = (await admin.post('/auth/clients', { name: 'acme-etl', realm_id: acme.id })).json();
    const amy = await signIn(ctx.app, 'amy', 'Amy-Passw0rd', 'acme');

    const list = await amy.get('/auth/clients?fields=%2Bsecret&page[limit]=50');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Array<{ id: string; realm_id: string; secret_set?: boolean }>;
    expect(rows.find((row) => row.id === own.id)?.secret_set).toBe(true);
    for (const row of rows) expect('secret_set' in row).toBe(row.realm_id === acme.id);

    const foreign = await amy.get(`/auth/clients/${client.id}?fields=%2Bsecret`);
    expect(foreign.body).not.toContain('$argon2');
    const partial = await amy.get(`/auth/clients/${own.id}?fields=id,%2Bsecret`);
    expect(partial.body).not.toContain('$argon2');
  });
});
