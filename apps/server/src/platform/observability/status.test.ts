import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn } from '#test/auth-client.ts';

describe('GET /core/status', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('tells a signed-in caller the version, that the database answers and which roles run', async () => {
    const admin = await signIn(ctx.app);
    const response = await admin.get('/core/status');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.database).toBe('ok');
    expect(body.roles).toEqual(ctx.app.config.roles);
    expect(body.worker).toBe(ctx.app.config.roles.includes('worker'));
  });

  it('tells nothing without a sign-in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/core/status' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('version');
  });
});
