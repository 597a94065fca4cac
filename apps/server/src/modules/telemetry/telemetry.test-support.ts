import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signIn, type Caller } from '#test/auth-client.ts';

/** Finds a realm by name, creating it when missing; returns its id. */
export async function ensureRealm(admin: Caller, name: string): Promise<string> {
  const existing = await admin.get(`/auth/realms/${name}`);
  if (existing.statusCode === 200) return existing.json().id;
  const created = await admin.post('/auth/realms', { name });
  expect(created.statusCode).toBe(201);
  return created.json().id;
}

/**
 * A user of `realm` holding exactly `permissions` (global permission names), signed in. Returns the
 * caller and the user's id.
 */
export async function userWithPermissions(
  app: FastifyInstance,
  admin: Caller,
  options: { realm: string; name: string; permissions: readonly string[] },
): Promise<{ caller: Caller; id: string; realmId: string }> {
  const realmId = await ensureRealm(admin, options.realm);
  const password = 'Telemetry-Passw0rd';
  const user = await admin.post('/auth/users', { name: options.name, password, realm_id: realmId });
  expect(user.statusCode).toBe(201);
  if (options.permissions.length > 0) {
    const found = await admin.get(`/auth/permissions?filter[name]=${options.permissions.join(',')}`);
    const ids = (found.json().data as { id: string }[]).map((permission) => permission.id);
    expect(ids).toHaveLength(options.permissions.length);
    for (const permissionId of ids) {
      const link = await admin.post('/auth/user-permissions', {
        user_id: user.json().id,
        permission_id: permissionId,
      });
      expect(link.statusCode).toBe(201);
    }
  }
  const caller = await signIn(app, options.name, password, options.realm);
  return { caller, id: user.json().id, realmId };
}
