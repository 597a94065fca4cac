import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

describe('realm names regardless of case', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('refuses a second realm whose name differs only in case, saying the name is taken', async () => {
    expect((await admin.post('/auth/realms', { name: 'research' })).statusCode).toBe(201);
    const clash = await admin.post('/auth/realms', { name: 'Research' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'conflict',
      message: 'An entry with the same name exists already.',
    });
    const list = (await admin.get('/auth/realms?filter[name]=~rese')).json();
    expect(list.data.map((realm: { name: string }) => realm.name)).toEqual(['research']);
  });

  it('refuses renaming a realm onto another name in different case', async () => {
    const other = (await admin.post('/auth/realms', { name: 'clinic' })).json();
    const renamed = await admin.post(`/auth/realms/${other.id}`, { name: 'RESEARCH' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe('conflict');
  });

  it('refuses "Master" next to the master realm', async () => {
    const clash = await admin.post('/auth/realms', { name: 'MASTER' });
    expect(clash.statusCode).toBe(409);
  });
});
