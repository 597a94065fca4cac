import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/** Callers learn nothing about records they may not read: not their existence, not their settings. */
describe('existence and configuration leaks', () => {
  let ctx: TestApp;
  let admin: Caller;
  let alice: Caller;
  let masterRole: { id: string };
  let ldap: { id: string };

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
    const acme = (await admin.post('/auth/realms', { name: 'acme' })).json();
    const acmeAdmin = (await admin.post('/auth/roles', { name: 'acme-admin', realm_id: acme.id })).json();
    const granted = (
      await admin.get('/auth/permissions?filter[name]=role_create,role_update,role_read')
    ).json();
    for (const permission of granted.data) {
      await admin.post('/auth/role-permissions', { role_id: acmeAdmin.id, permission_id: permission.id });
    }
    const aliceId = (
      await admin.post('/auth/users', { name: 'alice', password: 'Alice-Passw0rd', realm_id: acme.id })
    ).json().id;
    await admin.post('/auth/user-roles', { user_id: aliceId, role_id: acmeAdmin.id });
    alice = await signIn(ctx.app, 'alice', 'Alice-Passw0rd', 'acme');
    masterRole = (await admin.post('/auth/roles', { name: 'master-only' })).json();
    ldap = (
      await admin.post('/auth/identity-providers', {
        name: 'corp-ldap',
        display_name: 'Corporate directory',
        protocol: 'ldap',
        url: 'ldap://ldap.corp.example:389',
        base_dn: 'dc=corp,dc=example',
        user_base_dn: 'ou=people,dc=corp,dc=example',
        user_name_attribute: 'uid',
        user_mail_attribute: 'mail',
        user: 'cn=reader,dc=corp,dc=example',
        password: 'reader-secret',
      })
    ).json();
    await admin.post('/auth/clients', { name: 'portal', redirect_uri: 'https://portal.example/cb' });
  });
  afterAll(() => ctx.close());

  it("answers a PUT on another realm's id as if the record did not exist, never 'exists already'", async () => {
    const put = await alice.request('PUT', `/auth/roles/${masterRole.id}`, { name: 'hijack' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ statusCode: 404, code: 'entity_not_found' });
    expect(put.json().message).not.toMatch(/exist/i);
    // The same answer an update of that id gets.
    const update = await alice.post(`/auth/roles/${masterRole.id}`, { name: 'hijack' });
    expect(update.json()).toEqual(put.json());
    expect((await admin.get(`/auth/roles/${masterRole.id}`)).json().name).toBe('master-only');
  });

  it('shows anonymous readers only what a sign-in page needs of identity providers', async () => {
    const list = await ctx.app.inject({ url: '/auth/identity-providers' });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json().data;
    expect(Object.keys(listed).sort()).toEqual([
      'display_name',
      'enabled',
      'id',
      'name',
      'protocol',
      'realm_id',
    ]);
    expect(list.body).not.toContain('ldap.corp.example');
    expect(list.body).not.toContain('cn=reader');

    const read = await ctx.app.inject({ url: `/auth/identity-providers/${ldap.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      id: ldap.id,
      name: 'corp-ldap',
      display_name: 'Corporate directory',
      protocol: 'ldap',
      realm_id: expect.any(String),
      enabled: expect.any(Boolean),
    });
    // Asking for the settings explicitly changes nothing; filtering or sorting beyond what a sign-in
    // page needs (the enabled providers of a realm) is refused.
    expect((await ctx.app.inject({ url: '/auth/identity-providers?fields=+config' })).body).not.toContain(
      'ldap.corp.example',
    );
    expect((await ctx.app.inject({ url: '/auth/identity-providers?sort=-updated_at' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/auth/identity-providers?filter[enabled]=true' })).statusCode).toBe(
      200,
    );
    // The administrator still reads the configuration.
    const full = (await admin.get(`/auth/identity-providers/${ldap.id}`)).json();
    expect(full).toMatchObject({ url: 'ldap://ldap.corp.example:389', user: 'cn=reader,dc=corp,dc=example' });
    expect(JSON.stringify(full)).not.toContain('reader-secret');
  });

  it('shows anonymous readers names only of clients and scopes', async () => {
    const clients = (await ctx.app.inject({ url: '/auth/clients?filter[name]=portal' })).json();
    expect(clients.data).toEqual([
      { id: expect.any(String), name: 'portal', display_name: null, realm_id: expect.any(String) },
    ]);
    const scopes = (await ctx.app.inject({ url: '/auth/scopes' })).json();
    expect(scopes.data.length).toBeGreaterThan(0);
    for (const scope of scopes.data) {
      expect(Object.keys(scope).sort()).toEqual(['display_name', 'id', 'name', 'realm_id']);
    }
    expect((await admin.get('/auth/clients?filter[name]=portal')).json().data[0]).toMatchObject({
      redirect_uri: 'https://portal.example/cb',
    });
  });
});
