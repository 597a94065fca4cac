import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { loadConfig } from '#config/config.ts';

/** Limits key on the client address; only configured proxies may tell another one (X-Forwarded-For). */
describe('client addresses behind proxies (TRUST_PROXY)', () => {
  let ctx: TestApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  const limits = { RATE_LIMIT_PER_MINUTE_ANONYMOUS: '3', TOKEN_RATE_LIMIT_PER_MINUTE: '3' };
  const realms = (app: TestApp['app'], remoteAddress: string, forwarded: string) =>
    app.inject({ url: '/auth/realms', remoteAddress, headers: { 'x-forwarded-for': forwarded } });
  const token = (app: TestApp['app'], remoteAddress: string, forwarded: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/token',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
      payload: { grant_type: 'password', username: 'nobody', password: 'wrong' },
    });

  it('by default ignores X-Forwarded-For, so a client cannot escape the anonymous or token limit', async () => {
    ctx = await createTestApp(limits);
    const anonymous: number[] = [];
    const tokens: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      anonymous.push((await realms(ctx.app, '10.0.0.1', `192.0.2.${index}`)).statusCode);
      tokens.push((await token(ctx.app, '10.0.0.1', `198.51.100.${index}`)).statusCode);
    }
    expect(anonymous).toEqual([200, 200, 200, 429]);
    expect(tokens.slice(3)).toEqual([429]);
  });

  it('believes the forwarded address only from a listed proxy', async () => {
    ctx = await createTestApp({ ...limits, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    // Four clients behind the proxy each have their own budget.
    for (let index = 0; index < 4; index += 1) {
      expect((await realms(ctx.app, '10.1.2.3', `192.0.2.${index}`)).statusCode).toBe(200);
    }
    // A client outside the list sending the header is still counted by its own address.
    const direct: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      direct.push((await realms(ctx.app, '203.0.113.9', `192.0.2.${100 + index}`)).statusCode);
    }
    expect(direct).toEqual([200, 200, 200, 429]);
  });

  it('with a hop count believes that many proxies and no more', async () => {
    ctx = await createTestApp({ ...limits, TRUST_PROXY: '1' });
    // The client prepends addresses of its own; only the one the proxy appended counts.
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await realms(ctx.app, '10.0.0.1', `198.51.100.${index}, 192.0.2.50`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses a setting that would trust everybody or is not an address', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.org' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
