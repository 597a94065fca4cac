import { PERMISSION_NAMES } from '@federa/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { withTransaction } from '#platform/db/transaction.ts';
import { generatePassword, generateRobotSecret, hashSecret } from '../crypto/secrets.ts';
import { permissions, realms, robots, roles, scopes, users } from '../db/identity.ts';
import { rolePermissions, robotRoles, userRoles } from '../db/links.ts';
import { assignRealmDefaultScopes } from '../scopes/realm-scopes.ts';

export const MASTER_REALM_NAME = 'master';
export const ADMIN_ROLE_NAME = 'admin';
export const BUILT_IN_SCOPES = ['global', 'openid', 'profile', 'email', 'roles', 'identity'] as const;

export interface SeedOptions {
  adminUsername: string;
  /** When unset, a password is generated for a newly created admin and returned once. */
  adminPassword?: string;
  /** Creates (or keeps) an active system robot holding the admin role. */
  systemRobot?: { name: string; secret?: string };
}

export interface SeedResult {
  masterRealmId: string;
  adminUserId: string;
  /** Only when this run created the admin with a generated password: show it once, then forget it. */
  generatedAdminPassword?: string;
  /** Only when this run created the system robot with a generated secret. */
  generatedRobotSecret?: string;
}

/**
 * Creates what every installation needs, on every start, without changing what exists: the master
 * realm, the built-in scopes and permissions, the global admin role holding every permission, and the
 * admin user. Safe when several replicas start at once (every insert ignores conflicts).
 */
export async function seedIdentity(db: Database, options: SeedOptions): Promise<SeedResult> {
  return withTransaction(db, async (tx) => {
    const createdRealm = await tx
      .insert(realms)
      .values({ name: MASTER_REALM_NAME, built_in: true })
      .onConflictDoNothing()
      .returning({ id: realms.id });
    const [master] = await tx.select().from(realms).where(eq(realms.name, MASTER_REALM_NAME));

    await tx
      .insert(scopes)
      .values(BUILT_IN_SCOPES.map((name) => ({ name, built_in: true })))
      .onConflictDoNothing();
    // Only when the master realm is new: an administrator may have changed its client scopes since.
    if (createdRealm.length > 0) await assignRealmDefaultScopes(tx, master!.id);
    await tx
      .insert(permissions)
      .values(PERMISSION_NAMES.map((name) => ({ name, built_in: true })))
      .onConflictDoNothing();

    await tx.insert(roles).values({ name: ADMIN_ROLE_NAME, built_in: true }).onConflictDoNothing();
    const [adminRole] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.name, ADMIN_ROLE_NAME), isNull(roles.realm_id), isNull(roles.client_id)));

    // The admin role holds every permission that exists, including ones added by administrators.
    const allPermissions = await tx
      .select({ id: permissions.id, realm_id: permissions.realm_id })
      .from(permissions);
    if (allPermissions.length > 0) {
      await tx
        .insert(rolePermissions)
        .values(
          allPermissions.map((permission) => ({
            role_id: adminRole!.id,
            role_realm_id: null,
            permission_id: permission.id,
            permission_realm_id: permission.realm_id,
          })),
        )
        .onConflictDoNothing();
    }

    const result: SeedResult = { masterRealmId: master!.id, adminUserId: '' };
    const password = options.adminPassword ?? generatePassword();
    const created = await tx
      .insert(users)
      .values({
        name: options.adminUsername,
        display_name: options.adminUsername,
        password: await hashSecret(password),
        realm_id: master!.id,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length > 0 && !options.adminPassword) result.generatedAdminPassword = password;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.name, options.adminUsername), eq(users.realm_id, master!.id)));
    result.adminUserId = admin!.id;
    if (created.length > 0) {
      await tx
        .insert(userRoles)
        .values({ user_id: admin!.id, user_realm_id: master!.id, role_id: adminRole!.id })
        .onConflictDoNothing();
    }

    if (options.systemRobot) {
      const secret = options.systemRobot.secret ?? generateRobotSecret();
      const robot = await tx
        .insert(robots)
        .values({ name: options.systemRobot.name, secret: await hashSecret(secret), realm_id: master!.id })
        .onConflictDoNothing()
        .returning({ id: robots.id });
      if (robot.length > 0) {
        if (!options.systemRobot.secret) result.generatedRobotSecret = secret;
        await tx
          .insert(robotRoles)
          .values({ robot_id: robot[0]!.id, robot_realm_id: master!.id, role_id: adminRole!.id })
          .onConflictDoNothing();
      }
    }
    return result;
  });
}
