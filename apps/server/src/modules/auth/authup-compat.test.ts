import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

/** What authup's clients call before and while they work, answered as authup answers. */
describe('authup status and token errors', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers GET /auth/ with its status, without a token', async () => {
    const before = Date.now();
    const response = await ctx.app.inject({ url: '/auth/' });
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json();
    expect(status).toMatchObject({ tokenMaxAgeAccessToken: 3600, tokenMaxAgeRefreshToken: 259_200 });
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.timestamp).toBeGreaterThanOrEqual(before);
    expect(status.timestamp).toBeLessThanOrEqual(Date.now());
    expect((await ctx.app.inject({ url: '/auth' })).statusCode).toBe(200);
  });

  it('answers a refresh token that is no JWT with invalid_token "The JWT is invalid."', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'refresh_token', refresh_token: 'foobar' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_token',
      message: 'The JWT is invalid.',
      error: 'invalid_grant',
    });
    // A well-formed token that cannot be used stays an invalid grant.
    const forged = [
      Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'nope' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: 'x', kind: 'refresh_token' })).toString('base64url'),
      'c2ln',
    ].join('.');
    const unusable = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'refresh_token', refresh_token: forged },
    });
    expect(unusable.statusCode).toBe(400);
    expect(unusable.json()).toMatchObject({ code: 'invalid_grant', error: 'invalid_grant' });
  });
});
