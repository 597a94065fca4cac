import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

interface ClientRecord {
  id: string;
  name: string;
  secret: string;
  realm_id: string;
}

/**
 * The refresh_token grant (RFC 6749 §6): a refresh token issued through a client stays bound to it; a
 * confidential client authenticates when refreshing, and a deleted client's tokens are dead.
 */
describe('refresh_token grant and the client of the token', () => {
  let ctx: TestApp;
  let admin: Caller;
  let adminUser: { id: string; realm_id: string };
  let counter = 0;

  const createClient = async (isConfidential: boolean): Promise<ClientRecord> => {
    counter += 1;
    const response = await admin.post('/auth/clients', {
      name: `refresh-client-${counter}`,
      is_confidential: isConfidential,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as ClientRecord;
  };
  /** A refresh token of the admin issued through the client, as the authorization code grant issues it. */
  const refreshTokenVia = async (client: ClientRecord) => {
    const issued = await ctx.app.auth.tokens.issue(
      {
        kind: 'user',
        id: adminUser.id,
        realmId: adminUser.realm_id,
        realmName: 'master',
        clientId: client.id,
      },
      { scope: 'global', withRefreshToken: true },
    );
    return issued.refresh_token!;
  };
  const refresh = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ grant_type: 'refresh_token', ...params }).toString(),
    });
  const basic = (id: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
  });

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
    adminUser = (await admin.get('/auth/users/@me')).json();
  });
  afterAll(() => ctx.close());

  it('requires a confidential client to authenticate, in the body or with HTTP Basic', async () => {
    const client = await createClient(true);
    const token = await refreshTokenVia(client);

    const anonymous = await refresh({ refresh_token: token });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'invalid_client', error: 'invalid_client' });
    const namedOnly = await refresh({ refresh_token: token, client_id: client.id });
    expect(namedOnly.json().error).toBe('invalid_client');
    const wrongSecret = await refresh({ refresh_token: token, client_id: client.id, client_secret: 'wrong' });
    expect(wrongSecret.statusCode).toBe(401);
    expect((await refresh({ refresh_token: token }, basic(client.id, 'wrong'))).statusCode).toBe(401);

    // The failed attempts did not use the token up: the client itself still refreshes with it.
    const inBody = await refresh({
      refresh_token: token,
      client_id: client.id,
      client_secret: client.secret,
    });
    expect(inBody.statusCode).toBe(200);
    const viaBasic = await refresh(
      { refresh_token: inBody.json().refresh_token },
      basic(client.name, client.secret),
    );
    expect(viaBasic.statusCode).toBe(200);
    expect(viaBasic.json().refresh_token).toEqual(expect.any(String));
  });

  it("refuses another client's credentials for a token it was not issued to", async () => {
    const owner = await createClient(true);
    const other = await createClient(true);
    const response = await refresh({
      refresh_token: await refreshTokenVia(owner),
      client_id: other.id,
      client_secret: other.secret,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('lets a public client refresh without a secret, but not with a wrong one', async () => {
    const client = await createClient(false);
    const token = await refreshTokenVia(client);
    expect(
      (await refresh({ refresh_token: token, client_id: client.id, client_secret: 'guess' })).statusCode,
    ).toBe(401);
    expect((await refresh({ refresh_token: token, client_id: client.id })).statusCode).toBe(200);
  });

  it('refuses the tokens of a deleted or deactivated client', async () => {
    const deleted = await createClient(true);
    const orphan = await refreshTokenVia(deleted);
    expect((await admin.delete(`/auth/clients/${deleted.id}`)).statusCode).toBe(202);
    const gone = await refresh({
      refresh_token: orphan,
      client_id: deleted.id,
      client_secret: deleted.secret,
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().error).toBe('invalid_grant');

    const inactive = await createClient(true);
    const token = await refreshTokenVia(inactive);
    expect((await admin.post(`/auth/clients/${inactive.id}`, { active: false })).statusCode).toBe(202);
    const refused = await refresh({
      refresh_token: token,
      client_id: inactive.id,
      client_secret: inactive.secret,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'entity_inactive', error: 'invalid_grant' });
  });

  it('still refreshes tokens of the password grant, which carry no client', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    const refreshed = await refresh({ refresh_token: login.json().refresh_token });
    expect(refreshed.statusCode).toBe(200);
  });
});
