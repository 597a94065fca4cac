import type { Service } from '@federa/client';

/** A REST resource of one of the APIs and the entity type its realtime events carry. */
export interface ResourceRef {
  readonly service: Service;
  /** Path below the service, e.g. `users`, `user-roles`. */
  readonly path: string;
  /** Realtime entity type, e.g. `user`, `userRole`; no live updates without it. */
  readonly type?: string;
}

const auth = (path: string, type: string): ResourceRef => ({ service: 'auth', path, type });

/** The identity resources (docs/product/identity-and-access.md §3 "API resources"). */
export const authResources = {
  realms: auth('realms', 'realm'),
  users: auth('users', 'user'),
  robots: auth('robots', 'robot'),
  clients: auth('clients', 'client'),
  roles: auth('roles', 'role'),
  scopes: auth('scopes', 'scope'),
  permissions: auth('permissions', 'permission'),
  policies: auth('policies', 'policy'),
  identityProviders: auth('identity-providers', 'identityProvider'),
  identityProviderRoleMappings: auth('identity-provider-role-mappings', 'identityProviderRoleMapping'),
  userRoles: auth('user-roles', 'userRole'),
  userPermissions: auth('user-permissions', 'userPermission'),
  robotRoles: auth('robot-roles', 'robotRole'),
  robotPermissions: auth('robot-permissions', 'robotPermission'),
  rolePermissions: auth('role-permissions', 'rolePermission'),
  clientRoles: auth('client-roles', 'clientRole'),
  clientPermissions: auth('client-permissions', 'clientPermission'),
  clientScopes: auth('client-scopes', 'clientScope'),
} as const satisfies Record<string, ResourceRef>;

/** Cache key of everything read from a resource; lists and records live below it. */
export function resourceKey(resource: ResourceRef): readonly [string, string] {
  return [resource.service, resource.path];
}

interface Named {
  readonly id: string;
  readonly name?: string | null;
  readonly display_name?: string | null;
  readonly realm_id?: string | null;
  readonly realm?: { readonly id: string; readonly name: string } | null;
  readonly created_at?: string;
  readonly updated_at?: string;
}

export interface Realm extends Named {
  readonly name: string;
  readonly description?: string | null;
  readonly built_in?: boolean;
}

export interface User extends Named {
  readonly name: string;
  readonly name_locked?: boolean;
  readonly email?: string | null;
  readonly active?: boolean;
}

export interface Robot extends Named {
  readonly name: string;
  /** Only ever the plain secret in the response of the write that set it; reads answer null. */
  readonly secret?: string | null;
  /** Whether a secret is stored (reads that ask for `+secret`); its hash never leaves the server. */
  readonly secret_set?: boolean;
  readonly active?: boolean;
}

export interface Client extends Named {
  readonly name: string;
  readonly description?: string | null;
  readonly redirect_uri?: string | null;
  readonly base_url?: string | null;
  readonly root_url?: string | null;
  readonly is_confidential?: boolean;
  readonly first_party?: boolean;
  readonly secret?: string | null;
  readonly secret_set?: boolean;
  readonly built_in?: boolean;
}

export interface Role extends Named {
  readonly name: string;
  readonly description?: string | null;
  readonly built_in?: boolean;
}

export interface Scope extends Named {
  readonly name: string;
  readonly description?: string | null;
  readonly built_in?: boolean;
}

export interface Permission extends Named {
  readonly name: string;
  readonly description?: string | null;
  readonly policy_id?: string | null;
  readonly built_in?: boolean;
}

export interface PolicySummary extends Named {
  readonly name: string;
  readonly type: string;
  readonly parent_id?: string | null;
}

/** The text a person recognises a record by: display name, else name, else id. */
export function labelOf(item: Named): string {
  return item.display_name || item.name || item.id;
}
