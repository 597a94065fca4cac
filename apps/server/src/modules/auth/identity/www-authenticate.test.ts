import { SignJWT, generateKeyPair } from 'jose';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { authenticateChallenge } from '#platform/http/www-authenticate.ts';

/** RFC 6750 §3 / RFC 9110 §11.6.1: what a client is told when it must (re-)authenticate. */
describe('WWW-Authenticate challenges', () => {
  let ctx: TestApp;
  let accessToken: string;

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });

  beforeAll(async () => {
    ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    accessToken = response.json().access_token;
  });
  afterAll(() => ctx.close());

  it('asks for a bearer token, without an error code, when a request has no credentials', async () => {
    const response = await get('/auth/users');
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="Federa HUB"');
    const me = await get('/auth/users/@me');
    expect(me.statusCode).toBe(401);
    expect(me.headers['www-authenticate']).toBe('Bearer realm="Federa HUB"');
  });

  it('names invalid_token when a token is malformed, forged or revoked', async () => {
    const malformed = await get('/auth/users', { authorization: 'Bearer not-a-jwt' });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.headers['www-authenticate']).toBe(
      'Bearer realm="Federa HUB", error="invalid_token", error_description="The Token is invalid."',
    );

    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ kind: 'access_token', sub: 'x', sub_kind: 'user' })
      .setProtectedHeader({ alg: 'RS256', kid: '00000000-0000-4000-8000-000000000000' })
      .setIssuer('http://hub.test/auth')
      .setExpirationTime('1h')
      .sign(privateKey);
    const unknownKey = await get('/auth/users', { authorization: `Bearer ${forged}` });
    expect(unknownKey.statusCode).toBe(401);
    expect(unknownKey.headers['www-authenticate']).toMatch(
      /^Bearer realm="Federa HUB", error="invalid_token", error_description="The JWK [0-9a-f-]+ could not be found\."$/,
    );

    await ctx.app.inject({ method: 'POST', url: '/auth/token/revoke', payload: { token: accessToken } });
    const revoked = await get('/auth/users', { authorization: `Bearer ${accessToken}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('inactive_token');
    expect(revoked.headers['www-authenticate']).toBe(
      'Bearer realm="Federa HUB", error="invalid_token", error_description="The token is not active."',
    );
  });

  it('asks a client that failed to authenticate at the token endpoint for Basic credentials', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: `Basic ${Buffer.from('unknown:secret').toString('base64')}` },
      payload: { grant_type: 'client_credentials' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_client');
    expect(response.headers['www-authenticate']).toBe(
      'Basic realm="Federa HUB", charset="UTF-8", error="invalid_client", error_description="Client authentication failed."',
    );
    // Secret in the body: the same challenge (the token endpoint's client authentication is Basic).
    const inBody = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'client_credentials', client_id: 'unknown', client_secret: 'secret' },
    });
    expect(inBody.statusCode).toBe(401);
    expect(inBody.headers['www-authenticate']).toMatch(
      /^Basic realm="Federa HUB", charset="UTF-8", error="invalid_client"/,
    );
  });

  it('sends no challenge with successful responses or other errors', async () => {
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    const token = session.json().access_token as string;
    const ok = await get('/auth/users', { authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['www-authenticate']).toBeUndefined();
    const missing = await get('/auth/users/00000000-0000-4000-8000-000000000000', {
      authorization: `Bearer ${token}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['www-authenticate']).toBeUndefined();
    const badGrant = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'x' },
    });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.headers['www-authenticate']).toBeUndefined();
  });

  it('names insufficient_scope on a 403 for a token that does not reach far enough', () => {
    const request = { headers: { authorization: 'Bearer x' } } as unknown as FastifyRequest;
    expect(
      authenticateChallenge(
        { statusCode: 403, code: 'insufficient_scope', message: 'Only a user has a profile.' },
        request,
      ),
    ).toBe(
      'Bearer realm="Federa HUB", error="insufficient_scope", error_description="Only a user has a profile."',
    );
    expect(
      authenticateChallenge({ statusCode: 403, code: 'permission_denied', message: 'No.' }, request),
    ).toBeUndefined();
  });

  it('keeps quotes, backslashes and non-ASCII characters out of the quoted description', () => {
    const request = { headers: {} } as unknown as FastifyRequest;
    const challenge = authenticateChallenge(
      { statusCode: 401, code: 'invalid_token', message: 'Bad "token" \\ ü\r\nX-Injected: 1' },
      request,
    );
    // `"`, `\`, `ü`, CR and LF each become a space.
    expect(challenge).toBe(
      `Bearer realm="Federa HUB", error="invalid_token", error_description="Bad  token${' '.repeat(7)}X-Injected: 1"`,
    );
    expect(challenge).not.toMatch(/[\r\n]/);
  });
});
