import { IdentityPermissionName as P } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { buildApp } from '../../../app.ts';
import { realms, users } from '../db/identity.ts';
import {
  createRealm,
  createUserWithPermissions,
} from '../identity-providers/identity-providers.test-support.ts';

interface UserPage {
  data: Array<{ name: string; display_name: string | null; realm?: { name: string } }>;
  meta: { total: number };
}

/**
 * Pages of the user list are kept in memory, tagged with the users version each request reads
 * along with its token. These tests prove that no kept page is shown after a change, wherever the
 * change was made, and that a kept page never crosses realms.
 */
describe('the user list cache', () => {
  let ctx: TestApp;
  let replica: FastifyInstance;
  let admin: Caller;
  let adminOnReplica: Caller;

  const URL = '/auth/users?sort=name&page[limit]=50';
  const listed = async (caller: Caller, url = URL) => {
    const response = await caller.get(url);
    expect(response.statusCode).toBe(200);
    return response.json() as UserPage;
  };
  const names = async (caller: Caller, url = URL) =>
    (await listed(caller, url)).data.map((user) => user.name);

  beforeAll(async () => {
    ctx = await createTestApp();
    replica = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    admin = await signIn(ctx.app);
    adminOnReplica = callerWithToken(replica, admin.token);
  });
  afterAll(async () => {
    await replica.close();
    await ctx.close();
  });

  it('shows a user created through the API at once, on this instance and on a replica', async () => {
    expect(await names(admin)).not.toContain('cache-new');
    expect(await names(adminOnReplica)).not.toContain('cache-new');
    expect((await admin.post('/auth/users', { name: 'cache-new' })).statusCode).toBe(201);
    expect(await names(admin)).toContain('cache-new');
    expect(await names(adminOnReplica)).toContain('cache-new');
  });

  it('shows changes made in the database behind the API, cascades included', async () => {
    const realmId = await createRealm(ctx.database.db, 'cache-doomed');
    await ctx.database.db
      .insert(users)
      .values({ name: 'cache-direct', display_name: 'Before', realm_id: realmId });
    const before = await listed(admin);
    expect(before.data.find((user) => user.name === 'cache-direct')?.display_name).toBe('Before');

    await ctx.database.db.update(users).set({ display_name: 'After' }).where(eq(users.name, 'cache-direct'));
    const after = await listed(admin);
    expect(after.data.find((user) => user.name === 'cache-direct')?.display_name).toBe('After');

    // Deleting the realm deletes its users by a foreign key cascade, not by a statement of ours.
    await ctx.database.db.delete(realms).where(eq(realms.id, realmId));
    const gone = await listed(admin);
    expect(gone.data.map((user) => user.name)).not.toContain('cache-direct');
    expect(gone.meta.total).toBe(after.meta.total - 1);
  });

  it('never shows a page kept for one realm to another', async () => {
    const realmId = await createRealm(ctx.database.db, 'cache-realm');
    await createUserWithPermissions(ctx.database.db, {
      name: 'cache-reader',
      password: 'Cache-Reader-Passw0rd',
      realmId,
      permissions: [P.USER_READ],
    });
    const reader = await signIn(ctx.app, 'cache-reader', 'Cache-Reader-Passw0rd', 'cache-realm');

    // The master realm reads the page first, then the realm's user asks for the very same URL.
    const everyone = await listed(admin);
    expect(everyone.data.map((user) => user.name)).toContain('admin');
    const ownRealm = await listed(reader);
    expect(ownRealm.data.map((user) => user.name)).toEqual(['cache-reader']);
    expect(ownRealm.meta.total).toBe(1);
    // And the other way round: the master realm still sees everyone.
    expect(await listed(admin)).toEqual(everyone);
  });

  it('reads included relations fresh, as their tables are not versioned', async () => {
    const realmId = await createRealm(ctx.database.db, 'cache-renamed');
    await ctx.database.db.insert(users).values({ name: 'cache-member', realm_id: realmId });
    const url = '/auth/users?filter[name]=cache-member&include=realm';
    expect((await listed(admin, url)).data[0]?.realm?.name).toBe('cache-renamed');
    await ctx.database.db.update(realms).set({ name: 'cache-renamed-2' }).where(eq(realms.id, realmId));
    expect((await listed(admin, url)).data[0]?.realm?.name).toBe('cache-renamed-2');
  });
});
