import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { DEFAULT_TOKEN_LIFETIMES, TokenService } from './token-service.ts';

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

describe('TokenService memory of verified tokens', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('keeps at most the configured number of tokens (CACHE_VERIFIED_TOKENS), the oldest going first', async () => {
    const { db, keys, issuer } = ctx.app.auth;
    const tokens = new TokenService(db, keys, issuer, DEFAULT_TOKEN_LIFETIMES, 2);
    const realm = (await ctx.app.inject({ url: '/auth/realms/master' })).json<{ id: string; name: string }>();
    const issued = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const subject = {
          kind: 'user' as const,
          id: `00000000-0000-4000-8000-00000000000${n}`,
          realmId: realm.id,
          realmName: realm.name,
        };
        return (await tokens.issue(subject, { scope: 'global', withRefreshToken: false })).access_token;
      }),
    );
    const checks = vi.spyOn(
      tokens as unknown as { verifySignatureUncached(token: string): unknown },
      'verifySignatureUncached',
    );
    for (const token of issued) await tokens.verifySignature(token);
    expect(checks).toHaveBeenCalledTimes(3);
    // The two newest are answered from memory; the first was dropped and is checked again.
    await tokens.verifySignature(issued[2]!);
    await tokens.verifySignature(issued[1]!);
    expect(checks).toHaveBeenCalledTimes(3);
    await tokens.verifySignature(issued[0]!);
    expect(checks).toHaveBeenCalledTimes(4);
  });

  it('keeps nothing when the size is 0', async () => {
    const { db, keys, issuer } = ctx.app.auth;
    const tokens = new TokenService(db, keys, issuer, DEFAULT_TOKEN_LIFETIMES, 0);
    const realm = (await ctx.app.inject({ url: '/auth/realms/master' })).json<{ id: string; name: string }>();
    const { access_token } = await tokens.issue(
      { kind: 'user', id: '00000000-0000-4000-8000-000000000009', realmId: realm.id, realmName: realm.name },
      { scope: 'global', withRefreshToken: false },
    );
    const checks = vi.spyOn(
      tokens as unknown as { verifySignatureUncached(token: string): unknown },
      'verifySignatureUncached',
    );
    await tokens.verifySignature(access_token);
    await tokens.verifySignature(access_token);
    expect(checks).toHaveBeenCalledTimes(2);
  });
});
