import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/** Two administrators editing one record: the second save, based on an old version, is refused. */
describe('lost updates', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  const update = (url: string, payload: object, ifMatch?: string, method: 'POST' | 'PUT' = 'POST') =>
    ctx.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${admin.token}`, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    });

  it('refuses a stale update with 412 entity_modified and keeps the other change', async () => {
    const role = (await admin.post('/auth/roles', { name: 'edited-twice' })).json();
    const read = await admin.get(`/auth/roles/${role.id}`);
    const etag = read.headers.etag as string;
    expect(etag).toBe(`"${read.json().updated_at}"`);

    // Both administrators loaded the same version; the first saves.
    const first = await update(`/auth/roles/${role.id}`, { description: 'First edit' }, etag);
    expect(first.statusCode).toBe(202);
    // The second saves on the old version: refused, nothing overwritten.
    const second = await update(`/auth/roles/${role.id}`, { description: 'Second edit' }, etag);
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({ statusCode: 412, code: 'entity_modified' });
    const stalePut = await update(`/auth/roles/${role.id}`, { description: 'Put edit' }, etag, 'PUT');
    expect(stalePut.statusCode).toBe(412);
    expect((await admin.get(`/auth/roles/${role.id}`)).json().description).toBe('First edit');

    // Reloaded, the new version saves; choosing to overwrite (no If-Match) saves as well.
    const fresh = (await admin.get(`/auth/roles/${role.id}`)).headers.etag as string;
    expect((await update(`/auth/roles/${role.id}`, { description: 'Reloaded edit' }, fresh)).statusCode).toBe(
      202,
    );
    expect((await update(`/auth/roles/${role.id}`, { description: 'Overwrite' })).statusCode).toBe(202);
    expect((await admin.get(`/auth/roles/${role.id}`)).json().description).toBe('Overwrite');
  });

  it('lets exactly one of several saves sent at once on the same version through', async () => {
    const role = (await admin.post('/auth/roles', { name: 'edited-at-once' })).json();
    const etag = (await admin.get(`/auth/roles/${role.id}`)).headers.etag as string;
    const edits = ['Edit one', 'Edit two', 'Edit three', 'Edit four', 'Edit five'];
    const answers = await Promise.all(
      edits.map((description) => update(`/auth/roles/${role.id}`, { description }, etag)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 412, 412, 412, 412]);
    const winner = answers.find((answer) => answer.statusCode === 202)!.json().description;
    expect((await admin.get(`/auth/roles/${role.id}`)).json().description).toBe(winner);
  });
});
