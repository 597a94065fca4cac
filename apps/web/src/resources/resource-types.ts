import type { ResponseSchema, Service } from '@federa/client';
import {
  ClientPermissionSchema,
  ClientRoleSchema,
  ClientSchema,
  ClientScopeSchema,
  IdentityProviderRoleMappingSchema,
  IdentityProviderSchema,
  PermissionSchema,
  PolicySchema,
  RealmSchema,
  RobotPermissionSchema,
  RobotRoleSchema,
  RobotSchema,
  RolePermissionSchema,
  RoleSchema,
  ScopeSchema,
  UserPermissionSchema,
  UserRoleSchema,
  UserSchema,
  type Policy,
} from '@federa/schemas';
import type { Identified } from './live/live-list.ts';

/**
 * A REST resource of one of the APIs, the entity type its realtime events carry, and the schema of
 * its records: lists, reads and saves parse with it, and their records take its type.
 */
export interface ResourceRef<T extends Identified = Identified> {
  readonly service: Service;
  /** Path below the service, e.g. `users`, `user-roles`. */
  readonly path: string;
  /** Realtime entity type, e.g. `user`, `userRole`; no live updates without it. */
  readonly type?: string;
  /** One record as the resource answers it (`UserSchema`, ...), from `@federa/schemas`. */
  readonly schema: ResponseSchema<T>;
}

/** The record type of a resource. */
export type RecordOf<R extends ResourceRef> = R extends ResourceRef<infer T> ? T : never;

/** A resource whose reads select fewer fields (`fields=id,name`): the same resource, a narrower schema. */
export function withSchema<T extends Identified>(
  resource: ResourceRef,
  schema: ResponseSchema<T>,
): ResourceRef<T> {
  return { ...resource, schema };
}

function auth<T extends Identified>(path: string, type: string, schema: ResponseSchema<T>): ResourceRef<T> {
  return { service: 'auth', path, type, schema };
}

/** The identity resources (docs/product/identity-and-access.md §3 "API resources"). */
export const authResources = {
  realms: auth('realms', 'realm', RealmSchema),
  users: auth('users', 'user', UserSchema),
  robots: auth('robots', 'robot', RobotSchema),
  clients: auth('clients', 'client', ClientSchema),
  roles: auth('roles', 'role', RoleSchema),
  scopes: auth('scopes', 'scope', ScopeSchema),
  permissions: auth('permissions', 'permission', PermissionSchema),
  policies: auth('policies', 'policy', PolicySchema),
  identityProviders: auth('identity-providers', 'identityProvider', IdentityProviderSchema),
  identityProviderRoleMappings: auth(
    'identity-provider-role-mappings',
    'identityProviderRoleMapping',
    IdentityProviderRoleMappingSchema,
  ),
  userRoles: auth('user-roles', 'userRole', UserRoleSchema),
  userPermissions: auth('user-permissions', 'userPermission', UserPermissionSchema),
  robotRoles: auth('robot-roles', 'robotRole', RobotRoleSchema),
  robotPermissions: auth('robot-permissions', 'robotPermission', RobotPermissionSchema),
  rolePermissions: auth('role-permissions', 'rolePermission', RolePermissionSchema),
  clientRoles: auth('client-roles', 'clientRole', ClientRoleSchema),
  clientPermissions: auth('client-permissions', 'clientPermission', ClientPermissionSchema),
  clientScopes: auth('client-scopes', 'clientScope', ClientScopeSchema),
} as const satisfies Record<string, ResourceRef>;

/** Cache key of everything read from a resource; lists and records live below it. */
export function resourceKey(resource: ResourceRef): readonly [string, string] {
  return [resource.service, resource.path];
}

export type { Client, Permission, Realm, Robot, Role, Scope, User } from '@federa/schemas';

/** A policy as a permission names it (`include=policy`) or the policy picker lists it. */
export type PolicySummary = Pick<Policy, 'id' | 'name' | 'type' | 'realm_id'> & {
  readonly display_name?: string | null;
};

/** The text a person recognises a record by: display name, else name, else id. */
export function labelOf(item: Identified): string {
  const display = 'display_name' in item ? item.display_name : undefined;
  const name = 'name' in item ? item.name : undefined;
  return (typeof display === 'string' && display) || (typeof name === 'string' && name) || item.id;
}
