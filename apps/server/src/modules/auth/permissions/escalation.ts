import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../../platform/db/index.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { rolePermissions } from '../db/links.ts';
import { findOwnedPermissions } from './owned-permissions.ts';

export const INSUFFICIENT_PERMISSIONS_MESSAGE = "You don't own the required permissions.";

/**
 * Privilege-escalation guard for every way of handing out a role (user-role, robot-role, client-role
 * links, identity-provider role mappings, ...): the caller must itself hold every permission the role
 * grants, otherwise it could give someone (or itself) more than it has. Throws a 403
 * `insufficient_permissions` "You don't own the required permissions." when it does not.
 *
 * - `db`: the database or the open transaction of the write (so the check sees the same data).
 * - `request`: the HTTP request; its identity's own permissions count, and only when its token has the
 *   `global` scope, as for every other permission check.
 * - `roleId`: the role about to be assigned. Whether it exists is the caller's business; a role
 *   without permissions passes.
 */
export async function assertHoldsAllPermissionsOfRole(
  db: Executor,
  request: FastifyRequest,
  roleId: string,
): Promise<void> {
  const required = await db
    .select({ id: rolePermissions.permission_id })
    .from(rolePermissions)
    .where(eq(rolePermissions.role_id, roleId));
  if (required.length === 0) return;
  await assertHoldsPermissions(
    db,
    request,
    required.map((permission) => permission.id),
  );
}

/** The same guard for handing out one permission (user-, robot-, client- and role-permission links). */
export async function assertHoldsPermission(
  db: Executor,
  request: FastifyRequest,
  permissionId: string,
): Promise<void> {
  await assertHoldsPermissions(db, request, [permissionId]);
}

async function assertHoldsPermissions(
  db: Executor,
  request: FastifyRequest,
  permissionIds: string[],
): Promise<void> {
  const identity = request.identity;
  const owned =
    identity && identity.scopes.includes('global')
      ? await findOwnedPermissions(db as Database, identity.type, identity.id)
      : [];
  const ownedIds = new Set(owned.map((permission) => permission.id));
  if (!permissionIds.every((id) => ownedIds.has(id))) {
    throw new HttpError(403, 'insufficient_permissions', INSUFFICIENT_PERMISSIONS_MESSAGE);
  }
}
