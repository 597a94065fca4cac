import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/** Realm isolation of the link resources: a realm administrator of acme against master and globex. */
describe('realm isolation of links', () => {
  let ctx: TestApp;
  let admin: Caller;
  let alice: Caller;
  let aliceId: string;
  let acmeRole: { id: string };
  let globexRole: { id: string };
  let adminLinkId: string;

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
    const acme = (await admin.post('/auth/realms', { name: 'acme' })).json();
    const globex = (await admin.post('/auth/realms', { name: 'globex' })).json();
    acmeRole = (await admin.post('/auth/roles', { name: 'acme-admin', realm_id: acme.id })).json();
    globexRole = (await admin.post('/auth/roles', { name: 'globex-staff', realm_id: globex.id })).json();
    const granted = (
      await admin.get('/auth/permissions?filter[name]=user_read,user_role_create,user_role_delete')
    ).json();
    for (const permission of granted.data) {
      await admin.post('/auth/role-permissions', { role_id: acmeRole.id, permission_id: permission.id });
    }
    aliceId = (
      await admin.post('/auth/users', { name: 'alice', password: 'Alice-Passw0rd', realm_id: acme.id })
    ).json().id;
    await admin.post('/auth/user-roles', { user_id: aliceId, role_id: acmeRole.id });
    alice = await signIn(ctx.app, 'alice', 'Alice-Passw0rd', 'acme');

    const adminId = (await admin.get('/auth/users/admin')).json().id;
    adminLinkId = (await admin.get(`/auth/user-roles?filter[user_id]=${adminId}`)).json().data[0].id;
  });
  afterAll(() => ctx.close());

  it('lists only the links of her realm, with a total that counts only them', async () => {
    const list = (await alice.get('/auth/user-roles?page[limit]=50&include=role')).json();
    expect(list.meta.total).toBe(1);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ user_id: aliceId, role: { name: 'acme-admin' } });
    expect((await admin.get('/auth/user-roles')).json().meta.total).toBeGreaterThan(1);
  });

  it('cannot read or remove a link of another realm', async () => {
    expect((await alice.get(`/auth/user-roles/${adminLinkId}`)).statusCode).toBe(404);
    expect((await alice.delete(`/auth/user-roles/${adminLinkId}`)).statusCode).toBe(404);
    expect((await admin.get(`/auth/user-roles/${adminLinkId}`)).statusCode).toBe(200);
  });

  it('cannot link across realms in either direction', async () => {
    const toForeignRole = await alice.post('/auth/user-roles', { user_id: aliceId, role_id: globexRole.id });
    expect(toForeignRole.statusCode).toBe(403);
    const adminId = (await admin.get('/auth/users/admin')).json().id;
    const foreignUser = await alice.post('/auth/user-roles', { user_id: adminId, role_id: acmeRole.id });
    expect(foreignUser.statusCode).toBe(403);
    expect((await admin.get(`/auth/user-roles?filter[role_id]=${acmeRole.id}`)).json().meta.total).toBe(1);
  });

  it('cannot touch links she holds no permission for', async () => {
    expect((await alice.get('/auth/role-permissions')).statusCode).toBe(403);
    expect((await alice.get('/auth/robot-roles')).statusCode).toBe(403);
  });
});
