import { eq, inArray, isNull, and } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { hashSecret } from '../crypto/secrets.ts';
import { permissions, realms, roles, users } from '../db/identity.ts';
import { rolePermissions, userRoles } from '../db/links.ts';

/*
 * Test fixtures written straight to the database: the link resources that would otherwise set them
 * up are not what these tests are about.
 */

export async function createRealm(db: Database, name: string): Promise<string> {
  const [realm] = await db.insert(realms).values({ name }).returning({ id: realms.id });
  return realm!.id;
}

/** A role of a realm (or global) holding the named built-in permissions. */
export async function createRole(
  db: Database,
  options: { name: string; realmId: string | null; permissions: readonly string[] },
): Promise<string> {
  const [role] = await db
    .insert(roles)
    .values({ name: options.name, realm_id: options.realmId })
    .returning({ id: roles.id });
  if (options.permissions.length > 0) {
    const rows = await db
      .select({ id: permissions.id, realm_id: permissions.realm_id })
      .from(permissions)
      .where(and(inArray(permissions.name, [...options.permissions]), isNull(permissions.realm_id)));
    if (rows.length !== options.permissions.length) throw new Error('unknown permission in test fixture');
    await db.insert(rolePermissions).values(
      rows.map((permission) => ({
        role_id: role!.id,
        role_realm_id: options.realmId,
        permission_id: permission.id,
        permission_realm_id: permission.realm_id,
      })),
    );
  }
  return role!.id;
}

/** A user with a password who holds exactly the named permissions (through a role of their own). */
export async function createUserWithPermissions(
  db: Database,
  options: { name: string; password: string; realmId: string; permissions: readonly string[] },
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ name: options.name, password: await hashSecret(options.password), realm_id: options.realmId })
    .returning({ id: users.id });
  const roleId = await createRole(db, {
    name: `${options.name}-role`.slice(0, 30),
    realmId: options.realmId,
    permissions: options.permissions,
  });
  await db.insert(userRoles).values({
    user_id: user!.id,
    user_realm_id: options.realmId,
    role_id: roleId,
    role_realm_id: options.realmId,
  });
  return user!.id;
}

/** Names of the roles a user holds. */
export async function roleNamesOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId));
  return rows.map((row) => row.name).sort();
}
