import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '#platform/db/index.ts';
import { HttpError } from '#platform/http/errors.ts';
import { rolePermissions } from '../db/links.ts';
import type { SubjectKind } from '../tokens/claims.ts';
import { findOwnedPermissions } from './owned-permissions.ts';

export const INSUFFICIENT_PERMISSIONS_MESSAGE = "You don't own the required permissions.";
export const CREDENTIALS_ESCALATION_MESSAGE =
  "You can not change the credentials of an identity that holds permissions you don't own.";

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

/**
 * The same guard for setting another identity's password or secret: whoever knows the new credential
 * can sign in as that identity and act with all its permissions, so the caller must hold every
 * permission the target holds (directly or through roles). Changing one's own credential is always
 * allowed (it grants nothing new). Throws a 403 `insufficient_permissions` otherwise.
 */
export async function assertMayChangeCredentialsOf(
  db: Executor,
  request: FastifyRequest,
  target: { kind: SubjectKind; id: string },
): Promise<void> {
  const identity = request.identity;
  if (identity?.type === target.kind && identity.id === target.id) return;
  const held = await findOwnedPermissions(db as Database, target.kind, target.id);
  if (held.length === 0) return;
  await assertHoldsPermissions(
    db,
    request,
    held.map((permission) => permission.id),
    CREDENTIALS_ESCALATION_MESSAGE,
  );
}

async function assertHoldsPermissions(
  db: Executor,
  request: FastifyRequest,
  permissionIds: string[],
  message = INSUFFICIENT_PERMISSIONS_MESSAGE,
): Promise<void> {
  const identity = request.identity;
  const owned =
    identity && identity.scopes.includes('global')
      ? await findOwnedPermissions(db as Database, identity.type, identity.id)
      : [];
  const ownedIds = new Set(owned.map((permission) => permission.id));
  if (!permissionIds.every((id) => ownedIds.has(id))) {
    throw new HttpError(403, 'insufficient_permissions', message);
  }
}
