import { IdentityPermissionName as P } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { createRealm, createRole, createUserWithPermissions } from './identity-providers.test-support.ts';

const provider = (name: string) => ({
  name,
  protocol: 'oidc',
  client_id: 'federa-hub',
  authorize_url: 'https://idp.example.org/authorize',
  token_url: 'https://idp.example.org/token',
});

describe('identity-provider-role-mappings resource', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;
  let providerId: string;
  let plainRoleId: string;

  const issues = (body: { issues?: Array<{ path: string; message: string }> }) =>
    Object.fromEntries((body.issues ?? []).map((issue) => [issue.path, issue.message]));

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
    providerId = (await admin.post('/auth/identity-providers', provider('mapped'))).json().id;
    plainRoleId = await createRole(ctx.database.db, {
      name: 'researcher',
      realmId: masterId,
      permissions: [],
    });
  });
  afterAll(() => ctx.close());

  it('creates, lists, updates and deletes a mapping, keeping the realms of both sides', async () => {
    const created = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: providerId,
      role_id: plainRoleId,
      name: 'groups',
      value: 'research',
    });
    expect(created.statusCode).toBe(201);
    const mapping = created.json();
    expect(mapping).toMatchObject({
      provider_id: providerId,
      provider_realm_id: masterId,
      role_id: plainRoleId,
      role_realm_id: masterId,
      name: 'groups',
      value: 'research',
      value_is_regex: false,
      synchronization_mode: 'always',
    });

    const list = await admin.get(
      `/auth/identity-provider-role-mappings?filter[provider_id]=${providerId}&include=role`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      meta: { total: 1 },
      data: [{ id: mapping.id, role: { name: 'researcher' } }],
    });

    const updated = await admin.post(`/auth/identity-provider-role-mappings/${mapping.id}`, {
      value: '^research-.*$',
      value_is_regex: true,
      synchronization_mode: 'once',
    });
    expect(updated.statusCode).toBe(202);
    expect(updated.json()).toMatchObject({
      name: 'groups',
      value: '^research-.*$',
      value_is_regex: true,
      synchronization_mode: 'once',
    });

    const duplicate = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: providerId,
      role_id: plainRoleId,
    });
    expect(duplicate.statusCode).toBe(409);

    const deleted = await admin.delete(`/auth/identity-provider-role-mappings/${mapping.id}`);
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json().id).toBe(mapping.id);
    expect((await admin.get(`/auth/identity-provider-role-mappings/${mapping.id}`)).statusCode).toBe(404);
  });

  it('validates claim name, value, mode and references', async () => {
    const wrong = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: providerId,
      role_id: plainRoleId,
      name: 'ab',
      value: 'x'.repeat(129),
      synchronization_mode: 'sometimes',
    });
    expect(wrong.statusCode).toBe(400);
    expect(issues(wrong.json())).toEqual({
      name: 'This field should be at least 3 characters long',
      value: 'The maximum length allowed is 128',
      synchronization_mode: 'The value must be once or always',
    });
    const longName = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: providerId,
      role_id: plainRoleId,
      name: 'n'.repeat(33),
    });
    expect(issues(longName.json())).toEqual({ name: 'The maximum length allowed is 32' });

    const regex = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: providerId,
      role_id: plainRoleId,
      name: 'groups',
      value: '(unclosed',
      value_is_regex: true,
    });
    expect(issues(regex.json())).toEqual({ value: 'The value is not a valid regular expression.' });

    const missing = await admin.post('/auth/identity-provider-role-mappings', { provider_id: 'not-an-id' });
    expect(Object.keys(issues(missing.json())).sort()).toEqual(['provider_id', 'role_id']);

    const unknown = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: '0b6f2a4e-8c1d-4c55-9a3e-2f1d0c9b8a77',
      role_id: plainRoleId,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'entity_reference_invalid',
      message: 'The identity provider does not exist.',
    });
  });

  it('only maps global roles or roles of the provider realm', async () => {
    const otherRealm = await createRealm(ctx.database.db, 'elsewhere');
    const foreignRole = await createRole(ctx.database.db, {
      name: 'foreign',
      realmId: otherRealm,
      permissions: [],
    });
    const response = await admin.post('/auth/identity-provider-role-mappings', {
      provider_id: providerId,
      role_id: foreignRole,
    });
    expect(response.statusCode).toBe(400);
    expect(issues(response.json())).toEqual({
      role_id: 'The role must be global or of the realm of the identity provider.',
    });
  });

  describe('escalation guard', () => {
    let mapper: Caller;

    beforeAll(async () => {
      await createUserWithPermissions(ctx.database.db, {
        name: 'mapper',
        password: 'Mapper-Passw0rd',
        realmId: masterId,
        permissions: [P.IDENTITY_PROVIDER_ROLE_CREATE, P.IDENTITY_PROVIDER_READ, P.USER_READ],
      });
      mapper = await signIn(ctx.app, 'mapper', 'Mapper-Passw0rd');
    });

    it("refuses to map a role holding permissions the caller doesn't own", async () => {
      const powerful = await createRole(ctx.database.db, {
        name: 'user-admins',
        realmId: masterId,
        permissions: [P.USER_READ, P.USER_DELETE],
      });
      const response = await mapper.post('/auth/identity-provider-role-mappings', {
        provider_id: providerId,
        role_id: powerful,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'insufficient_permissions',
        message: "You don't own the required permissions.",
      });
      const admins = (await admin.get('/auth/roles?filter[name]=admin')).json().data[0];
      const adminRole = await mapper.post('/auth/identity-provider-role-mappings', {
        provider_id: providerId,
        role_id: admins.id,
      });
      expect(adminRole.statusCode).toBe(403);
    });

    it('maps a role whose permissions the caller holds', async () => {
      const modest = await createRole(ctx.database.db, {
        name: 'user-readers',
        realmId: masterId,
        permissions: [P.USER_READ],
      });
      const response = await mapper.post('/auth/identity-provider-role-mappings', {
        provider_id: providerId,
        role_id: modest,
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('realm isolation', () => {
    let realmA: string;
    let realmAdmin: Caller;
    let realmProvider: string;
    let realmRole: string;

    beforeAll(async () => {
      realmA = await createRealm(ctx.database.db, 'realm-a');
      await createUserWithPermissions(ctx.database.db, {
        name: 'realm-a-mapper',
        password: 'Realm-A-Passw0rd',
        realmId: realmA,
        permissions: [
          P.IDENTITY_PROVIDER_CREATE,
          P.IDENTITY_PROVIDER_READ,
          P.IDENTITY_PROVIDER_ROLE_CREATE,
          P.IDENTITY_PROVIDER_ROLE_UPDATE,
          P.IDENTITY_PROVIDER_ROLE_DELETE,
        ],
      });
      realmAdmin = await signIn(ctx.app, 'realm-a-mapper', 'Realm-A-Passw0rd', 'realm-a');
      realmProvider = (await realmAdmin.post('/auth/identity-providers', provider('realm-a-idp'))).json().id;
      realmRole = await createRole(ctx.database.db, {
        name: 'realm-a-members',
        realmId: realmA,
        permissions: [],
      });
    });

    it('maps roles of its realm and sees only its mappings', async () => {
      const own = await realmAdmin.post('/auth/identity-provider-role-mappings', {
        provider_id: realmProvider,
        role_id: realmRole,
      });
      expect(own.statusCode).toBe(201);
      expect(own.json()).toMatchObject({ provider_realm_id: realmA, role_realm_id: realmA });

      const list = (await realmAdmin.get('/auth/identity-provider-role-mappings')).json();
      expect(list.meta.total).toBe(1);
      expect(list.data[0].id).toBe(own.json().id);
      const masterMappings = (
        await admin.get(`/auth/identity-provider-role-mappings?filter[provider_id]=${providerId}`)
      ).json();
      for (const mapping of masterMappings.data) {
        expect((await realmAdmin.get(`/auth/identity-provider-role-mappings/${mapping.id}`)).statusCode).toBe(
          404,
        );
        expect(
          (await realmAdmin.delete(`/auth/identity-provider-role-mappings/${mapping.id}`)).statusCode,
        ).toBe(404);
      }
    });

    it('can not map onto providers of other realms nor hand out global roles', async () => {
      const foreignProvider = await realmAdmin.post('/auth/identity-provider-role-mappings', {
        provider_id: providerId,
        role_id: plainRoleId,
      });
      expect(foreignProvider.statusCode).toBe(403);
      const globalRole = await createRole(ctx.database.db, {
        name: 'global-viewers',
        realmId: null,
        permissions: [],
      });
      const global = await realmAdmin.post('/auth/identity-provider-role-mappings', {
        provider_id: realmProvider,
        role_id: globalRole,
      });
      expect(global.statusCode).toBe(403);
    });

    it('needs the mapping permissions to read', async () => {
      expect((await ctx.app.inject({ url: '/auth/identity-provider-role-mappings' })).statusCode).toBe(401);
    });
  });
});
