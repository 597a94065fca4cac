/**
 * Contract: a standard OAuth2/OpenID Connect client (`openid-client@6`) against the real server
 * process (docs/design.md §1: OAuth2/OIDC behaviour follows the RFCs). The server runs on plain http on
 * loopback, which the library only accepts with `allowInsecureRequests`.
 */
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'Contract-Admin-Passw0rd';
const REDIRECT_URI = 'http://127.0.0.1/callback';
const RUN = randomBytes(3).toString('hex');
let counter = 0;
const unique = (prefix: string) => `${prefix}-${RUN}-${(counter += 1)}`;

interface RegisteredClient {
  id: string;
  name: string;
  secret: string;
}

/** The OAuth error a call ends with (`error` of RFC 6749 §5.2), failing the test if it succeeds. */
async function oauthError(call: Promise<unknown>): Promise<{ error: string; status: number }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return { error: error.error, status: error.status };
    if (error instanceof oidc.WWWAuthenticateChallengeError) {
      return {
        error: error.cause[0]?.parameters.error ?? error.cause[0]?.scheme ?? '',
        status: error.status,
      };
    }
    throw error;
  }
  throw new Error('The call succeeded, but it should have failed.');
}

describe('openid-client against the identity server', () => {
  let server: RunningServer;
  let issuer: string;
  let adminToken: string;
  let adminId: string;
  let confidential: RegisteredClient;
  let publicClient: RegisteredClient;

  /** A plain JSON call to the identity API, for the setup a client library does not do. */
  const call = async <T>(method: string, path: string, body?: unknown, token = adminToken): Promise<T> => {
    const response = await fetch(`${issuer}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(payload)}`);
    return payload;
  };

  /**
   * A client that sends users back to REDIRECT_URI. It may ask for `openid` and `email` with no scope
   * assigned by hand: a new client gets its realm's default scopes.
   */
  const registerClient = async (confidentialClient: boolean): Promise<RegisteredClient> =>
    call<RegisteredClient>('POST', '/clients', {
      name: unique('oidc-client'),
      is_confidential: confidentialClient,
      redirect_uri: REDIRECT_URI,
    });

  const discover = (client: RegisteredClient, authentication?: oidc.ClientAuth) =>
    oidc.discovery(new URL(issuer), client.id, client.secret, authentication, {
      execute: [oidc.allowInsecureRequests],
    });

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    issuer = `${server.url}/auth`;
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    adminToken = ((await response.json()) as { access_token: string }).access_token;
    adminId = (await call<{ id: string }>('GET', '/users/@me')).id;
    confidential = await registerClient(true);
    publicClient = await registerClient(false);
  });
  afterAll(() => server?.destroy());

  it('discovers the server: the issuer is the identity API base URL', async () => {
    const config = await discover(confidential);
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.token_endpoint).toBe(`${issuer}/token`);
    expect(metadata.jwks_uri).toBe(`${issuer}/jwks`);
    expect(metadata.supportsPKCE()).toBe(true);
    // Without the opt-in the library refuses an http issuer, so the opt-in above is what makes it work.
    await expect(oidc.discovery(new URL(issuer), confidential.id, confidential.secret)).rejects.toThrow();
  });

  it('issues client_credentials tokens with the secret in the body or as HTTP Basic', async () => {
    for (const authentication of [oidc.ClientSecretPost(), oidc.ClientSecretBasic()]) {
      const config = await discover(confidential, authentication);
      const tokens = await oidc.clientCredentialsGrant(config);
      expect(tokens.token_type).toBe('bearer');
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.refresh_token).toBeUndefined();
      const claims = await oidc.tokenIntrospection(config, tokens.access_token);
      expect(claims).toMatchObject({ active: true, sub: confidential.id, client_id: confidential.id });
      expect(claims.iss).toBe(issuer);
    }

    const wrong = await discover({ ...confidential, secret: 'not-the-secret' });
    expect((await oauthError(oidc.clientCredentialsGrant(wrong))).error).toBe('invalid_client');
  });

  it('refreshes a password-grant token once, with rotation', async () => {
    const config = await discover(confidential);
    const first = await oidc.genericGrantRequest(config, 'password', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(first.refresh_token).toEqual(expect.any(String));

    const second = await oidc.refreshTokenGrant(config, first.refresh_token!);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(await oidc.tokenIntrospection(config, second.access_token)).toMatchObject({
      active: true,
      sub: adminId,
    });

    expect(await oauthError(oidc.refreshTokenGrant(config, first.refresh_token!))).toEqual({
      error: 'invalid_grant',
      status: 400,
    });
  });

  it('introspects active, revoked and malformed tokens', async () => {
    const config = await discover(confidential);
    const tokens = await oidc.clientCredentialsGrant(config);
    const active = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(active).toMatchObject({ active: true, scope: 'global' });
    expect(active.exp).toBeGreaterThan(Date.now() / 1000);

    await oidc.tokenRevocation(config, tokens.access_token);
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(config, 'not-a-token')).toEqual({ active: false });
  });

  it('revokes a refresh token, which then no longer refreshes', async () => {
    const config = await discover(confidential);
    const tokens = await oidc.genericGrantRequest(config, 'password', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await oidc.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    expect((await oauthError(oidc.refreshTokenGrant(config, tokens.refresh_token!))).error).toBe(
      'invalid_grant',
    );
    // Revoking an unknown token is no error (RFC 7009 §2.2).
    await expect(oidc.tokenRevocation(config, 'unknown-token')).resolves.toBeUndefined();
  });

  /**
   * The authorization code flow with PKCE: the library builds the authorization URL; the web app's
   * consent screen reads the request (GET) and, once the signed-in user approves, posts it and follows
   * the returned URL back to the client, which exchanges the code.
   */
  const authorize = async (config: oidc.Configuration, scope: string) => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    expect(url.origin + url.pathname).toBe(`${issuer}/authorize`);

    const consent = await fetch(url);
    expect(consent.status).toBe(200);
    expect(await consent.json()).toMatchObject({ client: { id: config.clientMetadata().client_id } });

    const approval = await call<{ url: string }>('POST', '/authorize', Object.fromEntries(url.searchParams));
    const callback = new URL(approval.url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    return { callback, checks: { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce } };
  };

  it('completes the authorization code flow with PKCE for a confidential client, with an ID token', async () => {
    const config = await discover(confidential);
    const { callback, checks } = await authorize(config, 'openid email');

    const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('openid email');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const idToken = tokens.claims()!;
    expect(idToken).toMatchObject({
      iss: issuer,
      sub: adminId,
      aud: confidential.id,
      nonce: checks.expectedNonce,
    });
    expect(idToken.name).toBe('admin');

    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    expect(userInfo).toMatchObject({ sub: adminId, name: 'admin', preferred_username: 'admin' });
    expect(userInfo).toHaveProperty('email');

    // The access token of the flow is refreshable like any other.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(await oidc.fetchUserInfo(config, refreshed.access_token, adminId)).toMatchObject({ sub: adminId });

    // The code is used up by the exchange; replaying it revokes what it was exchanged for (RFC 6749 §4.1.2).
    expect((await oauthError(oidc.authorizationCodeGrant(config, callback, checks))).error).toBe(
      'invalid_grant',
    );
    expect(await oidc.tokenIntrospection(config, refreshed.access_token)).toMatchObject({ active: false });
    expect((await oauthError(oidc.refreshTokenGrant(config, refreshed.refresh_token!))).error).toBe(
      'invalid_grant',
    );
  });

  it('completes the flow for a public client, where the code verifier is the only proof', async () => {
    const config = await oidc.discovery(new URL(issuer), publicClient.id, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const { callback, checks } = await authorize(config, 'openid');
    const wrongVerifier = { ...checks, pkceCodeVerifier: oidc.randomPKCECodeVerifier() };
    expect((await oauthError(oidc.authorizationCodeGrant(config, callback, wrongVerifier))).error).toBe(
      'invalid_grant',
    );

    const again = await authorize(config, 'openid');
    const tokens = await oidc.authorizationCodeGrant(config, again.callback, again.checks);
    expect(tokens.claims()).toMatchObject({ sub: adminId, aud: publicClient.id });
    // Without the email scope the address stays private.
    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, adminId);
    expect(userInfo).toMatchObject({ sub: adminId, name: 'admin' });
    expect(userInfo).not.toHaveProperty('email');
  });
});
