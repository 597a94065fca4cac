import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/** `filter[search]`: one box that finds a user by name, display name or e-mail address. */
describe('list search', () => {
  let ctx: TestApp;
  let admin: Caller;
  let alice: Caller;

  const names = async (caller: Caller, url: string) => {
    const response = await caller.get(url);
    expect(response.statusCode).toBe(200);
    return (response.json().data as { name: string }[]).map((user) => user.name).sort();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    const acme = (await admin.post('/auth/realms', { name: 'acme' })).json();
    const role = (await admin.post('/auth/roles', { name: 'acme-reader', realm_id: acme.id })).json();
    const read = (await admin.get('/auth/permissions?filter[name]=user_read')).json().data[0];
    await admin.post('/auth/role-permissions', { role_id: role.id, permission_id: read.id });
    const aliceUser = (
      await admin.post('/auth/users', {
        name: 'alice',
        password: 'Alice-Passw0rd',
        realm_id: acme.id,
        email: 'alice@acme.example',
      })
    ).json();
    await admin.post('/auth/user-roles', { user_id: aliceUser.id, role_id: role.id });
    await admin.post('/auth/users', { name: 'wile', display_name: 'Wile E. Coyote', realm_id: acme.id });
    // Same display name and e-mail domain in the master realm: alice must never find them.
    await admin.post('/auth/users', {
      name: 'roadrunner',
      display_name: 'Coyote hunter',
      email: 'rr@acme.example',
    });
    alice = await signIn(ctx.app, 'alice', 'Alice-Passw0rd', 'acme');
  });
  afterAll(() => ctx.close());

  it('finds users by name, display name or e-mail address, by prefix or contained text', async () => {
    expect(await names(admin, '/auth/users?filter[search]=~WIL')).toEqual(['wile']);
    expect(await names(admin, '/auth/users?filter[search]=~coyote')).toEqual(['roadrunner']);
    expect(await names(admin, '/auth/users?filter[search]=~coyote~')).toEqual(['roadrunner', 'wile']);
    expect(await names(admin, '/auth/users?filter[search]=~rr@acme')).toEqual(['roadrunner']);
    expect(await names(admin, '/auth/users?filter[search]=acme.example~')).toEqual(['alice', 'roadrunner']);
  });

  it('searches only within the realm the caller may see', async () => {
    expect(await names(alice, '/auth/users?filter[search]=~coyote~')).toEqual(['wile']);
    expect(await names(alice, '/auth/users?filter[search]=acme.example~')).toEqual(['alice']);
  });

  it('treats the text as text: wildcards and quotes match literally', async () => {
    expect(await names(admin, '/auth/users?filter[search]=~%25')).toEqual([]);
    expect(await names(admin, `/auth/users?filter[search]=~${encodeURIComponent("' OR 1=1--")}`)).toEqual([]);
  });

  it('combines with other filters and answers a non-pattern value with a 400', async () => {
    expect(await names(admin, '/auth/users?filter[search]=~coyote~&filter[name]=wile')).toEqual(['wile']);
    for (const value of ['coyote', '!~coyote']) {
      const response = await admin.get(`/auth/users?filter[search]=${encodeURIComponent(value)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('query_invalid');
      expect(response.json().message).toContain('filter[search]');
    }
  });

  it('is offered only where a list declares it', async () => {
    const response = await admin.get('/auth/permissions?filter[search]=~user');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('unknown filter');
  });
});
