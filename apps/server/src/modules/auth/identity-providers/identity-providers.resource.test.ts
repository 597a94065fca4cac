import { IdentityPermissionName as P } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { identityProviders } from '../db/identity.ts';
import { SECRET_SETTING_KEYS } from './settings.ts';
import { createRealm, createUserWithPermissions } from './identity-providers.test-support.ts';

const oidc = {
  name: 'upstream',
  display_name: 'Upstream IdP',
  protocol: 'oidc',
  client_id: 'federa-hub',
  client_secret: 'top-secret-value',
  scope: 'openid email',
  authorize_url: 'https://idp.example.org/authorize',
  token_url: 'https://idp.example.org/token',
  user_info_url: 'https://idp.example.org/userinfo',
  discovery_url: 'https://idp.example.org/.well-known/openid-configuration',
};

const ldap = {
  name: 'directory',
  protocol: 'ldap',
  url: 'ldap://ldap.example.org:389',
  base_dn: 'dc=example,dc=org',
  user: 'cn=service,dc=example,dc=org',
  password: 'service-password',
  user_filter: '(mail={username})',
  user_base_dn: 'ou=people,dc=example,dc=org',
  user_name_attribute: 'uid',
  user_mail_attribute: 'mail',
  user_display_name_attribute: 'cn',
  group_base_dn: 'ou=groups,dc=example,dc=org',
  group_class: 'groupOfNames',
  group_name_attribute: 'cn',
  group_member_attribute: 'member',
  group_member_user_attribute: 'dn',
  group_filter: '(member={dn})',
};

describe('identity-providers resource', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;
  const events: EntityEvent[] = [];

  /** The settings column exactly as stored. */
  const rawConfig = async (id: string) => {
    const [row] = await ctx.database.db.select().from(identityProviders).where(eq(identityProviders.id, id));
    return row!.config as Record<string, unknown>;
  };
  /**
   * The stored settings with their secrets decrypted. Every stored secret must be encrypted: a plain
   * one fails here, so each assertion on a secret below also asserts encryption at rest.
   */
  const storedConfig = async (id: string) => {
    const config = await rawConfig(id);
    for (const key of SECRET_SETTING_KEYS) {
      if (config[key] !== undefined) expect(config[key], key).toMatch(/^enc:v1:[\w-]+:[\w-]+$/);
    }
    return ctx.app.auth.secrets.openSettings(config, SECRET_SETTING_KEYS);
  };
  const issues = (body: { issues?: Array<{ path: string; message: string }> }) =>
    Object.fromEntries((body.issues ?? []).map((issue) => [issue.path, issue.message]));

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
    ctx.app.events.subscribe((event) => {
      if (event.type === 'identityProvider') events.push(event);
    });
  });
  afterAll(() => ctx.close());

  describe('OAuth2 / OIDC providers', () => {
    let provider: Record<string, unknown>;

    it('creates a provider with flat settings and never returns the client secret', async () => {
      const created = await admin.post('/auth/identity-providers', oidc);
      expect(created.statusCode).toBe(201);
      provider = created.json();
      const { client_secret: _secret, ...shown } = oidc;
      expect(provider).toMatchObject({ ...shown, enabled: true, preset: null, realm_id: masterId });
      expect(provider).not.toHaveProperty('client_secret');
      expect(provider).not.toHaveProperty('config');
      // Stored in the settings column, flattened in the API.
      expect(await storedConfig(provider.id as string)).toMatchObject({
        client_id: 'federa-hub',
        client_secret: 'top-secret-value',
      });
    });

    it('lists and reads providers without signing in by name, protocol and whether enabled, never with secrets', async () => {
      const list = await ctx.app.inject({ url: '/auth/identity-providers?filter[protocol]=oidc' });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toHaveLength(1);
      expect(list.body).not.toContain('top-secret-value');
      expect(list.json().data[0]).toEqual({
        id: provider.id,
        name: 'upstream',
        display_name: provider.display_name,
        protocol: 'oidc',
        enabled: true,
        realm_id: provider.realm_id,
      });

      const read = await ctx.app.inject({ url: `/auth/identity-providers/${provider.id}` });
      expect(read.json()).toMatchObject({ name: 'upstream', protocol: 'oidc' });
      expect(read.json()).not.toHaveProperty('authorize_url');
      expect((await ctx.app.inject({ url: '/auth/identity-providers/upstream' })).json().id).toBe(
        provider.id,
      );
      // Configuration needs the read permission; the secret never leaves the server.
      const full = await admin.get(`/auth/identity-providers/${provider.id}`);
      expect(full.json()).toMatchObject({ client_id: 'federa-hub', authorize_url: oidc.authorize_url });
      expect(full.body).not.toContain('top-secret-value');
    });

    it('keeps the stored secret when an update sends none, and replaces it when one is sent', async () => {
      const renamed = await admin.post(`/auth/identity-providers/${provider.id}`, {
        display_name: 'Renamed IdP',
        client_secret: '',
      });
      expect(renamed.statusCode).toBe(202);
      expect(renamed.json()).toMatchObject({
        display_name: 'Renamed IdP',
        client_id: 'federa-hub',
        token_url: oidc.token_url,
      });
      expect(renamed.json()).not.toHaveProperty('client_secret');
      expect((await storedConfig(provider.id as string)).client_secret).toBe('top-secret-value');

      const rotated = await admin.post(`/auth/identity-providers/${provider.id}`, {
        client_secret: 'rotated-secret',
      });
      expect(rotated.statusCode).toBe(202);
      expect(rotated.body).not.toContain('rotated-secret');
      expect((await storedConfig(provider.id as string)).client_secret).toBe('rotated-secret');
    });

    it('keeps secrets out of entity events', () => {
      const ours = events.filter((event) => event.data.id === provider.id);
      expect(ours.map((event) => event.event)).toEqual(['created', 'updated', 'updated']);
      for (const event of ours) {
        expect(JSON.stringify(event.data)).not.toMatch(/top-secret-value|rotated-secret/);
        expect(event.data.client_id).toBe('federa-hub');
        expect(event.realmIds).toEqual([masterId]);
      }
    });

    it('generates a name when none is given', async () => {
      const created = await admin.post('/auth/identity-providers', { ...oidc, name: '' });
      expect(created.statusCode).toBe(201);
      expect(created.json().name).toMatch(/^[a-z0-9]{21}$/);
    });

    it('requires the client and endpoints, and checks lengths and URLs', async () => {
      const missing = await admin.post('/auth/identity-providers', {
        name: 'incomplete',
        protocol: 'oauth2',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'validation_failed',
        message: 'The attributes client_id, token_url, authorize_url are invalid.',
      });
      expect(issues(missing.json())).toEqual({
        client_id: 'This field is required',
        token_url: 'This field is required',
        authorize_url: 'This field is required',
      });

      const wrong = await admin.post('/auth/identity-providers', {
        ...oidc,
        name: 'a b',
        display_name: 'ab',
        client_id: 'ab',
        client_secret: 'xy',
        token_url: 'not a url',
        authorize_url: 'ftp://idp.example.org/authorize',
        user_info_url: 'idp.example.org',
      });
      expect(wrong.statusCode).toBe(400);
      expect(issues(wrong.json())).toEqual({
        name: 'The input value is only allowed to consist of the following characters: [0-9a-zA-Z-_.]+',
        display_name: 'This field should be at least 3 characters long',
        client_id: 'This field should be at least 3 characters long',
        client_secret: 'This field should be at least 3 characters long',
        token_url: 'The value is not a valid URL address',
        authorize_url: 'The value is not a valid URL address',
        user_info_url: 'The value is not a valid URL address',
      });

      const long = await admin.post('/auth/identity-providers', {
        ...oidc,
        name: 'x'.repeat(129),
        client_id: 'c'.repeat(129),
      });
      expect(issues(long.json())).toEqual({
        name: 'The maximum length allowed is 128',
        client_id: 'The maximum length allowed is 128',
      });
    });

    it('requires a known protocol, a boolean enabled flag and known fields only', async () => {
      const noProtocol = await admin.post('/auth/identity-providers', { name: 'nothing' });
      expect(issues(noProtocol.json())).toEqual({ protocol: 'This field is required' });
      const saml = await admin.post('/auth/identity-providers', { ...oidc, name: 'saml', protocol: 'saml' });
      expect(issues(saml.json()).protocol).toBe('The value must be oauth2, oidc or ldap');
      const enabled = await admin.post('/auth/identity-providers', { ...oidc, name: 'flag', enabled: 'yes' });
      expect(Object.keys(issues(enabled.json()))).toEqual(['enabled']);
      const unknown = await admin.post('/auth/identity-providers', {
        ...oidc,
        name: 'extra',
        config: { client_id: 'x' },
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('validates updates against the stored provider', async () => {
      const cleared = await admin.post(`/auth/identity-providers/${provider.id}`, { token_url: null });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json()).toMatchObject({ message: 'The attribute token_url is invalid.' });
      const bad = await admin.post(`/auth/identity-providers/${provider.id}`, { user_info_url: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect((await admin.get(`/auth/identity-providers/${provider.id}`)).json().token_url).toBe(
        oidc.token_url,
      );
    });
  });

  describe('presets', () => {
    it('map to oidc and supply (and hide) the endpoints', async () => {
      const created = await admin.post('/auth/identity-providers', {
        name: 'github',
        preset: 'github',
        client_id: 'gh-client',
        client_secret: 'gh-secret',
        authorize_url: 'https://evil.example.org/authorize',
      });
      expect(created.statusCode).toBe(201);
      const provider = created.json();
      expect(provider).toMatchObject({ protocol: 'oidc', preset: 'github', client_id: 'gh-client' });
      for (const key of ['authorize_url', 'token_url', 'user_info_url', 'client_secret'])
        expect(provider).not.toHaveProperty(key);
      expect(await storedConfig(provider.id)).toEqual({ client_id: 'gh-client', client_secret: 'gh-secret' });

      // Leaving the preset needs the endpoints the preset supplied.
      const unpreset = await admin.post(`/auth/identity-providers/${provider.id}`, { preset: null });
      expect(issues(unpreset.json())).toEqual({
        token_url: 'This field is required',
        authorize_url: 'This field is required',
      });
      const custom = await admin.post(`/auth/identity-providers/${provider.id}`, {
        preset: null,
        protocol: 'oauth2',
        authorize_url: 'https://git.example.org/authorize',
        token_url: 'https://git.example.org/token',
      });
      expect(custom.statusCode).toBe(202);
      expect(custom.json()).toMatchObject({
        preset: null,
        protocol: 'oauth2',
        authorize_url: 'https://git.example.org/authorize',
      });
      expect((await storedConfig(provider.id)).client_secret).toBe('gh-secret');
    });

    it('refuses unknown presets and presets with another protocol', async () => {
      const unknown = await admin.post('/auth/identity-providers', { preset: 'myspace', client_id: 'abc' });
      expect(issues(unknown.json()).preset).toBe('The value is not a known preset');
      const ldapPreset = await admin.post('/auth/identity-providers', {
        preset: 'google',
        protocol: 'ldap',
        client_id: 'abc',
      });
      expect(issues(ldapPreset.json())).toMatchObject({ protocol: 'A preset requires the protocol oidc.' });
      const noClient = await admin.post('/auth/identity-providers', { preset: 'google' });
      expect(issues(noClient.json())).toEqual({ client_id: 'This field is required' });
    });
  });

  describe('LDAP providers', () => {
    it('stores every LDAP setting with defaults and never returns the bind password', async () => {
      const created = await admin.post('/auth/identity-providers', ldap);
      expect(created.statusCode).toBe(201);
      const { password: _password, ...shown } = ldap;
      expect(created.json()).toMatchObject({ ...shown, timeout: 0, start_tls: true, enabled: true });
      expect(created.json()).not.toHaveProperty('password');
      expect(created.body).not.toContain('service-password');
      const listed = await ctx.app.inject({ url: '/auth/identity-providers?filter[protocol]=ldap' });
      expect(listed.body).not.toContain('service-password');
      expect((await storedConfig(created.json().id)).password).toBe('service-password');

      const updated = await admin.post(`/auth/identity-providers/${created.json().id}`, {
        timeout: 2500,
        start_tls: false,
        password: null,
      });
      expect(updated.statusCode).toBe(202);
      expect(updated.json()).toMatchObject({ timeout: 2500, start_tls: false, user_mail_attribute: 'mail' });
      expect((await storedConfig(created.json().id)).password).toBe('service-password');
    });

    it('validates the connection settings', async () => {
      const missing = await admin.post('/auth/identity-providers', {
        name: 'ldap-missing',
        protocol: 'ldap',
      });
      expect(issues(missing.json())).toEqual({
        url: 'This field is required',
        base_dn: 'This field is required',
        user: 'This field is required',
        password: 'This field is required',
      });
      const wrong = await admin.post('/auth/identity-providers', {
        ...ldap,
        name: 'ldap-wrong',
        url: 'http://ldap.example.org',
        timeout: -1,
        start_tls: 'sometimes',
      });
      expect(issues(wrong.json())).toEqual({
        url: 'The value must be an ldap:// or ldaps:// URL',
        timeout: 'The value must be at least 0',
        start_tls: expect.any(String),
      });
      const notNumber = await admin.post('/auth/identity-providers', {
        ...ldap,
        name: 'ldap-nan',
        timeout: 'soon',
      });
      expect(issues(notNumber.json())).toEqual({ timeout: 'The value must be a number' });
      const secure = await admin.post('/auth/identity-providers', {
        ...ldap,
        name: 'ldaps',
        url: 'ldaps://ldap.example.org:636',
      });
      expect(secure.statusCode).toBe(201);
    });

    it('switches protocol, dropping the settings of the old one', async () => {
      const created = (await admin.post('/auth/identity-providers', { ...oidc, name: 'switcher' })).json();
      const switched = await admin.post(`/auth/identity-providers/${created.id}`, {
        ...ldap,
        name: undefined,
      });
      expect(switched.statusCode).toBe(202);
      expect(switched.json()).toMatchObject({ protocol: 'ldap', url: ldap.url });
      expect(switched.json()).not.toHaveProperty('client_id');
      expect(Object.keys(await storedConfig(created.id))).not.toContain('client_secret');
    });
  });

  describe('permissions and realms', () => {
    let realmA: string;
    let foreign: Record<string, unknown>;
    let realmAdmin: Caller;

    beforeAll(async () => {
      realmA = await createRealm(ctx.database.db, 'realm-a');
      foreign = (await admin.post('/auth/identity-providers', { ...oidc, name: 'foreign' })).json();
      await createUserWithPermissions(ctx.database.db, {
        name: 'realm-a-admin',
        password: 'Realm-A-Passw0rd',
        realmId: realmA,
        permissions: [
          P.IDENTITY_PROVIDER_CREATE,
          P.IDENTITY_PROVIDER_READ,
          P.IDENTITY_PROVIDER_UPDATE,
          P.IDENTITY_PROVIDER_DELETE,
        ],
      });
      realmAdmin = await signIn(ctx.app, 'realm-a-admin', 'Realm-A-Passw0rd', 'realm-a');
    });

    it('needs the write permissions', async () => {
      const anonymous = await ctx.app.inject({
        method: 'POST',
        url: '/auth/identity-providers',
        payload: { ...oidc, name: 'anon' },
      });
      expect(anonymous.statusCode).toBe(401);
      await createUserWithPermissions(ctx.database.db, {
        name: 'reader',
        password: 'Reader-Passw0rd',
        realmId: masterId,
        permissions: [P.IDENTITY_PROVIDER_READ],
      });
      const reader = await signIn(ctx.app, 'reader', 'Reader-Passw0rd');
      for (const response of [
        await reader.post('/auth/identity-providers', { ...oidc, name: 'by-reader' }),
        await reader.post(`/auth/identity-providers/${foreign.id}`, { display_name: 'Hijacked' }),
        await reader.delete(`/auth/identity-providers/${foreign.id}`),
      ]) {
        expect(response.statusCode).toBe(403);
      }
    });

    it('confines a realm administrator to the providers of its realm', async () => {
      const own = await realmAdmin.post('/auth/identity-providers', { ...oidc, name: 'own' });
      expect(own.statusCode).toBe(201);
      expect(own.json().realm_id).toBe(realmA);

      const list = (await realmAdmin.get('/auth/identity-providers')).json();
      expect(list.data.map((item: { name: string }) => item.name)).toEqual(['own']);
      expect(list.meta.total).toBe(1);
      expect((await realmAdmin.get(`/auth/identity-providers/${foreign.id}`)).statusCode).toBe(404);
      expect(
        (await realmAdmin.post(`/auth/identity-providers/${foreign.id}`, { display_name: 'Taken' }))
          .statusCode,
      ).toBe(404);
      expect((await realmAdmin.delete(`/auth/identity-providers/${foreign.id}`)).statusCode).toBe(404);
      const elsewhere = await realmAdmin.post('/auth/identity-providers', {
        ...oidc,
        name: 'elsewhere',
        realm_id: masterId,
      });
      expect(elsewhere.statusCode).toBe(403);

      const deleted = await realmAdmin.delete(`/auth/identity-providers/${own.json().id}`);
      expect(deleted.statusCode).toBe(202);
      expect(deleted.json()).toMatchObject({ name: 'own', client_id: 'federa-hub' });
      expect(deleted.body).not.toContain('top-secret-value');
    });

    it('creates or updates with PUT', async () => {
      const id = '9d4c4f5e-3d1a-4b7e-9d55-0f6c8e2a1b11';
      const created = await admin.request('PUT', `/auth/identity-providers/${id}`, {
        ...oidc,
        name: 'put-created',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().id).toBe(id);
      const updated = await admin.request('PUT', `/auth/identity-providers/${id}`, { enabled: false });
      expect(updated.statusCode).toBe(202);
      expect(updated.json()).toMatchObject({ enabled: false, client_id: 'federa-hub' });
    });
  });
});
