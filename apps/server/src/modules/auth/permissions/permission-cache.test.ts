import { IdentityPermissionName as P } from '@federa/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';
import { buildApp } from '../../../app.ts';
import { permissions, roles } from '../db/identity.ts';
import { rolePermissions } from '../db/links.ts';
import {
  createRealm,
  createUserWithPermissions,
} from '../identity-providers/identity-providers.test-support.ts';

/**
 * Permission definitions and each identity's permission set are cached in memory; these tests prove
 * that no cache outlives a change, on the instance that made it, on a replica sharing the database,
 * or when the database was changed behind the API's back (cascades, other tools).
 */
describe('permission caches', () => {
  let ctx: TestApp;
  let replica: FastifyInstance;
  let admin: Caller;
  let realmId: string;

  const introspectPermissions = async (app: FastifyInstance, token: string) =>
    (
      (await app.inject({ method: 'POST', url: '/auth/token/introspect', payload: { token } })).json() as {
        permissions: Array<{ name: string }>;
      }
    ).permissions.map((permission) => permission.name);

  beforeAll(async () => {
    ctx = await createTestApp();
    replica = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    admin = await signIn(ctx.app);
    realmId = await createRealm(ctx.database.db, 'cache-realm');
  });
  afterAll(async () => {
    await replica.close();
    await ctx.close();
  });

  it('takes a removed role link away at once, on this instance and on a replica', async () => {
    const userId = await createUserWithPermissions(ctx.database.db, {
      name: 'cache-reader',
      password: 'Cache-Reader-Passw0rd',
      realmId,
      permissions: [P.USER_READ],
    });
    const reader = await signIn(ctx.app, 'cache-reader', 'Cache-Reader-Passw0rd', 'cache-realm');
    const onReplica = callerWithToken(replica, reader.token);
    // Warm both instances' caches.
    expect((await reader.get('/auth/users')).statusCode).toBe(200);
    expect((await onReplica.get('/auth/users')).statusCode).toBe(200);
    expect(await introspectPermissions(replica, reader.token)).toContain(P.USER_READ);

    const links = (await admin.get(`/auth/user-roles?filter[user_id]=${userId}`)).json().data as Array<{
      id: string;
    }>;
    expect(links).toHaveLength(1);
    expect((await admin.delete(`/auth/user-roles/${links[0]!.id}`)).statusCode).toBe(202);

    expect((await reader.get('/auth/users')).statusCode).toBe(403);
    expect((await onReplica.get('/auth/users')).statusCode).toBe(403);
    expect(await introspectPermissions(replica, reader.token)).not.toContain(P.USER_READ);
  });

  it('grants a new permission at once on a replica', async () => {
    await createUserWithPermissions(ctx.database.db, {
      name: 'cache-grantee',
      password: 'Cache-Grantee-Passw0rd',
      realmId,
      permissions: [],
    });
    const grantee = await signIn(ctx.app, 'cache-grantee', 'Cache-Grantee-Passw0rd', 'cache-realm');
    const onReplica = callerWithToken(replica, grantee.token);
    expect((await onReplica.get('/auth/roles')).statusCode).toBe(403);

    const [role] = await ctx.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'cache-grantee-role'));
    const [permission] = await ctx.database.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.name, P.ROLE_READ), isNull(permissions.realm_id)));
    const linked = await admin.post('/auth/role-permissions', {
      role_id: role!.id,
      permission_id: permission!.id,
    });
    expect(linked.statusCode).toBe(201);

    expect((await onReplica.get('/auth/roles')).statusCode).toBe(200);
    expect(await introspectPermissions(replica, grantee.token)).toContain(P.ROLE_READ);
  });

  it('notices changes made in the database directly, including cascades', async () => {
    await createUserWithPermissions(ctx.database.db, {
      name: 'cache-direct',
      password: 'Cache-Direct-Passw0rd',
      realmId,
      permissions: [P.USER_READ],
    });
    const direct = await signIn(ctx.app, 'cache-direct', 'Cache-Direct-Passw0rd', 'cache-realm');
    const onReplica = callerWithToken(replica, direct.token);
    expect((await direct.get('/auth/users')).statusCode).toBe(200);
    expect((await onReplica.get('/auth/users')).statusCode).toBe(200);

    // Deleting the role removes its permission and user links by cascade; no API, no event.
    const deleted = await ctx.database.db
      .delete(roles)
      .where(eq(roles.name, 'cache-direct-role'))
      .returning({ id: roles.id });
    expect(deleted).toHaveLength(1);
    const remaining = await ctx.database.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.role_id, deleted[0]!.id));
    expect(remaining).toEqual([]);

    expect((await direct.get('/auth/users')).statusCode).toBe(403);
    expect((await onReplica.get('/auth/users')).statusCode).toBe(403);
  });

  it('applies a policy attached to a permission at once', async () => {
    await createUserWithPermissions(ctx.database.db, {
      name: 'cache-policy',
      password: 'Cache-Policy-Passw0rd',
      realmId,
      permissions: [P.ROBOT_READ],
    });
    const caller = await signIn(ctx.app, 'cache-policy', 'Cache-Policy-Passw0rd', 'cache-realm');
    const onReplica = callerWithToken(replica, caller.token);
    expect((await onReplica.get('/auth/robots')).statusCode).toBe(200);

    // A policy that only robots pass, attached to the global robot_read permission.
    const policy = await admin.post('/auth/policies', {
      name: 'robots-only',
      type: 'identity',
      types: ['robot'],
    });
    expect(policy.statusCode).toBe(201);
    const [permission] = await ctx.database.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.name, P.ROBOT_READ), isNull(permissions.realm_id)));
    try {
      const attached = await admin.post(`/auth/permissions/${permission!.id}`, {
        policy_id: policy.json().id,
      });
      expect(attached.statusCode).toBe(202);
      expect((await onReplica.get('/auth/robots')).statusCode).not.toBe(200);
    } finally {
      await admin.post(`/auth/permissions/${permission!.id}`, { policy_id: null });
    }
    expect((await onReplica.get('/auth/robots')).statusCode).toBe(200);
  });
});
