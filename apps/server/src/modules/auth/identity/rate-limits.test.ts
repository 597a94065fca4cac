import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn } from '#test/auth-client.ts';

describe('rate limits per identity kind', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      RATE_LIMIT_PER_MINUTE_ANONYMOUS: '3',
      RATE_LIMIT_PER_MINUTE_USER: '5',
      RATE_LIMIT_PER_MINUTE_MACHINE: '0',
    });
  });
  afterAll(() => ctx.close());

  it('limits anonymous callers by address and answers 429 rate_limited', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await ctx.app.inject({ url: '/auth/realms', remoteAddress: '10.0.0.1' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await ctx.app.inject({ url: '/auth/realms', remoteAddress: '10.0.0.1' });
    expect(refused.json()).toMatchObject({ statusCode: 429, code: 'rate_limited' });
    // Another address has its own budget; the web app and health checks are never limited.
    expect((await ctx.app.inject({ url: '/auth/realms', remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/healthz', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('gives each signed-in user a budget of their own', async () => {
    const admin = await signIn(ctx.app);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await admin.get('/auth/realms')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('system robot', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      SYSTEM_ROBOT_ENABLED: 'true',
      SYSTEM_ROBOT_SECRET: 'a-long-system-robot-secret',
    });
  });
  afterAll(() => ctx.close());

  it('signs in with its configured secret and holds the admin role', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'robot_credentials', id: 'system', secret: 'a-long-system-robot-secret' },
    });
    expect(response.statusCode).toBe(200);
    const introspection = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/introspect',
      payload: { token: response.json().access_token },
    });
    const names = (introspection.json().permissions as Array<{ name: string }>).map(
      (permission) => permission.name,
    );
    expect(names).toContain('robot_create');
  });
});
