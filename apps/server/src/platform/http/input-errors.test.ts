import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/** Input that once reached code unprepared for it and answered 500: now a 4xx with the error body. */
describe('input errors answer 4xx with the standard body', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  const expectClientError = (response: { statusCode: number; json(): unknown }, status: number) => {
    expect(response.statusCode).toBe(status);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: status, code: expect.stringMatching(/^[a-z_]+$/) });
    expect(typeof body.message).toBe('string');
    return body;
  };

  it('validates the body of a PUT on an existing record', async () => {
    const role = (await admin.post('/auth/roles', { name: 'put-validated' })).json();
    const response = await admin.request('PUT', `/auth/roles/${role.id}`, { bogus: 1, name: 5 });
    const body = expectClientError(response, 400);
    expect(body.code).toBe('validation_failed');
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
  });

  it('validates the body of a PUT that creates', async () => {
    const response = await admin.request('PUT', '/auth/roles/brand-new-role', { description: 7 });
    expect(expectClientError(response, 400).code).toBe('validation_failed');
  });

  it('validates the PUT a user sends to their own record', async () => {
    await admin.post('/auth/users', { name: 'self-putter', password: 'Secret-Passw0rd!' });
    const user = await signIn(ctx.app, 'self-putter', 'Secret-Passw0rd!');
    const me = (await user.get('/auth/users/@me')).json();
    const response = await user.request('PUT', `/auth/users/${me.id}`, { display_name: { nested: true } });
    expect(expectClientError(response, 400).code).toBe('validation_failed');
  });

  it('refuses an update that changes nothing', async () => {
    const client = (await admin.post('/auth/clients', { name: 'unchanged-client' })).json();
    const response = await admin.post(`/auth/clients/${client.id}`, {});
    expect(expectClientError(response, 400).code).toBe('validation_failed');
    const unknownOnly = await admin.post(
      `/auth/roles/${(await admin.get('/auth/roles')).json().data[0].id}`,
      {
        bogus: 1,
      },
    );
    expect(unknownOnly.statusCode).toBe(400);
  });

  it('refuses deeply nested JSON, signed in or not, on every JSON endpoint', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    for (const url of ['/auth/token', '/auth/realms', '/core/projects', '/storage/buckets']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        payload: deep,
      });
      expectClientError(response, 400);
    }
    const unclosed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(50_000),
    });
    expectClientError(unclosed, 400);
  });

  it('still accepts bodies nested a few levels', async () => {
    const response = await admin.post('/auth/policies', {
      type: 'attributes',
      name: 'nested-ok',
      query: { name: { $in: ['a', 'b'] }, $or: [{ realm_id: { $eq: 'x' } }] },
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers a NUL byte in an id or a value without reaching the database', async () => {
    const paths = [
      '/auth/realms/%00',
      '/auth/clients/%00',
      '/auth/scopes/%00',
      '/auth/identity-providers/%00',
      '/auth/users/%00',
      '/auth/roles/%00',
      '/auth/robots/a%00b',
      '/storage/buckets/%00',
      '/auth/realms?filter[name]=%00',
    ];
    for (const url of paths) expectClientError(await admin.get(url), 400);
    expectClientError(await admin.post('/auth/roles', { name: 'nul\u0000role' }), 400);
  });
});

describe('ids chosen with PUT', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('accepts a random (version 4) UUID, as the database generates everywhere else', async () => {
    const id = crypto.randomUUID();
    const response = await admin.request('PUT', `/auth/roles/${id}`, { name: 'chosen-v4' });
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toBe(id);
  });

  it.each([
    ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
    ['a time-based (version 1) UUID', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'],
    ['a version 7 UUID', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'],
  ])('refuses %s with 400', async (_label, id) => {
    const response = await admin.request('PUT', `/auth/roles/${id}`, { name: `chosen-${id.slice(0, 8)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect((await admin.get(`/auth/roles/${id}`)).statusCode).toBe(404);
  });
});
