import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import type { TokenService } from './token-service.ts';

describe('TokenService signature verification from memory', () => {
  let ctx: TestApp;
  let tokens: TokenService;
  let realm: { id: string; name: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    tokens = ctx.app.auth.tokens;
    const admin = await ctx.app.inject({ url: '/auth/realms/master' });
    realm = admin.json();
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  const issue = () =>
    tokens.issue(
      { kind: 'user', id: '00000000-0000-4000-8000-000000000001', realmId: realm.id, realmName: realm.name },
      { scope: 'global', withRefreshToken: false },
    );

  it('still refuses a remembered token once it has expired', async () => {
    const { access_token } = await issue();
    const claims = await tokens.verifySignature(access_token);
    expect(await tokens.verifySignature(access_token)).toEqual(claims);
    vi.useFakeTimers({ toFake: ['Date'], now: (claims.exp + 1) * 1000 });
    await expect(tokens.verifySignature(access_token)).rejects.toMatchObject({ code: 'expired_token' });
  });

  it('remembers only verified tokens: a tampered one is refused every time', async () => {
    const { access_token } = await issue();
    await tokens.verifySignature(access_token);
    const [header, payload, signature] = access_token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub_kind: 'robot' }),
    ).toString('base64url');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await expect(tokens.verifySignature(`${header}.${forgedPayload}.${signature}`)).rejects.toMatchObject({
        code: 'invalid_token',
      });
    }
  });

  it('still reports a remembered token as revoked', async () => {
    const { access_token } = await issue();
    const claims = await tokens.verifySignature(access_token);
    await tokens.revoke(claims);
    await expect(tokens.verify(access_token)).rejects.toMatchObject({ code: 'inactive_token' });
    expect((await tokens.state(claims)).revoked).toBe(true);
  });
});
