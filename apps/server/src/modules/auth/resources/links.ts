import { IdentityPermissionName as P, identityId } from '@federa/schemas';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { defineResourceQuery } from '#platform/http/query/index.ts';
import type { PermissionRule, ResourceDefinition, Row } from '#platform/http/resource/index.ts';
import { clients, permissions, realms, robots, roles, scopes, users } from '../db/identity.ts';
import {
  clientPermissions,
  clientRoles,
  clientScopes,
  robotPermissions,
  robotRoles,
  rolePermissions,
  userPermissions,
  userRoles,
} from '../db/links.ts';
import { assertHoldsAllPermissionsOfRole, assertHoldsPermission } from '../permissions/escalation.ts';

interface Side {
  /** Relation name and key column prefix: `user` -> `user_id`, `user_realm_id`. */
  name: string;
  table: PgTable & { id: PgColumn; realm_id: PgColumn };
  label: string;
}

interface LinkSpec {
  path: string;
  entityType: string;
  label: string;
  table: PgTable;
  left: Side;
  right: Side;
  permissions: { read: PermissionRule; create: PermissionRule; delete: PermissionRule };
  /** What the caller must hold to create the link (no privilege escalation). */
  guard?: 'role' | 'permission';
}

/**
 * An assignment between two identity records (user-role, role-permission, ...): list, read, create
 * and delete; no update. The realm of each side is copied into the link, so realm isolation and the
 * realm policies see both.
 */
function linkResource(spec: LinkSpec): ResourceDefinition {
  const leftKey = `${spec.left.name}_id`;
  const rightKey = `${spec.right.name}_id`;
  const leftRealm = `${spec.left.name}_realm_id`;
  const rightRealm = `${spec.right.name}_realm_id`;
  const columns = getTableColumns(spec.table);
  const fields = Object.keys(columns);

  const readSide = async (db: Executor, side: Side, id: string) => {
    const [row] = await db
      .select({ id: side.table.id, realm_id: side.table.realm_id })
      .from(side.table)
      .where(eq(side.table.id, id));
    if (!row) throw badRequest(`The ${side.label} does not exist.`);
    return row as { id: string; realm_id: string | null };
  };

  return {
    path: spec.path,
    entityType: spec.entityType,
    label: spec.label,
    table: spec.table,
    query: defineResourceQuery({
      table: spec.table,
      fields: { default: fields as never },
      filters: fields.filter((key) => key !== 'created_at' && key !== 'updated_at') as never,
      sorts: ['created_at', 'updated_at'] as never,
      defaultSort: { created_at: 'DESC' } as never,
      relations: {
        [spec.left.name]: {
          table: spec.left.table,
          localKey: leftKey,
          foreignKey: 'id',
        },
        [spec.right.name]: {
          table: spec.right.table,
          localKey: rightKey,
          foreignKey: 'id',
        },
        // The realm of each side, as authup offers them (`user_realm`, `role_realm`, ...).
        [`${spec.left.name}_realm`]: { table: realms, localKey: leftRealm, foreignKey: 'id' },
        [`${spec.right.name}_realm`]: { table: realms, localKey: rightRealm, foreignKey: 'id' },
      } as never,
    }),
    // Links are never updated (no update route); `update` is only there to complete the rule set.
    permissions: { ...spec.permissions, update: spec.permissions.create },
    createSchema: z.object({ [leftKey]: identityId(), [rightKey]: identityId() }).strict() as z.ZodType<Row>,
    realmColumn: columns[leftRealm],
    realmsOf: (row) => [
      ...new Set([row[leftRealm], row[rightRealm]].filter((id): id is string => typeof id === 'string')),
    ],
    hooks: {
      prepareCreate: async (input, { request, db }) => {
        const left = await readSide(db, spec.left, input[leftKey] as string);
        const right = await readSide(db, spec.right, input[rightKey] as string);
        if (spec.guard === 'role') await assertHoldsAllPermissionsOfRole(db, request, right.id);
        if (spec.guard === 'permission') await assertHoldsPermission(db, request, right.id);
        return { ...input, [leftRealm]: left.realm_id, [rightRealm]: right.realm_id };
      },
    },
  };
}

const user: Side = { name: 'user', table: users, label: 'user' };
const robot: Side = { name: 'robot', table: robots, label: 'robot' };
const client: Side = { name: 'client', table: clients, label: 'client' };
const role: Side = { name: 'role', table: roles, label: 'role' };
const permission: Side = { name: 'permission', table: permissions, label: 'permission' };
const scope: Side = { name: 'scope', table: scopes, label: 'scope' };

export function linkResources(): ResourceDefinition[] {
  const specs: LinkSpec[] = [
    {
      path: 'user-roles',
      entityType: 'userRole',
      label: 'user role',
      table: userRoles,
      left: user,
      right: role,
      permissions: {
        read: [P.USER_ROLE_READ, P.USER_ROLE_CREATE, P.USER_ROLE_DELETE],
        create: [P.USER_ROLE_CREATE],
        delete: [P.USER_ROLE_DELETE],
      },
      guard: 'role',
    },
    {
      path: 'robot-roles',
      entityType: 'robotRole',
      label: 'robot role',
      table: robotRoles,
      left: robot,
      right: role,
      permissions: {
        read: [P.ROBOT_ROLE_READ, P.ROBOT_ROLE_CREATE, P.ROBOT_ROLE_DELETE],
        create: [P.ROBOT_ROLE_CREATE],
        delete: [P.ROBOT_ROLE_DELETE],
      },
      guard: 'role',
    },
    {
      path: 'client-roles',
      entityType: 'clientRole',
      label: 'client role',
      table: clientRoles,
      left: client,
      right: role,
      permissions: {
        read: [P.CLIENT_ROLE_READ, P.CLIENT_ROLE_CREATE, P.CLIENT_ROLE_DELETE],
        create: [P.CLIENT_ROLE_CREATE],
        delete: [P.CLIENT_ROLE_DELETE],
      },
      guard: 'role',
    },
    {
      path: 'user-permissions',
      entityType: 'userPermission',
      label: 'user permission',
      table: userPermissions,
      left: user,
      right: permission,
      permissions: {
        read: [P.USER_PERMISSION_READ, P.USER_PERMISSION_CREATE, P.USER_PERMISSION_DELETE],
        create: [P.USER_PERMISSION_CREATE],
        delete: [P.USER_PERMISSION_DELETE],
      },
      guard: 'permission',
    },
    {
      path: 'robot-permissions',
      entityType: 'robotPermission',
      label: 'robot permission',
      table: robotPermissions,
      left: robot,
      right: permission,
      permissions: {
        read: [P.ROBOT_PERMISSION_READ, P.ROBOT_PERMISSION_CREATE, P.ROBOT_PERMISSION_DELETE],
        create: [P.ROBOT_PERMISSION_CREATE],
        delete: [P.ROBOT_PERMISSION_DELETE],
      },
      guard: 'permission',
    },
    {
      path: 'client-permissions',
      entityType: 'clientPermission',
      label: 'client permission',
      table: clientPermissions,
      left: client,
      right: permission,
      permissions: {
        read: [P.CLIENT_PERMISSION_READ, P.CLIENT_PERMISSION_CREATE, P.CLIENT_PERMISSION_DELETE],
        create: [P.CLIENT_PERMISSION_CREATE],
        delete: [P.CLIENT_PERMISSION_DELETE],
      },
      guard: 'permission',
    },
    {
      path: 'role-permissions',
      entityType: 'rolePermission',
      label: 'role permission',
      table: rolePermissions,
      left: role,
      right: permission,
      permissions: {
        read: [P.ROLE_PERMISSION_READ, P.ROLE_PERMISSION_CREATE, P.ROLE_PERMISSION_DELETE],
        create: [P.ROLE_PERMISSION_CREATE],
        delete: [P.ROLE_PERMISSION_DELETE],
      },
      guard: 'permission',
    },
    {
      path: 'client-scopes',
      entityType: 'clientScope',
      label: 'client scope',
      table: clientScopes,
      left: client,
      right: scope,
      // The consent screen reads a client's scopes before anyone signs in.
      permissions: { read: 'public', create: [P.CLIENT_SCOPE_CREATE], delete: [P.CLIENT_SCOPE_DELETE] },
    },
  ];
  return specs.map(linkResource);
}
