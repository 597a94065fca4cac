import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';

interface Tokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

describe('OAuth2 endpoints', () => {
  let ctx: TestApp;

  const token = async (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/auth/token', payload, headers });
  const login = async (password = TEST_ADMIN_PASSWORD) =>
    (await token({ grant_type: 'password', username: 'admin', password })).json() as Tokens;
  const me = (accessToken: string) =>
    ctx.app.inject({ url: '/auth/users/@me', headers: { authorization: `Bearer ${accessToken}` } });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  describe('password grant', () => {
    it('issues an access and a refresh token for the admin', async () => {
      const response = await token({
        grant_type: 'password',
        username: 'admin',
        password: TEST_ADMIN_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json() as Tokens;
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'global' });
      expect(body.access_token.split('.')).toHaveLength(3);
      expect(body.refresh_token).toBeTruthy();
    });

    it('accepts the form encoding and the realm by name or id', async () => {
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=admin&password=${encodeURIComponent(TEST_ADMIN_PASSWORD)}&realm_name=master`,
      });
      expect(form.statusCode).toBe(200);
      const introspection = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/introspect',
        payload: { token: form.json().access_token },
      });
      const realmId = introspection.json().realm_id as string;
      const byId = await token({ username: 'admin', password: TEST_ADMIN_PASSWORD, realm_id: realmId });
      expect(byId.statusCode).toBe(200);
    });

    it('refuses wrong credentials and unknown realms with invalid_credentials', async () => {
      const attempts: Array<Record<string, string>> = [
        { grant_type: 'password', username: 'admin', password: 'wrong-password' },
        { grant_type: 'password', username: 'nobody', password: TEST_ADMIN_PASSWORD },
        { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD, realm_name: 'elsewhere' },
      ];
      for (const payload of attempts) {
        const response = await token(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'invalid_credentials',
          error: 'invalid_grant',
          message: 'The user credentials are invalid.',
        });
      }
    });

    it('refuses an unsupported grant type', async () => {
      const response = await token({ grant_type: 'implicit' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'unsupported_token_grant_type',
        error: 'unsupported_grant_type',
      });
    });
  });

  describe('using an access token', () => {
    it('introspects to the subject, its realm and its permissions', async () => {
      const { access_token } = await login();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/introspect',
        payload: { token: access_token },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        active: true,
        kind: 'access_token',
        sub_kind: 'user',
        realm_name: 'master',
        scope: 'global',
      });
      const names = (body.permissions as Array<{ name: string }>).map((permission) => permission.name);
      expect(names).toEqual(
        expect.arrayContaining(['user_create', 'realm_delete', 'analysis_execution_start']),
      );
    });

    it('introspects each permission with its policy, so that clients can pre-check', async () => {
      const admin = await login();
      const bearer = { authorization: `Bearer ${admin.access_token}` };
      const policy = await ctx.app.inject({
        method: 'POST',
        url: '/auth/policies',
        headers: bearer,
        payload: { name: 'office-hours', type: 'time', start: '08:00', end: '18:00' },
      });
      expect(policy.statusCode, policy.body).toBe(201);
      const permission = await ctx.app.inject({
        method: 'POST',
        url: '/auth/permissions',
        headers: bearer,
        payload: { name: 'report_read', policy_id: policy.json().id },
      });
      expect(permission.statusCode, permission.body).toBe(201);

      const { access_token } = await login();
      const body = (
        await ctx.app.inject({
          method: 'POST',
          url: '/auth/token/introspect',
          payload: { token: access_token },
        })
      ).json();
      const byName = new Map(
        (body.permissions as Array<{ name: string; policy?: unknown }>).map((item) => [item.name, item]),
      );
      expect(byName.get('report_read')?.policy).toMatchObject({
        type: 'time',
        invert: false,
        start: '08:00',
        end: '18:00',
      });
      expect(byName.get('user_create')).not.toHaveProperty('policy');
    });

    it('answers userinfo with the user and sub', async () => {
      const { access_token } = await login();
      const response = await me(access_token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ name: 'admin', realm_name: 'master', active: true });
      expect(body.sub).toBe(body.id);
      expect(body).not.toHaveProperty('password');
    });

    it('accepts the access_token cookie for reads only', async () => {
      const { access_token } = await login();
      const read = await ctx.app.inject({ url: '/auth/users/@me', cookies: { access_token } });
      expect(read.statusCode).toBe(200);
      const write = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/revoke',
        cookies: { access_token },
        payload: {},
      });
      expect(write.statusCode).toBe(400); // no token parameter: the cookie was not taken as one
    });

    it('treats a stale token cookie as anonymous, so the web app still loads', async () => {
      const { access_token } = await login();
      await ctx.app.inject({ method: 'POST', url: '/auth/token/revoke', payload: { token: access_token } });
      const realms = await ctx.app.inject({ url: '/auth/realms', cookies: { access_token } });
      expect(realms.statusCode).toBe(200);
      const profile = await ctx.app.inject({ url: '/auth/users/@me', cookies: { access_token } });
      expect(profile.statusCode).toBe(401);
      expect(profile.json().code).toBe('unauthorized');
      // The same token in the Authorization header is refused with its reason.
      expect((await me(access_token)).json().code).toBe('inactive_token');
    });

    it('refuses requests without a token, with another scheme, or with a forged token', async () => {
      expect((await ctx.app.inject({ url: '/auth/users/@me' })).statusCode).toBe(401);
      const basic = await ctx.app.inject({
        url: '/auth/users/@me',
        headers: { authorization: 'Basic YTpi' },
      });
      expect(basic.statusCode).toBe(400);
      expect(basic.json().code).toBe('unsupported_auth_header_type');
      const { access_token } = await login();
      const [header, payload] = access_token.split('.');
      const tampered = `${header}.${payload}.${'A'.repeat(342)}`;
      const forged = await me(tampered);
      expect(forged.statusCode).toBe(401);
      expect(forged.json().code).toBe('invalid_token');
      const garbage = await me('not-a-jwt');
      expect(garbage.json().code).toBe('invalid_token');
    });

    it('reports an expired token and an unknown key with their own codes', async () => {
      const { access_token } = await login();
      const claims = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString());
      const { kid } = decodeProtectedHeader(access_token);
      const key = (await ctx.app.auth.keys.byId(kid!))!;
      const expired = await new SignJWT({ ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 })
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(key.privateKey);
      const expiredResponse = await me(expired);
      expect(expiredResponse.statusCode).toBe(401);
      expect(expiredResponse.json().code).toBe('expired_token');

      const unknownKid = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: '00000000-0000-4000-8000-000000000000' })
        .sign(key.privateKey);
      const unknownResponse = await me(unknownKid);
      expect(unknownResponse.json().code).toBe('jwk_not_found');
      const malformedKid = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: "x' or 1=1" })
        .sign(key.privateKey);
      const malformedResponse = await me(malformedKid);
      expect(malformedResponse.statusCode).toBe(401);
      expect(malformedResponse.json().code).toBe('jwk_not_found');
    });
  });

  describe('refresh and revocation', () => {
    it('rotates refresh tokens: each one works exactly once', async () => {
      const first = await login();
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! });
      expect(refreshed.statusCode).toBe(200);
      const second = refreshed.json() as Tokens;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await me(second.access_token)).statusCode).toBe(200);

      const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'invalid_grant', error: 'invalid_grant' });
    });

    it('lets only one of two concurrent uses of a refresh token succeed', async () => {
      const { refresh_token } = await login();
      const results = await Promise.all(
        [1, 2, 3].map(() => token({ grant_type: 'refresh_token', refresh_token: refresh_token! })),
      );
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400, 400]);
    });

    it('does not accept an access token as a refresh token', async () => {
      const { access_token } = await login();
      const response = await token({ grant_type: 'refresh_token', refresh_token: access_token });
      expect(response.json().code).toBe('invalid_grant');
    });

    it('revokes an access token for every replica sharing the database', async () => {
      const { access_token } = await login();
      const revoke = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/revoke',
        payload: { token: access_token },
      });
      expect(revoke.statusCode).toBe(200);
      const introspection = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/introspect',
        payload: { token: access_token },
      });
      expect(introspection.json()).toEqual({ active: false });
      const response = await me(access_token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('inactive_token');

      const replica = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
      const fromReplica = await replica.inject({
        url: '/auth/users/@me',
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(fromReplica.json().code).toBe('inactive_token');
      await replica.close();
    });

    it('revoking a refresh token also ends its access token', async () => {
      const pair = await login();
      await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/revoke',
        payload: { token: pair.refresh_token },
      });
      expect((await me(pair.access_token)).statusCode).toBe(401);
      const refresh = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token! });
      expect(refresh.statusCode).toBe(400);
    });
  });

  describe('keys and discovery', () => {
    it('publishes the signing key that verifies issued tokens', async () => {
      const { access_token } = await login();
      const { kid } = decodeProtectedHeader(access_token);
      const jwks = (await ctx.app.inject({ url: '/auth/jwks' })).json() as {
        keys: Array<{ kid: string; kty: string }>;
      };
      expect(jwks.keys.map((key) => key.kid)).toContain(kid);
      expect(jwks.keys.every((key) => key.kty === 'RSA' && !('d' in key))).toBe(true);
      const single = await ctx.app.inject({ url: `/auth/jwks/${kid}` });
      expect(single.json()).toMatchObject({ kid, alg: 'RS256' });
      expect((await ctx.app.inject({ url: '/auth/jwks/unknown' })).statusCode).toBe(404);
    });

    it('describes itself with the real endpoints', async () => {
      const document = (await ctx.app.inject({ url: '/auth/.well-known/openid-configuration' })).json();
      expect(document).toMatchObject({
        issuer: 'http://hub.test/auth',
        token_endpoint: 'http://hub.test/auth/token',
        revocation_endpoint: 'http://hub.test/auth/token/revoke',
        introspection_endpoint: 'http://hub.test/auth/token/introspect',
        userinfo_endpoint: 'http://hub.test/auth/users/@me',
        jwks_uri: 'http://hub.test/auth/jwks',
      });
    });
  });
});

describe('login throttling', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses even the right password after five failures for the account', async () => {
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/auth/token', payload: { username: 'admin', password } });
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt(`wrong-${index}`)).statusCode).toBe(400);
    }
    const blocked = await attempt(TEST_ADMIN_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    expect(blocked.json().message).toMatch(
      /Too many failed sign-in attempts\. Please try again in \d+ minutes?\./,
    );
  });
});

describe('token endpoint rate limit (TOKEN_RATE_LIMIT_PER_MINUTE)', () => {
  // Requests without credentials are refused at once, so they exercise the limit and nothing else.
  const hammer = async (ctx: TestApp, count: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const response = await ctx.app.inject({ method: 'POST', url: '/auth/token', payload: {} });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('refuses requests above the configured limit per address with 429', async () => {
    const ctx = await createTestApp({ TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      expect(await hammer(ctx, 4)).toEqual([400, 400, 400, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('does not limit token requests when set to 0', async () => {
    const ctx = await createTestApp({ TOKEN_RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const statuses = await hammer(ctx, 130);
      expect(statuses.filter((status) => status === 429)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
