import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/** An attributes policy with an operator nobody understands would, inverted, grant everyone. */
describe('attributes policy operators', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('refuses an unknown operator when a policy is created', async () => {
    const response = await admin.post('/auth/policies', {
      name: 'typo-policy',
      type: 'attributes',
      invert: true,
      query: { name: { $unknownOp: 'x' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(JSON.stringify(response.json().issues)).toContain('$unknownOp');
    expect((await admin.get('/auth/policies?filter[name]=typo-policy')).json().data).toEqual([]);
  });

  it('refuses an unknown operator when a policy is updated', async () => {
    const created = await admin.post('/auth/policies', {
      name: 'good-policy',
      type: 'attributes',
      query: { name: { $eq: 'x' } },
    });
    expect(created.statusCode).toBe(201);
    const response = await admin.post(`/auth/policies/${created.json().id}`, {
      query: { $or: [{ name: { $between: [1, 2] } }] },
    });
    expect(response.statusCode).toBe(400);
    expect((await admin.get(`/auth/policies/${created.json().id}`)).json().query).toEqual({
      name: { $eq: 'x' },
    });
  });
});
