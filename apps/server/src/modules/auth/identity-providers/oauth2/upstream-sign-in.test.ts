import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { identityProviderAccounts, users } from '../../db/identity.ts';
import { createRealm, createRole, roleNamesOf } from '../identity-providers.test-support.ts';
import {
  followUpstreamRedirects,
  startOidcProvider,
  type OidcProviderFixture,
  type UpstreamAccount,
} from './oidc-provider.test-support.ts';

const PUBLIC_URL = 'http://hub.test';
const CLIENT_ID = 'federa-hub';
const CLIENT_SECRET = 'upstream-client-secret';

const alice: UpstreamAccount = {
  sub: 'acc-alice',
  claims: {
    preferred_username: 'alice',
    name: 'Alice Upstream',
    email: 'alice@partner.example',
    email_verified: true,
    groups: ['hub-admins', 'staff'],
  },
};

interface InjectedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: Array<{
    name: string;
    value: string;
    path?: string;
    sameSite?: string;
    httpOnly?: boolean;
    secure?: boolean;
    maxAge?: number;
  }>;
  json(): { code?: string; message?: string };
}

describe('upstream OAuth2/OIDC sign-in', () => {
  let ctx: TestApp;
  let upstream: OidcProviderFixture;
  let admin: Caller;
  let realmId: string;
  const oidcId = randomUUID();
  const oauth2Id = randomUUID();
  const callbackOf = (id: string) => `${PUBLIC_URL}/auth/identity-providers/${id}/authorize-callback`;

  /** Starts at the hub, goes through the provider, and returns the callback URL and the browser cookie. */
  const startSignIn = async (providerId: string, account: UpstreamAccount, redirect?: string) => {
    const start = (await ctx.app.inject({
      url: `/auth/identity-providers/${providerId}/authorize-url`,
      ...(redirect === undefined ? {} : { query: { redirect } }),
    })) as InjectedResponse;
    expect(start.statusCode).toBe(302);
    const browser = start.cookies.find((cookie) => cookie.name === 'idp_browser')!;
    upstream.signInAs(account);
    const callback = await followUpstreamRedirects(String(start.headers.location));
    return { start, browser: browser.value, callback };
  };
  const callback = (url: URL, browser?: string) =>
    ctx.app.inject({
      url: `${url.pathname}${url.search}`,
      ...(browser ? { cookies: { idp_browser: browser } } : {}),
    }) as Promise<InjectedResponse>;
  const signInUpstream = async (providerId: string, account: UpstreamAccount) => {
    const { browser, callback: url } = await startSignIn(providerId, account);
    return callback(url, browser);
  };
  const sessionUser = async (response: InjectedResponse) => {
    const accessToken = response.cookies.find((cookie) => cookie.name === 'access_token')!.value;
    return (await callerWithToken(ctx.app, accessToken).get('/auth/users/@me')).json();
  };
  const expectInvalidState = (response: InjectedResponse) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_request',
      message: 'The request state is invalid, unknown or malformed.',
    });
  };

  beforeAll(async () => {
    [ctx, upstream] = await Promise.all([
      createTestApp({ PUBLIC_URL }),
      startOidcProvider({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [callbackOf(oidcId), callbackOf(oauth2Id)],
      }),
    ]);
    admin = await signIn(ctx.app);
    realmId = await createRealm(ctx.database.db, 'partners');
    const common = {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      authorize_url: `${upstream.issuer}/auth`,
      token_url: `${upstream.issuer}/token`,
      scope: 'openid profile email groups',
      realm_id: realmId,
    };
    const oidc = await admin.request('PUT', `/auth/identity-providers/${oidcId}`, {
      ...common,
      name: 'partner-oidc',
      protocol: 'oidc',
      user_info_url: `${upstream.issuer}/me`,
      discovery_url: `${upstream.issuer}/.well-known/openid-configuration`,
    });
    expect(oidc.statusCode).toBe(201);
    // Plain OAuth2, no discovery: the ID token comes straight from the token endpoint.
    const oauth2 = await admin.request('PUT', `/auth/identity-providers/${oauth2Id}`, {
      ...common,
      name: 'partner-oauth2',
      protocol: 'oauth2',
    });
    expect(oauth2.statusCode).toBe(201);
  });
  afterAll(async () => {
    await ctx?.close();
    await upstream?.stop();
  });

  it('redirects to the provider with client, callback, scope, state, nonce and a PKCE challenge', async () => {
    const response = (await ctx.app.inject({
      url: `/auth/identity-providers/${oidcId}/authorize-url`,
    })) as InjectedResponse;
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${upstream.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: callbackOf(oidcId),
      scope: 'openid profile email groups',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[\w-]{43}$/);
    expect(params.nonce).toMatch(/^[\w-]{43}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params).not.toHaveProperty('client_secret');
    expect(response.cookies.find((cookie) => cookie.name === 'idp_browser')).toMatchObject({
      path: '/auth/identity-providers',
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  it('signs a new user in, applies the role mappings, sets the session cookies and opens the web app', async () => {
    const roles = {
      hub: await createRole(ctx.database.db, { name: 'hub-people', realmId, permissions: [] }),
      staff: await createRole(ctx.database.db, { name: 'staff', realmId, permissions: [] }),
      newcomers: await createRole(ctx.database.db, { name: 'newcomers', realmId, permissions: [] }),
      auditors: await createRole(ctx.database.db, { name: 'auditors', realmId, permissions: [] }),
    };
    for (const mapping of [
      { role_id: roles.hub, name: 'groups', value: '^hub-', value_is_regex: true },
      { role_id: roles.staff, name: 'groups.*', value: 'staff' },
      { role_id: roles.newcomers, synchronization_mode: 'once' },
      { role_id: roles.auditors, name: 'groups', value: 'auditors' },
    ]) {
      expect(
        (await admin.post('/auth/identity-provider-role-mappings', { provider_id: oidcId, ...mapping }))
          .statusCode,
      ).toBe(201);
    }

    const response = await signInUpstream(oidcId, alice);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/`);
    const accessCookie = response.cookies.find((cookie) => cookie.name === 'access_token');
    expect(accessCookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 3600 });
    expect(accessCookie?.secure).toBeFalsy();
    expect(response.cookies.find((cookie) => cookie.name === 'refresh_token')).toMatchObject({
      path: '/',
      sameSite: 'Lax',
    });

    const user = await sessionUser(response);
    expect(user).toMatchObject({ name: 'alice', display_name: 'Alice Upstream', realm_id: realmId });
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ email: 'alice@partner.example', password: null });
    const [account] = await ctx.database.db
      .select()
      .from(identityProviderAccounts)
      .where(eq(identityProviderAccounts.user_id, user.id));
    expect(account).toMatchObject({
      provider_id: oidcId,
      provider_user_id: 'acc-alice',
      provider_user_name: 'alice',
    });
    expect(await roleNamesOf(ctx.database.db, user.id)).toEqual(['hub-people', 'newcomers', 'staff']);
  });

  it('reads a discovery document on the server for the provider form', async () => {
    const found = await admin.post('/auth/identity-providers/discovery', {
      url: `${upstream.issuer}/.well-known/openid-configuration`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      issuer: upstream.issuer,
      authorize_url: `${upstream.issuer}/auth`,
      token_url: `${upstream.issuer}/token`,
      user_info_url: `${upstream.issuer}/me`,
    });

    const missing = await admin.post('/auth/identity-providers/discovery', {
      url: `${upstream.issuer}/no-such-document`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'discovery_failed',
      message: 'Lookup failed with: 404 Not Found',
    });
    const closed = await admin.post('/auth/identity-providers/discovery', { url: 'http://127.0.0.1:9/x' });
    expect(closed.json().code).toBe('discovery_failed');
    const notHttp = await admin.post('/auth/identity-providers/discovery', { url: 'file:///etc/passwd' });
    expect(notHttp.json().code).toBe('validation_failed');

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/auth/identity-providers/discovery',
      payload: { url: `${upstream.issuer}/.well-known/openid-configuration` },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('returns to the page the user came from, but only to a page of this site', async () => {
    const returnTo = '/authorize?response_type=code&client_id=abc&state=1';
    const { browser, callback: url } = await startSignIn(oidcId, alice, returnTo);
    const response = await callback(url, browser);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PUBLIC_URL}${returnTo}`);

    for (const elsewhere of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'admin']) {
      const started = await startSignIn(oidcId, alice, elsewhere);
      const back = await callback(started.callback, started.browser);
      expect(back.headers.location, elsewhere).toBe(`${PUBLIC_URL}/`);
    }
  });

  it('links the same account on the next sign-in and keeps the mapped roles in sync', async () => {
    const [first] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.name, 'alice'));
    const response = await signInUpstream(oidcId, {
      ...alice,
      claims: { ...alice.claims, groups: ['auditors'] },
    });
    expect(response.statusCode).toBe(302);
    const user = await sessionUser(response);
    expect(user.id).toBe(first!.id);
    // `always` mappings follow the claims; the `once` mapping only acted on the first sign-in.
    expect(await roleNamesOf(ctx.database.db, user.id)).toEqual(['auditors', 'newcomers']);
  });

  it('never merges with a local user of the same name or e-mail address', async () => {
    const local = await admin.post('/auth/users', {
      name: 'bob',
      email: 'bob@partner.example',
      password: 'Local-Bob-Passw0rd',
      realm_id: realmId,
    });
    expect(local.statusCode).toBe(201);
    const response = await signInUpstream(oidcId, {
      sub: 'acc-bob',
      claims: { preferred_username: 'bob', email: 'bob@partner.example', groups: [] },
    });
    expect(response.statusCode).toBe(302);
    const user = await sessionUser(response);
    expect(user.id).not.toBe(local.json().id);
    expect(user.name).toMatch(/^[a-z0-9]{21}$/);
  });

  it('signs in through a plain OAuth2 provider without discovery', async () => {
    const response = await signInUpstream(oauth2Id, {
      sub: 'acc-carol',
      claims: { preferred_username: 'carol', groups: [] },
    });
    expect(response.statusCode).toBe(302);
    expect(await sessionUser(response)).toMatchObject({ name: 'carol', realm_id: realmId });
  });

  it('accepts a state once, and only from the browser that started the sign-in', async () => {
    const first = await startSignIn(oidcId, alice);
    expect((await callback(first.callback, first.browser)).statusCode).toBe(302);
    expectInvalidState(await callback(first.callback, first.browser));

    const second = await startSignIn(oidcId, alice);
    expectInvalidState(await callback(second.callback));
    const third = await startSignIn(oidcId, alice);
    expectInvalidState(await callback(third.callback, 'A'.repeat(43)));
    // The state of one provider is no good at another.
    const fourth = await startSignIn(oidcId, alice);
    const elsewhere = new URL(fourth.callback.toString().replace(oidcId, oauth2Id));
    expectInvalidState(await callback(elsewhere, fourth.browser));

    const forged = new URL(callbackOf(oidcId));
    forged.searchParams.set('code', 'forged');
    forged.searchParams.set('state', 'forged');
    expectInvalidState(await callback(forged, first.browser));
  });

  it('reports a sign-in the provider refused', async () => {
    const response = await ctx.app.inject({
      url: `/auth/identity-providers/${oidcId}/authorize-callback?error=access_denied&state=x`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_request',
      message: 'The identity provider did not sign you in (access_denied).',
    });
  });

  it('only redirects to enabled OAuth2/OIDC providers', async () => {
    const directory = await admin.post('/auth/identity-providers', {
      name: 'directory',
      protocol: 'ldap',
      url: 'ldap://127.0.0.1:9',
      base_dn: 'dc=example,dc=org',
      user: 'cn=service,dc=example,dc=org',
      password: 'service-pass',
    });
    const ldap = await ctx.app.inject({
      url: `/auth/identity-providers/${directory.json().id}/authorize-url`,
    });
    expect(ldap.statusCode).toBe(400);
    expect(ldap.json().message).toBe(
      'Only an identity-provider based on the oauth protocol supports authorize redirect.',
    );

    await admin.post(`/auth/identity-providers/${oauth2Id}`, { enabled: false });
    const disabled = await ctx.app.inject({ url: `/auth/identity-providers/${oauth2Id}/authorize-url` });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe('The identity provider is disabled.');
    await admin.post(`/auth/identity-providers/${oauth2Id}`, { enabled: true });

    expect(
      (await ctx.app.inject({ url: `/auth/identity-providers/${randomUUID()}/authorize-url` })).statusCode,
    ).toBe(404);
  });

  it('ignores a stale access token cookie on the way in', async () => {
    const response = await ctx.app.inject({
      url: `/auth/identity-providers/${oidcId}/authorize-url`,
      cookies: { access_token: 'expired.or.garbage' },
    });
    expect(response.statusCode).toBe(302);
  });
});

describe('upstream sign-in behind https', () => {
  it('marks its cookies Secure', async () => {
    const ctx = await createTestApp({ PUBLIC_URL: 'https://hub.test' });
    try {
      const admin = await signIn(ctx.app);
      const created = await admin.post('/auth/identity-providers', {
        preset: 'google',
        client_id: 'google-client',
      });
      const response = (await ctx.app.inject({
        url: `/auth/identity-providers/${created.json().id}/authorize-url`,
      })) as InjectedResponse;
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(location.origin).toBe('https://accounts.google.com');
      expect(location.searchParams.get('redirect_uri')).toBe(
        `https://hub.test/auth/identity-providers/${created.json().id}/authorize-callback`,
      );
      expect(response.cookies.find((cookie) => cookie.name === 'idp_browser')?.secure).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
