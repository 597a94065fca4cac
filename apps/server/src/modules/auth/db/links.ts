import { boolean, pgTable, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clients, permissions, policies, robots, roles, scopes, users } from './identity.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/*
 * Assignments between identity records. Each side keeps its realm beside its id (`*_realm_id`), so
 * a realm-scoped list filters without a join and the policy engine sees both realms as attributes.
 */

/** A required reference to another identity record, removed together with it. */
const ref = (column: string, target: () => AnyPgColumn) =>
  uuid(column).notNull().references(target, { onDelete: 'cascade' });

export const userRoles = pgTable(
  'auth_user_roles',
  {
    id: idColumn(),
    user_id: ref('user_id', () => users.id),
    user_realm_id: uuid('user_realm_id'),
    role_id: ref('role_id', () => roles.id),
    role_realm_id: uuid('role_realm_id'),
    ...timestamps(),
  },
  (table) => [unique('auth_user_roles_unique').on(table.user_id, table.role_id)],
);

export const robotRoles = pgTable(
  'auth_robot_roles',
  {
    id: idColumn(),
    robot_id: ref('robot_id', () => robots.id),
    robot_realm_id: uuid('robot_realm_id'),
    role_id: ref('role_id', () => roles.id),
    role_realm_id: uuid('role_realm_id'),
    ...timestamps(),
  },
  (table) => [unique('auth_robot_roles_unique').on(table.robot_id, table.role_id)],
);

export const clientRoles = pgTable(
  'auth_client_roles',
  {
    id: idColumn(),
    client_id: ref('client_id', () => clients.id),
    client_realm_id: uuid('client_realm_id'),
    role_id: ref('role_id', () => roles.id),
    role_realm_id: uuid('role_realm_id'),
    ...timestamps(),
  },
  (table) => [unique('auth_client_roles_unique').on(table.client_id, table.role_id)],
);

const policyRef = () => uuid('policy_id').references(() => policies.id, { onDelete: 'set null' });

export const userPermissions = pgTable(
  'auth_user_permissions',
  {
    id: idColumn(),
    user_id: ref('user_id', () => users.id),
    user_realm_id: uuid('user_realm_id'),
    permission_id: ref('permission_id', () => permissions.id),
    permission_realm_id: uuid('permission_realm_id'),
    policy_id: policyRef(),
    ...timestamps(),
  },
  (table) => [unique('auth_user_permissions_unique').on(table.user_id, table.permission_id)],
);

export const robotPermissions = pgTable(
  'auth_robot_permissions',
  {
    id: idColumn(),
    robot_id: ref('robot_id', () => robots.id),
    robot_realm_id: uuid('robot_realm_id'),
    permission_id: ref('permission_id', () => permissions.id),
    permission_realm_id: uuid('permission_realm_id'),
    policy_id: policyRef(),
    ...timestamps(),
  },
  (table) => [unique('auth_robot_permissions_unique').on(table.robot_id, table.permission_id)],
);

export const clientPermissions = pgTable(
  'auth_client_permissions',
  {
    id: idColumn(),
    client_id: ref('client_id', () => clients.id),
    client_realm_id: uuid('client_realm_id'),
    permission_id: ref('permission_id', () => permissions.id),
    permission_realm_id: uuid('permission_realm_id'),
    policy_id: policyRef(),
    ...timestamps(),
  },
  (table) => [unique('auth_client_permissions_unique').on(table.client_id, table.permission_id)],
);

export const rolePermissions = pgTable(
  'auth_role_permissions',
  {
    id: idColumn(),
    role_id: ref('role_id', () => roles.id),
    role_realm_id: uuid('role_realm_id'),
    permission_id: ref('permission_id', () => permissions.id),
    permission_realm_id: uuid('permission_realm_id'),
    policy_id: policyRef(),
    ...timestamps(),
  },
  (table) => [unique('auth_role_permissions_unique').on(table.role_id, table.permission_id)],
);

export const clientScopes = pgTable(
  'auth_client_scopes',
  {
    id: idColumn(),
    client_id: ref('client_id', () => clients.id),
    client_realm_id: uuid('client_realm_id'),
    scope_id: ref('scope_id', () => scopes.id),
    scope_realm_id: uuid('scope_realm_id'),
    default: boolean('default').notNull().default(false),
    ...timestamps(),
  },
  (table) => [unique('auth_client_scopes_unique').on(table.client_id, table.scope_id)],
);
