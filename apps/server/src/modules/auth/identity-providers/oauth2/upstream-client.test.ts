import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_PROFILE } from '../presets.ts';
import type { OAuth2Settings } from '../settings.ts';
import { exchangeCode, readClaims } from './upstream-client.ts';

/**
 * The provider-facing half of the upstream sign-in against a tiny hand-made provider, for what a
 * well-behaved provider (as in the oidc-provider flow test) never does: bad signatures, wrong
 * audience or nonce, refused codes, form-encoded answers.
 */
describe('upstream client', () => {
  let server: http.Server;
  let issuer: string;
  let signingKey: CryptoKey;
  let publicJwk: JWK;
  const requests: Array<{ path: string; authorization?: string; body: string }> = [];
  let tokenAnswer: { status: number; type: string; body: string };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    signingKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
        const json = (value: unknown) => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(value));
        };
        if (request.url === '/.well-known/openid-configuration') json({ issuer, jwks_uri: `${issuer}/jwks` });
        else if (request.url === '/jwks') json({ keys: [publicJwk] });
        else if (request.url === '/userinfo') json({ sub: 'someone-else', email: 'x@example.org' });
        else if (request.url === '/token') {
          response.statusCode = tokenAnswer.status;
          response.setHeader('content-type', tokenAnswer.type);
          response.end(tokenAnswer.body);
        } else {
          response.statusCode = 404;
          response.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const settings = (overrides: Partial<OAuth2Settings> = {}): OAuth2Settings => ({
    protocol: 'oidc',
    client_id: 'hub',
    client_secret: 'se:cret&',
    scope: 'openid',
    authorize_url: `${issuer}/authorize`,
    token_url: `${issuer}/token`,
    user_info_url: undefined,
    discovery_url: `${issuer}/.well-known/openid-configuration`,
    token_endpoint_auth_method: 'client_secret_basic',
    profile: STANDARD_PROFILE,
    ...overrides,
  });
  const idToken = (claims: Record<string, unknown>, key: CryptoKey = signingKey) =>
    new SignJWT({ sub: 'u-1', nonce: 'n-1', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(String(claims.iss ?? issuer))
      .setAudience(String(claims.aud ?? 'hub'))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const pending = { state: 's', codeVerifier: 'v'.repeat(43), nonce: 'n-1' };

  it('redeems the code with Basic client authentication and the PKCE verifier', async () => {
    tokenAnswer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ access_token: 'at', id_token: 'it' }),
    };
    expect(await exchangeCode(settings(), 'the-code', pending, 'http://hub.test/cb')).toEqual({
      access_token: 'at',
      id_token: 'it',
    });
    const sent = requests.at(-1)!;
    expect(Buffer.from(sent.authorization!.replace('Basic ', ''), 'base64').toString()).toBe(
      'hub:se%3Acret%26',
    );
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://hub.test/cb',
      code_verifier: pending.codeVerifier,
    });
  });

  it('sends the secret in the body for client_secret_post and reads form-encoded answers', async () => {
    tokenAnswer = {
      status: 200,
      type: 'application/x-www-form-urlencoded',
      body: 'access_token=gh-token&token_type=bearer',
    };
    const tokens = await exchangeCode(
      settings({ token_endpoint_auth_method: 'client_secret_post' }),
      'c',
      pending,
      'http://hub.test/cb',
    );
    expect(tokens).toEqual({ access_token: 'gh-token' });
    const sent = requests.at(-1)!;
    expect(sent.authorization).toBeUndefined();
    expect(new URLSearchParams(sent.body).get('client_secret')).toBe('se:cret&');
  });

  it('reports a refused code', async () => {
    tokenAnswer = { status: 400, type: 'application/json', body: JSON.stringify({ error: 'invalid_grant' }) };
    await expect(exchangeCode(settings(), 'c', pending, 'http://hub.test/cb')).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_grant',
    });
  });

  it('verifies the ID token against the keys of the discovery document', async () => {
    const claims = await readClaims(
      settings(),
      { access_token: 'at', id_token: await idToken({ email: 'a@example.org' }) },
      'n-1',
    );
    expect(claims).toMatchObject({ sub: 'u-1', email: 'a@example.org' });

    const { privateKey: otherKey } = await generateKeyPair('RS256');
    for (const token of [
      await idToken({}, otherKey),
      await idToken({ aud: 'another-client' }),
      await idToken({ iss: 'https://impostor.example.org' }),
      await idToken({ nonce: 'replayed' }),
    ]) {
      await expect(
        readClaims(settings(), { access_token: 'at', id_token: token }, 'n-1'),
      ).rejects.toMatchObject({ code: 'invalid_token' });
    }
  });

  it('still checks audience and nonce without discovery', async () => {
    const plain = settings({ discovery_url: undefined });
    const { privateKey: anyKey } = await generateKeyPair('RS256');
    expect(
      await readClaims(plain, { access_token: 'at', id_token: await idToken({}, anyKey) }, 'n-1'),
    ).toMatchObject({ sub: 'u-1' });
    await expect(
      readClaims(plain, { access_token: 'at', id_token: await idToken({ aud: 'another-client' }) }, 'n-1'),
    ).rejects.toMatchObject({ code: 'invalid_token' });
  });

  it('refuses a user profile of another subject', async () => {
    const withUserInfo = settings({ user_info_url: `${issuer}/userinfo` });
    await expect(
      readClaims(withUserInfo, { access_token: 'at', id_token: await idToken({}) }, 'n-1'),
    ).rejects.toMatchObject({
      code: 'invalid_grant',
    });
  });
});
