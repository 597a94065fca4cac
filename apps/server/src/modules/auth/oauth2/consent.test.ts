import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';

interface ClientRecord {
  id: string;
  name: string;
  secret: string;
  realm_id: string;
}

/**
 * The browser side of the code flow: the page a browser is sent to, consent (approve, deny,
 * remembered, first-party), the realm's default scopes a new client starts with, and the replay of
 * a used code.
 */
describe('authorization in the browser: consent and default scopes', () => {
  let ctx: TestApp;
  let adminToken: string;
  let userToken: string;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const login = async (username: string, password: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username, password },
    });
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  };
  const createClient = async (body: Record<string, unknown>): Promise<ClientRecord> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/clients',
      headers: bearer(adminToken),
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as ClientRecord;
  };
  const authorize = (payload: Record<string, string>, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/authorize',
      headers: token ? bearer(token) : {},
      payload: { response_type: 'code', ...payload },
    });
  const exchange = (client: ClientRecord, code: string, redirectUri: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: client.id,
        client_secret: client.secret,
      }).toString(),
    });
  const introspect = async (token: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/introspect',
      headers: bearer(adminToken),
      payload: { token },
    });
    return response.json() as { active: boolean };
  };

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    adminToken = await login('admin', TEST_ADMIN_PASSWORD);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/auth/users',
      headers: bearer(adminToken),
      payload: { name: 'grace', email: 'grace@example.org', password: 'Compiler-Pioneer-1' },
    });
    expect(created.statusCode).toBe(201);
    userToken = await login('grace', 'Compiler-Pioneer-1');
  });
  afterAll(() => ctx.close());

  it('sends a browser to the sign-in and consent page, with the request unchanged, even a malformed one', async () => {
    const query = 'response_type=code&client_id=x&redirect_uri=https%3A%2F%2Fevil.example%2F&state=s';
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/auth/authorize?${query}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/authorize?${query}`);

    // The page's own request gets the error as JSON, never a redirect to the unchecked URI.
    const json = await ctx.app.inject({
      method: 'GET',
      url: `/auth/authorize?${query}`,
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('invalid_client');
  });

  it('gives a new client the realm default scopes, so openid works without assigning scopes', async () => {
    const client = await createClient({
      name: 'grafana',
      secret: 'grafana-secret-123456',
      is_confidential: true,
      redirect_uri: 'https://grafana.example/login/generic_oauth',
    });
    const assigned = await ctx.app.inject({
      method: 'GET',
      url: `/auth/client-scopes?filter[client_id]=${client.id}&include=scope`,
      headers: bearer(adminToken),
    });
    const names = (assigned.json().data as Array<{ scope: { name: string }; default: boolean }>)
      .map((row) => `${row.scope.name}:${row.default}`)
      .sort();
    expect(names).toEqual(['email:true', 'identity:true', 'openid:true', 'profile:true', 'roles:true']);

    const described = await ctx.app.inject({
      method: 'GET',
      url: '/auth/authorize',
      query: {
        response_type: 'code',
        client_id: client.id,
        redirect_uri: 'https://grafana.example/login/generic_oauth',
        scope: 'openid profile email',
      },
    });
    expect(described.statusCode).toBe(200);
    expect(described.json().scopes).toEqual(['openid', 'profile', 'email']);
  });

  it('lets a realm administrator mark scopes optional or add global; new clients follow, old ones keep theirs', async () => {
    const realm = await ctx.app.inject({
      method: 'POST',
      url: '/auth/realms',
      headers: bearer(adminToken),
      payload: { name: 'lab' },
    });
    const realmId = realm.json().id as string;
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/auth/realm-scopes?filter[realm_id]=${realmId}&include=scope`,
      headers: bearer(adminToken),
    });
    const rows = list.json().data as Array<{ id: string; default: boolean; scope: { name: string } }>;
    expect(rows.map((row) => row.scope.name).sort()).toEqual([
      'email',
      'identity',
      'openid',
      'profile',
      'roles',
    ]);
    expect(rows.every((row) => row.default)).toBe(true);

    const roles = rows.find((row) => row.scope.name === 'roles')!;
    const optional = await ctx.app.inject({
      method: 'POST',
      url: `/auth/realm-scopes/${roles.id}`,
      headers: bearer(adminToken),
      payload: { default: false },
    });
    expect(optional.statusCode).toBe(202);
    const scopes = await ctx.app.inject({ method: 'GET', url: '/auth/scopes?filter[name]=global' });
    const global = scopes.json().data[0] as { id: string };
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/auth/realm-scopes',
      headers: bearer(adminToken),
      payload: { realm_id: realmId, scope_id: global.id, default: false },
    });
    expect(added.statusCode).toBe(201);

    const client = await createClient({ name: 'lab-app', realm_id: realmId });
    const assigned = await ctx.app.inject({
      method: 'GET',
      url: `/auth/client-scopes?filter[client_id]=${client.id}&include=scope`,
      headers: bearer(adminToken),
    });
    const byName = Object.fromEntries(
      (assigned.json().data as Array<{ scope: { name: string }; default: boolean }>).map((row) => [
        row.scope.name,
        row.default,
      ]),
    );
    expect(byName).toEqual({
      openid: true,
      profile: true,
      email: true,
      identity: true,
      roles: false,
      global: false,
    });

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/auth/realm-scopes',
      headers: bearer(userToken),
      payload: { realm_id: realmId, scope_id: global.id },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('denies with access_denied to the checked redirect URI, approves with a code, and remembers the consent', async () => {
    const client = await createClient({
      name: 'notebooks',
      display_name: 'Notebooks',
      secret: 'notebooks-secret-1234',
      is_confidential: true,
      redirect_uri: 'https://notebooks.example/cb',
    });
    const request = {
      client_id: client.id,
      redirect_uri: 'https://notebooks.example/cb',
      scope: 'openid',
      state: 'x',
    };

    const denied = await authorize({ ...request, consent: 'deny' });
    expect(denied.statusCode).toBe(200);
    expect(denied.json().url).toBe('https://notebooks.example/cb?error=access_denied&state=x');

    const wrongUri = await authorize({
      ...request,
      redirect_uri: 'https://evil.example/cb',
      consent: 'deny',
    });
    expect(wrongUri.statusCode).toBe(400);
    expect(wrongUri.json().url).toBeUndefined();

    expect((await authorize({ ...request, consent: 'remembered' }, userToken)).json()).toEqual({
      consent_required: true,
    });
    const approved = await authorize({ ...request, consent: 'approve' }, userToken);
    expect(new URL(approved.json().url).searchParams.get('code')).toBeTruthy();

    const remembered = await authorize({ ...request, consent: 'remembered' }, userToken);
    expect(new URL(remembered.json().url).searchParams.get('code')).toBeTruthy();
    // Asking for more than was approved asks again.
    expect(
      (await authorize({ ...request, scope: 'openid email', consent: 'remembered' }, userToken)).json(),
    ).toEqual({ consent_required: true });
  });

  it('skips consent for first-party clients', async () => {
    const client = await createClient({
      name: 'hub-tools',
      secret: 'hub-tools-secret-1234',
      is_confidential: true,
      first_party: true,
      redirect_uri: 'https://tools.example/cb',
    });
    const response = await authorize(
      {
        client_id: client.id,
        redirect_uri: 'https://tools.example/cb',
        scope: 'openid',
        consent: 'remembered',
      },
      userToken,
    );
    expect(new URL(response.json().url).searchParams.get('code')).toBeTruthy();
  });

  it('revokes the tokens issued from a code when the code is replayed, refreshed ones included', async () => {
    const client = await createClient({
      name: 'replayed',
      secret: 'replayed-secret-12345',
      is_confidential: true,
      redirect_uri: 'https://replay.example/cb',
    });
    const redirectUri = 'https://replay.example/cb';
    const approved = await authorize(
      { client_id: client.id, redirect_uri: redirectUri, scope: 'openid' },
      userToken,
    );
    const code = new URL(approved.json().url).searchParams.get('code')!;

    const first = await exchange(client, code, redirectUri);
    expect(first.statusCode).toBe(200);
    const tokens = first.json() as { access_token: string; refresh_token: string };
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: client.id,
        client_secret: client.secret,
      },
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshed.json() as { access_token: string; refresh_token: string };
    expect((await introspect(tokens.access_token)).active).toBe(true);

    const replay = await exchange(client, code, redirectUri);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_grant');
    expect((await introspect(tokens.access_token)).active).toBe(false);
    expect((await introspect(rotated.access_token)).active).toBe(false);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: {
        grant_type: 'refresh_token',
        refresh_token: rotated.refresh_token,
        client_id: client.id,
        client_secret: client.secret,
      },
    });
    expect(again.statusCode).toBe(400);
  });
});
