import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { importJWK, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { authorizationCodes, clientScopes, scopes } from '../db/index.ts';

interface ClientRecord {
  id: string;
  name: string;
  secret: string;
  realm_id: string;
}

interface TokenBody {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope: string;
}

const S256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const newVerifier = () => randomBytes(48).toString('base64url');

describe('authorization code flow', () => {
  let ctx: TestApp;
  let adminToken: string;
  let ada: { id: string; token: string };
  let spa: ClientRecord;
  let backend: ClientRecord;
  let bare: ClientRecord;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const passwordLogin = async (username: string, password: string, realm_name?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username, password, ...(realm_name ? { realm_name } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as TokenBody).access_token;
  };
  const createClient = async (body: Record<string, unknown>, token = adminToken): Promise<ClientRecord> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/clients',
      headers: bearer(token),
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as ClientRecord;
  };
  /**
   * Gives a client exactly these built-in scopes, replacing the realm's defaults it was created with
   * (directly: the link resource is not needed for these tests).
   */
  const assignScopes = async (client: ClientRecord, names: string[], defaults: string[] = []) => {
    await ctx.database.db.delete(clientScopes).where(eq(clientScopes.client_id, client.id));
    if (names.length === 0) return;
    const rows = await ctx.database.db
      .select({ id: scopes.id, name: scopes.name })
      .from(scopes)
      .where(and(inArray(scopes.name, names), isNull(scopes.realm_id)));
    expect(rows).toHaveLength(names.length);
    await ctx.database.db.insert(clientScopes).values(
      rows.map((scope) => ({
        client_id: client.id,
        client_realm_id: client.realm_id,
        scope_id: scope.id,
        default: defaults.includes(scope.name),
      })),
    );
  };
  const describeRequest = (query: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/auth/authorize', query });
  const approve = (payload: Record<string, string>, token = ada.token) =>
    ctx.app.inject({ method: 'POST', url: '/auth/authorize', headers: bearer(token), payload });
  const exchange = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(payload).toString(),
    });
  const basic = (client: ClientRecord, secret = client.secret) => ({
    authorization: `Basic ${Buffer.from(`${client.id}:${secret}`).toString('base64')}`,
  });

  /** Approves a request as Ada and returns the code and the URL it came in. */
  const codeFor = async (payload: Record<string, string>, token = ada.token) => {
    const response = await approve({ response_type: 'code', ...payload }, token);
    expect(response.statusCode).toBe(200);
    const url = new URL((response.json() as { url: string }).url);
    return { code: url.searchParams.get('code')!, url };
  };
  const spaCode = async (extra: Record<string, string> = {}) => {
    const verifier = newVerifier();
    const { code } = await codeFor({
      client_id: spa.id,
      redirect_uri: 'https://app.example/callback',
      code_challenge: S256(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    return { code, verifier };
  };

  beforeAll(async () => {
    // Only the API role: these tests need no realtime gateway.
    ctx = await createTestApp({ ROLES: 'api' });
    adminToken = await passwordLogin('admin', TEST_ADMIN_PASSWORD);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/auth/users',
      headers: bearer(adminToken),
      payload: {
        name: 'ada',
        email: 'ada@example.org',
        display_name: 'Ada Lovelace',
        password: 'Analytical-Engine-1',
      },
    });
    expect(created.statusCode).toBe(201);
    ada = { id: created.json().id as string, token: await passwordLogin('ada', 'Analytical-Engine-1') };

    spa = await createClient({
      name: 'notebook',
      display_name: 'Notebook',
      redirect_uri: 'https://app.example/callback, https://app.example/spa/**',
    });
    await assignScopes(spa, ['openid', 'email', 'identity'], ['openid', 'identity']);
    backend = await createClient({
      name: 'reporting',
      is_confidential: true,
      redirect_uri: 'https://reports.example/cb',
    });
    await assignScopes(backend, ['openid', 'global']);
    bare = await createClient({ name: 'bare' });
  });
  afterAll(() => ctx.close());

  describe('GET /authorize', () => {
    it('describes a valid request for the consent screen', async () => {
      const response = await describeRequest({
        response_type: 'code',
        client_id: 'notebook',
        redirect_uri: 'https://app.example/callback',
        scope: 'openid email',
        state: 'state-12345',
        code_challenge: S256(newVerifier()),
        code_challenge_method: 'S256',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        client: {
          id: spa.id,
          name: 'notebook',
          display_name: 'Notebook',
          realm_id: spa.realm_id,
          first_party: false,
        },
        scopes: ['openid', 'email'],
        scope_details: [
          { name: 'openid', display_name: null, description: null, built_in: true },
          { name: 'email', display_name: null, description: null, built_in: true },
        ],
        redirect_uri: 'https://app.example/callback',
        state: 'state-12345',
      });
    });

    it('uses the default scopes of the client without a scope parameter, else all of its scopes', async () => {
      const query = {
        response_type: 'code',
        redirect_uri: 'https://app.example/callback',
        code_challenge: S256(newVerifier()),
      };
      const defaults = await describeRequest({ ...query, client_id: spa.id });
      expect(defaults.json().scopes.sort()).toEqual(['identity', 'openid']);
      const all = await describeRequest({
        ...query,
        client_id: backend.id,
        redirect_uri: 'https://reports.example/cb',
      });
      expect(all.json().scopes.sort()).toEqual(['global', 'openid']);
    });

    it('refuses scopes the client was not assigned, global included', async () => {
      for (const scope of ['global', 'openid roles', 'unknown']) {
        const response = await describeRequest({
          response_type: 'code',
          client_id: spa.id,
          redirect_uri: 'https://app.example/callback',
          code_challenge: S256(newVerifier()),
          scope,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'insufficient_scope', error: 'insufficient_scope' });
      }
    });

    it('refuses a request without scope for a client without scopes', async () => {
      const client = await createClient({
        name: 'scopeless',
        is_confidential: true,
        redirect_uri: 'https://s.example/cb',
      });
      await assignScopes(client, []);
      const response = await describeRequest({
        response_type: 'code',
        client_id: client.id,
        redirect_uri: 'https://s.example/cb',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_scope');
    });

    it('refuses redirect URIs the client did not register, and never fails for a client without any', async () => {
      const cases: Array<[string, string]> = [
        [spa.id, 'https://evil.example/callback'],
        [spa.id, 'https://app.example/callback/extra'],
        [spa.id, 'https://app.example:8443/callback'],
        [spa.id, 'https://app.example/cb@evil.example'],
        [spa.id, 'https://app.example/spa/../admin'],
        [spa.id, 'https://app.example/callback#fragment'],
        [bare.id, 'https://app.example/callback'],
      ];
      for (const [client_id, redirect_uri] of cases) {
        const response = await describeRequest({
          response_type: 'code',
          client_id,
          redirect_uri,
          code_challenge: S256(newVerifier()),
        });
        expect(response.statusCode, redirect_uri).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'redirect_uri_mismatch',
          message: 'The redirect URI is missing or do not match',
        });
      }
    });

    it('refuses unknown and inactive clients, other response types and malformed parameters', async () => {
      const base = {
        response_type: 'code',
        redirect_uri: 'https://app.example/callback',
        code_challenge: S256(newVerifier()),
      };
      const unknown = await describeRequest({ ...base, client_id: 'nobody' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'invalid_client', error: 'invalid_client' });

      const inactive = await createClient({
        name: 'retired',
        active: false,
        redirect_uri: 'https://app.example/callback',
      });
      expect((await describeRequest({ ...base, client_id: inactive.id })).json().code).toBe('invalid_client');

      const token = await describeRequest({ ...base, client_id: spa.id, response_type: 'token' });
      expect(token.statusCode).toBe(400);
      expect(token.json().code).toBe('unsupported_response_type');

      // Any non-empty state is accepted (RFC 6749 sets no minimum), up to 2048 characters.
      const shortState = await describeRequest({ ...base, client_id: spa.id, state: 'a' });
      expect(shortState.statusCode).toBe(200);
      expect(shortState.json().state).toBe('a');
      const longState = await describeRequest({ ...base, client_id: spa.id, state: 'a'.repeat(2049) });
      expect(longState.statusCode).toBe(400);
      expect(longState.json().code).toBe('validation_failed');

      const longChallenge = await describeRequest({
        ...base,
        client_id: spa.id,
        code_challenge: 'a'.repeat(257),
      });
      expect(longChallenge.statusCode).toBe(400);

      const badS256 = await describeRequest({
        ...base,
        client_id: spa.id,
        code_challenge: 'a'.repeat(60),
        code_challenge_method: 'S256',
      });
      expect(badS256.statusCode).toBe(400);
      expect(badS256.json().code).toBe('invalid_request');
    });

    it('requires PKCE from public clients', async () => {
      const response = await describeRequest({
        response_type: 'code',
        client_id: spa.id,
        redirect_uri: 'https://app.example/callback',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
      expect(response.json().message).toContain('code_challenge');
    });
  });

  describe('POST /authorize and the token exchange', () => {
    it('runs the whole flow with PKCE S256 and issues an ID token that verifies against the JWKS', async () => {
      const verifier = newVerifier();
      const { code, url } = await codeFor({
        client_id: spa.id,
        redirect_uri: 'https://app.example/callback',
        scope: 'openid email',
        state: 'xyz-state-42',
        nonce: 'n-0S6_WzA2Mj',
        code_challenge: S256(verifier),
        code_challenge_method: 'S256',
      });
      expect(`${url.origin}${url.pathname}`).toBe('https://app.example/callback');
      expect(url.searchParams.get('state')).toBe('xyz-state-42');
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const response = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as TokenBody;
      expect(body.scope).toBe('openid email');
      expect(body.refresh_token).toBeTruthy();
      expect(body.id_token).toBeTruthy();

      const { keys } = (await ctx.app.inject('/auth/jwks')).json() as { keys: JWK[] };
      const [header] = body.id_token!.split('.');
      const { kid } = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string };
      const jwk = keys.find((key) => key.kid === kid)!;
      const { payload } = await jwtVerify(body.id_token!, await importJWK(jwk, 'RS256'), {
        issuer: 'http://hub.test/auth',
        audience: spa.id,
      });
      expect(payload).toMatchObject({
        kind: 'id_token',
        sub: ada.id,
        name: 'ada',
        preferred_username: 'Ada Lovelace',
        email: 'ada@example.org',
        nonce: 'n-0S6_WzA2Mj',
        aud: spa.id,
        client_id: spa.id,
        scope: 'openid email',
      });
      expect(typeof payload.auth_time).toBe('number');

      // The access token speaks for Ada through the client, with the approved scope only.
      const introspection = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token/introspect',
        payload: { token: body.access_token },
      });
      expect(introspection.json()).toMatchObject({
        active: true,
        sub: ada.id,
        sub_kind: 'user',
        client_id: spa.id,
        scope: 'openid email',
      });
      const me = await ctx.app.inject({ url: '/auth/users/@me', headers: bearer(body.access_token) });
      expect(me.json()).toMatchObject({ name: 'ada', email: 'ada@example.org' });

      // The code works exactly once.
      const replay = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'invalid_grant', error: 'invalid_grant' });
    });

    it('runs the flow with a plain challenge; without openid there is no ID token and no e-mail', async () => {
      const verifier = newVerifier();
      const { code } = await codeFor({
        client_id: spa.name,
        redirect_uri: 'https://app.example/callback',
        scope: 'identity',
        code_challenge: verifier,
        code_challenge_method: 'plain',
      });
      // The grant type is guessed from `code` when it is not given.
      const response = await exchange({
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.name,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as TokenBody;
      expect(body.scope).toBe('identity');
      expect(body.id_token).toBeUndefined();
      const me = await ctx.app.inject({ url: '/auth/users/@me', headers: bearer(body.access_token) });
      expect(me.json()).not.toHaveProperty('email');

      // The refresh token of a code flow keeps the client and the scope.
      const refreshed = await exchange({ grant_type: 'refresh_token', refresh_token: body.refresh_token! });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().scope).toBe('identity');
    });

    it('keeps the query of a wildcard redirect URI and adds code and state', async () => {
      const { url } = await codeFor({
        client_id: spa.id,
        redirect_uri: 'https://app.example/spa/after/login?tab=2',
        state: 'state-abcde',
        code_challenge: S256(newVerifier()),
        code_challenge_method: 'S256',
      });
      expect(url.pathname).toBe('/spa/after/login');
      expect(url.searchParams.get('tab')).toBe('2');
      expect(url.searchParams.get('state')).toBe('state-abcde');
      expect(url.searchParams.get('code')).toBeTruthy();
    });

    it('refuses a wrong verifier, and the code is used up by the attempt', async () => {
      const { code, verifier } = await spaCode();
      const wrong = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: newVerifier(),
        client_id: spa.id,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'invalid_grant',
        message: 'The code verifier does not match the code challenge.',
      });
      const retry = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      expect(retry.statusCode).toBe(400);
      expect(retry.json().code).toBe('invalid_grant');
    });

    it('refuses a missing verifier', async () => {
      const { code } = await spaCode();
      const response = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        client_id: spa.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });

    it('refuses another redirect URI than the one of the authorization request', async () => {
      for (const redirect_uri of ['https://app.example/spa/x', undefined]) {
        const { code, verifier } = await spaCode();
        const response = await exchange({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: spa.id,
          ...(redirect_uri ? { redirect_uri } : {}),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid_grant' });
        expect(response.json().message).toContain('redirect URI');
      }
    });

    it('refuses a code that has expired', async () => {
      const { code, verifier } = await spaCode();
      await ctx.database.db
        .update(authorizationCodes)
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() });
      const response = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_grant');
    });

    it('stores codes only as hashes', async () => {
      const { code } = await spaCode();
      const rows = await ctx.database.db.select().from(authorizationCodes);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.code_hash).not.toBe(code);
        expect(row.request).not.toContain(code);
      }
      expect(rows.map((row) => row.code_hash)).toContain(createHash('sha256').update(code).digest('hex'));
    });

    it('refuses a code exchanged by another client than it was issued to', async () => {
      const { code, verifier } = await spaCode();
      const response = await exchange(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'https://app.example/callback',
          code_verifier: verifier,
        },
        basic(backend),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_grant');
    });

    it('authenticates confidential clients: no or a wrong secret fails, body or Basic secret works', async () => {
      const approveBackend = async () =>
        (
          await codeFor({
            client_id: backend.id,
            redirect_uri: 'https://reports.example/cb',
            scope: 'openid',
          })
        ).code;
      const base = { grant_type: 'authorization_code', redirect_uri: 'https://reports.example/cb' };

      const withoutSecret = await exchange({ ...base, code: await approveBackend(), client_id: backend.id });
      expect(withoutSecret.statusCode).toBe(401);
      expect(withoutSecret.json()).toMatchObject({ code: 'invalid_client', error: 'invalid_client' });

      const withoutClient = await exchange({ ...base, code: await approveBackend() });
      expect(withoutClient.statusCode).toBe(401);

      const wrongSecret = await exchange({
        ...base,
        code: await approveBackend(),
        client_id: backend.id,
        client_secret: 'not-the-secret',
      });
      expect(wrongSecret.statusCode).toBe(401);

      const inBody = await exchange({
        ...base,
        code: await approveBackend(),
        client_id: backend.id,
        client_secret: backend.secret,
      });
      expect(inBody.statusCode).toBe(200);
      expect(inBody.json().id_token).toBeTruthy();

      const viaBasic = await exchange({ ...base, code: await approveBackend() }, basic(backend));
      expect(viaBasic.statusCode).toBe(200);
    });

    it('grants global only to a client that was assigned it', async () => {
      const { code } = await codeFor({
        client_id: backend.id,
        redirect_uri: 'https://reports.example/cb',
        scope: 'global',
      });
      const response = await exchange(
        { grant_type: 'authorization_code', code, redirect_uri: 'https://reports.example/cb' },
        basic(backend),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().scope).toBe('global');

      const refused = await approve({
        response_type: 'code',
        client_id: spa.id,
        redirect_uri: 'https://app.example/callback',
        scope: 'openid global',
        code_challenge: S256(newVerifier()),
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('insufficient_scope');
    });

    it('requires a signed-in user with a full session', async () => {
      const request = {
        response_type: 'code',
        client_id: spa.id,
        redirect_uri: 'https://app.example/callback',
        code_challenge: S256(newVerifier()),
      };
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/auth/authorize', payload: request });
      expect(anonymous.statusCode).toBe(401);

      const clientToken = await exchange({ grant_type: 'client_credentials' }, basic(backend));
      expect(clientToken.statusCode).toBe(200);
      const asClient = await approve(request, clientToken.json().access_token as string);
      expect(asClient.statusCode).toBe(403);

      // A token the user gave to a client must not let that client approve requests on the user's behalf.
      const { code, verifier } = await spaCode({ scope: 'openid' });
      const delegated = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      const asDelegate = await approve(request, delegated.json().access_token as string);
      expect(asDelegate.statusCode).toBe(403);
      expect(asDelegate.json().code).toBe('insufficient_scope');
    });

    it('does not let a token the user gave to a client change or read the account beyond userinfo', async () => {
      const { code, verifier } = await spaCode({ scope: 'openid' });
      const delegated = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      const token = delegated.json().access_token as string;
      const update = (payload: Record<string, unknown>) =>
        ctx.app.inject({ method: 'POST', url: `/auth/users/${ada.id}`, headers: bearer(token), payload });

      for (const payload of [
        { password: 'Taken-Over-Passw0rd' },
        { email: 'attacker@example.org' },
        { display_name: 'Not Ada' },
      ]) {
        const response = await update(payload);
        expect(response.statusCode).toBe(401);
      }
      const read = await ctx.app.inject({
        url: `/auth/users/${ada.id}?fields=%2Bemail`,
        headers: bearer(token),
      });
      expect(read.statusCode).toBe(401);
      expect(await passwordLogin('ada', 'Analytical-Engine-1')).toBeTruthy();

      const attribute = await ctx.app.inject({
        method: 'POST',
        url: '/auth/user-attributes',
        headers: bearer(adminToken),
        payload: { name: 'team', value: 'engines', user_id: ada.id },
      });
      expect(attribute.statusCode).toBe(201);
      const attributeUrl = `/auth/user-attributes/${attribute.json().id as string}`;
      const changed = await ctx.app.inject({
        method: 'POST',
        url: attributeUrl,
        headers: bearer(token),
        payload: { value: 'hijacked' },
      });
      expect(changed.statusCode).toBe(401);
      expect((await ctx.app.inject({ url: attributeUrl, headers: bearer(token) })).statusCode).toBe(401);

      // With her own full session, Ada still manages her account.
      const own = await ctx.app.inject({
        method: 'POST',
        url: `/auth/users/${ada.id}`,
        headers: bearer(ada.token),
        payload: { display_name: 'Ada Lovelace' },
      });
      expect(own.statusCode).toBe(202);
      const ownAttribute = await ctx.app.inject({
        method: 'POST',
        url: attributeUrl,
        headers: bearer(ada.token),
        payload: { value: 'analytical engines' },
      });
      expect(ownAttribute.statusCode).toBe(202);
    });

    it('refuses a user of another realm than the client', async () => {
      const realm = await ctx.app.inject({
        method: 'POST',
        url: '/auth/realms',
        headers: bearer(adminToken),
        payload: { name: 'elsewhere' },
      });
      expect(realm.statusCode).toBe(201);
      const realmId = realm.json().id as string;
      const user = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users',
        headers: bearer(adminToken),
        payload: { name: 'grace', password: 'Compiler-Pioneer-1', realm_id: realmId },
      });
      expect(user.statusCode).toBe(201);
      const graceToken = await passwordLogin('grace', 'Compiler-Pioneer-1', 'elsewhere');

      const response = await approve(
        {
          response_type: 'code',
          client_id: spa.id,
          redirect_uri: 'https://app.example/callback',
          code_challenge: S256(newVerifier()),
        },
        graceToken,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', error: 'invalid_request' });
      expect(response.json().message).toContain('another realm');

      // The same the other way round: a master user approving for a client of another realm.
      const foreign = await createClient({
        name: 'foreign',
        realm_id: realmId,
        redirect_uri: 'https://foreign.example/cb',
      });
      await assignScopes(foreign, ['openid']);
      const masterUser = await approve({
        response_type: 'code',
        client_id: foreign.id,
        redirect_uri: 'https://foreign.example/cb',
        code_challenge: S256(newVerifier()),
      });
      expect(masterUser.statusCode).toBe(400);
      expect(masterUser.json().code).toBe('invalid_request');
    });

    it('refuses an approved code once the user is deactivated', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/auth/users',
        headers: bearer(adminToken),
        payload: { name: 'charles', password: 'Difference-Engine-2' },
      });
      const charlesToken = await passwordLogin('charles', 'Difference-Engine-2');
      const verifier = newVerifier();
      const { code } = await codeFor(
        {
          client_id: spa.id,
          redirect_uri: 'https://app.example/callback',
          code_challenge: S256(verifier),
          code_challenge_method: 'S256',
        },
        charlesToken,
      );
      const deactivated = await ctx.app.inject({
        method: 'POST',
        url: `/auth/users/${created.json().id as string}`,
        headers: bearer(adminToken),
        payload: { active: false },
      });
      expect(deactivated.statusCode).toBe(202);
      const response = await exchange({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'https://app.example/callback',
        code_verifier: verifier,
        client_id: spa.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('entity_inactive');
    });
  });

  it('keeps one row per outstanding code and removes expired ones', async () => {
    await ctx.database.db
      .update(authorizationCodes)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() });
    await spaCode();
    const rows = await ctx.database.db.select().from(authorizationCodes);
    expect(rows).toHaveLength(1);
  });
});
