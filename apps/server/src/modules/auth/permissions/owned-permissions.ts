import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { permissions } from '../db/identity.ts';
import {
  clientPermissions,
  clientRoles,
  robotPermissions,
  robotRoles,
  rolePermissions,
  userPermissions,
  userRoles,
} from '../db/links.ts';
import type { SubjectKind } from '../tokens/claims.ts';

export interface OwnedPermission {
  id: string;
  name: string;
  realm_id: string | null;
  client_id: string | null;
  policy_id: string | null;
}

const permissionColumns = {
  id: permissions.id,
  name: permissions.name,
  realm_id: permissions.realm_id,
  client_id: permissions.client_id,
  policy_id: permissions.policy_id,
};

/** The role links and direct permission links of each kind of identity. */
function linksOf(kind: SubjectKind) {
  switch (kind) {
    case 'user':
      return {
        roles: userRoles,
        roleOwner: userRoles.user_id,
        direct: userPermissions,
        directOwner: userPermissions.user_id,
      };
    case 'robot':
      return {
        roles: robotRoles,
        roleOwner: robotRoles.robot_id,
        direct: robotPermissions,
        directOwner: robotPermissions.robot_id,
      };
    case 'client':
      return {
        roles: clientRoles,
        roleOwner: clientRoles.client_id,
        direct: clientPermissions,
        directOwner: clientPermissions.client_id,
      };
  }
}

/**
 * Every permission an identity holds, directly or through its roles, each listed once. Two queries,
 * whatever the number of roles.
 */
export async function findOwnedPermissions(
  db: Database,
  kind: SubjectKind,
  id: string,
): Promise<OwnedPermission[]> {
  const links = linksOf(kind);
  const roleIds = db.select({ id: links.roles.role_id }).from(links.roles).where(eq(links.roleOwner, id));
  const viaRoles = db
    .select({ id: rolePermissions.permission_id })
    .from(rolePermissions)
    .where(inArray(rolePermissions.role_id, roleIds));
  const direct = db
    .select({ id: links.direct.permission_id })
    .from(links.direct)
    .where(eq(links.directOwner, id));
  return db
    .select(permissionColumns)
    .from(permissions)
    .where(or(inArray(permissions.id, viaRoles), inArray(permissions.id, direct)))
    .orderBy(permissions.name);
}

/** Whether an identity holds a permission of this name in this realm/client scope. */
export async function ownsPermission(
  db: Database,
  kind: SubjectKind,
  id: string,
  permission: { name: string; realmId?: string | null; clientId?: string | null },
): Promise<boolean> {
  const owned = await findOwnedPermissions(db, kind, id);
  return owned.some(
    (item) =>
      item.name === permission.name &&
      (item.realm_id ?? null) === (permission.realmId ?? null) &&
      (item.client_id ?? null) === (permission.clientId ?? null),
  );
}

/** Looks permissions up by name (global ones, or of one realm). */
export async function findPermissionsByName(db: Database, names: string[], realmId?: string | null) {
  const scope = realmId ? eq(permissions.realm_id, realmId) : undefined;
  return db
    .select(permissionColumns)
    .from(permissions)
    .where(scope ? and(inArray(permissions.name, names), scope) : inArray(permissions.name, names));
}
