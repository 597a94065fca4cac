import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { startFakeVault, type FakeVault } from '#test/fake-vault.ts';

for (const kvVersion of [1, 2] as const) {
  describe(`robot secrets in a vault (KV version ${kvVersion})`, () => {
    let ctx: TestApp;
    let vault: FakeVault;
    let adminToken: string;

    const bearer = () => ({ authorization: `Bearer ${adminToken}` });
    const robotToken = (id: string, secret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id, secret },
      });

    beforeAll(async () => {
      vault = await startFakeVault({ mount: 'kv', kvVersion });
      ctx = await createTestApp({
        ROLES: 'api',
        VAULT_ADDR: vault.address,
        VAULT_TOKEN: vault.token,
        VAULT_KV_MOUNT: 'kv',
        VAULT_KV_VERSION: String(kvVersion),
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD },
      });
      adminToken = response.json().access_token;
    });
    afterAll(async () => {
      await ctx?.close();
      await vault?.close();
    });

    it('writes a new robot and a reset secret to robots/<name>, and removes the entry with the robot', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/auth/robots',
        headers: bearer(),
        payload: { name: 'Builder' },
      });
      expect(created.statusCode).toBe(201);
      const robot = created.json() as { id: string; secret: string };
      expect(vault.entries.get('robots/builder')).toEqual({ id: robot.id, secret: robot.secret });
      expect((await robotToken(robot.id, robot.secret)).statusCode).toBe(200);

      const reset = await ctx.app.inject({
        method: 'POST',
        url: `/auth/robots/${robot.id}`,
        headers: bearer(),
        payload: { secret: 'a-new-secret-for-the-builder' },
      });
      expect(reset.statusCode).toBe(202);
      expect(vault.entries.get('robots/builder')).toEqual({
        id: robot.id,
        secret: 'a-new-secret-for-the-builder',
      });

      // Changing something else leaves the entry alone.
      await ctx.app.inject({
        method: 'POST',
        url: `/auth/robots/${robot.id}`,
        headers: bearer(),
        payload: { display_name: 'The Builder' },
      });
      expect(vault.entries.get('robots/builder')?.secret).toBe('a-new-secret-for-the-builder');

      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/auth/robots/${robot.id}`,
        headers: bearer(),
      });
      expect(deleted.statusCode).toBe(202);
      expect(vault.entries.has('robots/builder')).toBe(false);
    });

    it('restores a missing or stale entry with a new secret on the integrity check', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/auth/robots',
        headers: bearer(),
        payload: { name: 'harvester' },
      });
      const robot = created.json() as { id: string; secret: string };

      const intact = await ctx.app.inject({ url: '/auth/robots/harvester/integrity' });
      expect(intact.statusCode).toBe(202);
      expect(vault.entries.get('robots/harvester')?.secret).toBe(robot.secret);

      vault.entries.delete('robots/harvester');
      expect((await ctx.app.inject({ url: `/auth/robots/${robot.id}/integrity` })).statusCode).toBe(202);
      const restored = vault.entries.get('robots/harvester') as { id: string; secret: string };
      expect(restored.id).toBe(robot.id);
      expect(restored.secret).not.toBe(robot.secret);
      expect((await robotToken(robot.id, restored.secret)).statusCode).toBe(200);
      expect((await robotToken(robot.id, robot.secret)).statusCode).toBe(400);

      vault.entries.set('robots/harvester', { id: robot.id, secret: 'stale-secret-from-before' });
      await ctx.app.inject({ url: '/auth/robots/harvester/integrity' });
      const healed = vault.entries.get('robots/harvester') as { secret: string };
      expect(healed.secret).not.toBe('stale-secret-from-before');
      expect((await robotToken(robot.id, healed.secret)).statusCode).toBe(200);

      expect((await ctx.app.inject({ url: '/auth/robots/nobody/integrity' })).statusCode).toBe(404);
    });
  });
}

describe('robots without a vault', () => {
  it('keep working and the integrity check does nothing', async () => {
    const ctx = await createTestApp({ ROLES: 'api' });
    try {
      const token = (
        await ctx.app.inject({
          method: 'POST',
          url: '/auth/token',
          payload: { grant_type: 'password', username: 'admin', password: TEST_ADMIN_PASSWORD },
        })
      ).json().access_token as string;
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/auth/robots',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'plain' },
      });
      expect(created.statusCode).toBe(201);
      expect((await ctx.app.inject({ url: '/auth/robots/plain/integrity' })).statusCode).toBe(202);
    } finally {
      await ctx.close();
    }
  });
});
