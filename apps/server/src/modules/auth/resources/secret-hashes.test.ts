import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';
import { clients } from '../db/identity.ts';

/** A stored secret hash never leaves the server: responses tell whether a secret is set. */
describe('stored secret hashes', () => {
  let ctx: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  for (const [path, body] of [
    ['robots', { name: 'hash-robot' }],
    ['clients', { name: 'hash-client', is_confidential: true }],
  ] as const) {
    it(`never sends the hash of a saved ${path.slice(0, -1)}, in reads, lists or writes`, async () => {
      const created = (await admin.post(`/auth/${path}`, body)).json();
      expect(typeof created.secret).toBe('string');
      const responses = [
        await admin.get(`/auth/${path}/${created.id}?fields=%2Bsecret`),
        await admin.get(`/auth/${path}?fields=%2Bsecret&filter[id]=${created.id}`),
        await admin.post(`/auth/${path}/${created.id}`, { display_name: 'Renamed' }),
        await admin.request('PUT', `/auth/${path}/${created.id}`, { display_name: 'Renamed again' }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBeLessThan(300);
        expect(response.body).not.toContain('$argon2');
      }
      expect(responses[0]!.json()).toMatchObject({ secret: null, secret_set: true });
      expect(responses[1]!.json().data[0]).toMatchObject({ secret: null, secret_set: true });
    });
  }

  it('tells when a client has no secret', async () => {
    const open = (await admin.post('/auth/clients', { name: 'open-client', is_confidential: false })).json();
    await ctx.database.db.update(clients).set({ secret: null }).where(eq(clients.id, open.id));
    const read = (await admin.get(`/auth/clients/${open.id}?fields=%2Bsecret`)).json();
    expect(read).toMatchObject({ secret: null, secret_set: false });
  });
});
