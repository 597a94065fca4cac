import { z } from 'zod';
import { included, recordId, timestamps } from '../records.ts';

/**
 * The identity records as `/auth/{resource}` answers them (docs/product/identity-and-access.md §3),
 * one schema per resource: what the web app and the node agent read, typed from one place. The
 * server test `record-schemas.test.ts` keeps their keys equal to the tables' columns.
 */

export const RealmSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  built_in: z.boolean(),
  ...timestamps,
});
export type Realm = z.output<typeof RealmSchema>;

/** The realm a record belongs to, when the read asks for it (`include=realm`). */
const realm = included(RealmSchema);

export const UserSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  name_locked: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  /** Sent when asked for (`fields=+email`). */
  email: z.string().nullable().optional(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  status: z.string().nullable(),
  status_message: z.string().nullable(),
  active: z.boolean(),
  realm_id: z.string(),
  client_id: z.string().nullable(),
  ...timestamps,
  realm,
});
export type User = z.output<typeof UserSchema>;

/**
 * A stored secret never leaves the server: asked for (`fields=+secret`), `secret` is null and
 * `secret_set` tells whether one is stored; the answer of the write that set it carries it once.
 */
const writeOnlySecret = {
  secret: z.string().nullable().optional(),
  secret_set: z.boolean().optional(),
};

export const RobotSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  ...writeOnlySecret,
  active: z.boolean(),
  user_id: z.string().nullable(),
  client_id: z.string().nullable(),
  realm_id: z.string(),
  ...timestamps,
  realm,
  user: included(UserSchema),
});
export type Robot = z.output<typeof RobotSchema>;

export const ClientSchema = z.looseObject({
  id: recordId(),
  built_in: z.boolean(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  ...writeOnlySecret,
  redirect_uri: z.string().nullable(),
  grant_types: z.string().nullable(),
  scope: z.string().nullable(),
  base_url: z.string().nullable(),
  root_url: z.string().nullable(),
  is_confidential: z.boolean(),
  first_party: z.boolean(),
  active: z.boolean(),
  realm_id: z.string(),
  ...timestamps,
  realm,
});
export type Client = z.output<typeof ClientSchema>;

export const RoleSchema = z.looseObject({
  id: recordId(),
  built_in: z.boolean(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  target: z.string().nullable(),
  client_id: z.string().nullable(),
  realm_id: z.string().nullable(),
  ...timestamps,
  realm,
});
export type Role = z.output<typeof RoleSchema>;

export const ScopeSchema = z.looseObject({
  id: recordId(),
  built_in: z.boolean(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  realm_id: z.string().nullable(),
  ...timestamps,
  realm,
});
export type Scope = z.output<typeof ScopeSchema>;

/**
 * A policy: its type's settings (stored as `config`) are flat in the answer, so the object is loose
 * and has no `config` key.
 */
export const PolicySchema = z.looseObject({
  id: recordId(),
  built_in: z.boolean(),
  type: z.string(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  invert: z.boolean(),
  parent_id: z.string().nullable(),
  realm_id: z.string().nullable(),
  ...timestamps,
  realm,
  parent: included(z.object({ id: recordId(), name: z.string(), type: z.string() })),
});
export type Policy = z.output<typeof PolicySchema>;

export const PermissionSchema = z.looseObject({
  id: recordId(),
  built_in: z.boolean(),
  name: z.string(),
  display_name: z.string().nullable(),
  description: z.string().nullable(),
  target: z.string().nullable(),
  policy_id: z.string().nullable(),
  client_id: z.string().nullable(),
  realm_id: z.string().nullable(),
  ...timestamps,
  realm,
  policy: included(
    z.object({ id: recordId(), name: z.string(), type: z.string(), realm_id: z.string().nullable() }),
  ),
});
export type Permission = z.output<typeof PermissionSchema>;

/**
 * An identity provider: its protocol's settings (stored as `config`) are flat in the answer, secrets
 * left out, so the object is loose and has no `config` key.
 */
export const IdentityProviderSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  display_name: z.string().nullable(),
  protocol: z.string().nullable(),
  preset: z.string().nullable(),
  enabled: z.boolean(),
  realm_id: z.string(),
  ...timestamps,
  realm,
});
export type IdentityProvider = z.output<typeof IdentityProviderSchema>;

const namedInRealm = z.object({
  id: recordId(),
  name: z.string(),
  display_name: z.string().nullable(),
  realm_id: z.string().nullable(),
});

export const IdentityProviderRoleMappingSchema = z.looseObject({
  id: recordId(),
  synchronization_mode: z.string().nullable(),
  name: z.string().nullable(),
  value: z.string().nullable(),
  value_is_regex: z.boolean(),
  role_id: z.string(),
  role_realm_id: z.string().nullable(),
  provider_id: z.string(),
  provider_realm_id: z.string().nullable(),
  ...timestamps,
  provider: included(namedInRealm),
  role: included(namedInRealm),
});
export type IdentityProviderRoleMapping = z.output<typeof IdentityProviderRoleMappingSchema>;

/** A scope a realm's clients get (`/auth/realm-scopes`). */
export const RealmScopeSchema = z.looseObject({
  id: recordId(),
  realm_id: z.string(),
  scope_id: z.string(),
  scope_realm_id: z.string().nullable(),
  default: z.boolean(),
  ...timestamps,
  scope: included(
    ScopeSchema.pick({ id: true, name: true, display_name: true, description: true, realm_id: true }),
  ),
  realm: included(RealmSchema.pick({ id: true, name: true, display_name: true })),
});
export type RealmScope = z.output<typeof RealmScopeSchema>;

const attributeFields = {
  id: recordId(),
  name: z.string(),
  value: z.string().nullable(),
  ...timestamps,
};
export const UserAttributeSchema = z.looseObject({
  ...attributeFields,
  user_id: z.string(),
  realm_id: z.string(),
});
export type UserAttribute = z.output<typeof UserAttributeSchema>;
export const RoleAttributeSchema = z.looseObject({
  ...attributeFields,
  role_id: z.string(),
  realm_id: z.string().nullable(),
});
export type RoleAttribute = z.output<typeof RoleAttributeSchema>;

/**
 * The links between two records (`/auth/user-roles`, ...): both ids with the realm of each side, and
 * either side's record when included (`include=role`).
 */
export const UserRoleSchema = z.looseObject({
  id: recordId(),
  user_id: z.string(),
  user_realm_id: z.string().nullable(),
  role_id: z.string(),
  role_realm_id: z.string().nullable(),
  ...timestamps,
  user: included(UserSchema),
  role: included(RoleSchema),
});
export type UserRole = z.output<typeof UserRoleSchema>;

export const UserPermissionSchema = z.looseObject({
  id: recordId(),
  user_id: z.string(),
  user_realm_id: z.string().nullable(),
  permission_id: z.string(),
  permission_realm_id: z.string().nullable(),
  /** The policy that must also grant for the link to count. */
  policy_id: z.string().nullable(),
  ...timestamps,
  user: included(UserSchema),
  permission: included(PermissionSchema),
});
export type UserPermission = z.output<typeof UserPermissionSchema>;

export const RobotRoleSchema = z.looseObject({
  id: recordId(),
  robot_id: z.string(),
  robot_realm_id: z.string().nullable(),
  role_id: z.string(),
  role_realm_id: z.string().nullable(),
  ...timestamps,
  robot: included(RobotSchema),
  role: included(RoleSchema),
});
export type RobotRole = z.output<typeof RobotRoleSchema>;

export const RobotPermissionSchema = z.looseObject({
  id: recordId(),
  robot_id: z.string(),
  robot_realm_id: z.string().nullable(),
  permission_id: z.string(),
  permission_realm_id: z.string().nullable(),
  /** The policy that must also grant for the link to count. */
  policy_id: z.string().nullable(),
  ...timestamps,
  robot: included(RobotSchema),
  permission: included(PermissionSchema),
});
export type RobotPermission = z.output<typeof RobotPermissionSchema>;

export const RolePermissionSchema = z.looseObject({
  id: recordId(),
  role_id: z.string(),
  role_realm_id: z.string().nullable(),
  permission_id: z.string(),
  permission_realm_id: z.string().nullable(),
  /** The policy that must also grant for the link to count. */
  policy_id: z.string().nullable(),
  ...timestamps,
  role: included(RoleSchema),
  permission: included(PermissionSchema),
});
export type RolePermission = z.output<typeof RolePermissionSchema>;

export const ClientRoleSchema = z.looseObject({
  id: recordId(),
  client_id: z.string(),
  client_realm_id: z.string().nullable(),
  role_id: z.string(),
  role_realm_id: z.string().nullable(),
  ...timestamps,
  client: included(ClientSchema),
  role: included(RoleSchema),
});
export type ClientRole = z.output<typeof ClientRoleSchema>;

export const ClientPermissionSchema = z.looseObject({
  id: recordId(),
  client_id: z.string(),
  client_realm_id: z.string().nullable(),
  permission_id: z.string(),
  permission_realm_id: z.string().nullable(),
  /** The policy that must also grant for the link to count. */
  policy_id: z.string().nullable(),
  ...timestamps,
  client: included(ClientSchema),
  permission: included(PermissionSchema),
});
export type ClientPermission = z.output<typeof ClientPermissionSchema>;

export const ClientScopeSchema = z.looseObject({
  id: recordId(),
  client_id: z.string(),
  client_realm_id: z.string().nullable(),
  scope_id: z.string(),
  scope_realm_id: z.string().nullable(),
  /** Granted without being asked for. */
  default: z.boolean(),
  ...timestamps,
  client: included(ClientSchema),
  scope: included(ScopeSchema),
});
export type ClientScope = z.output<typeof ClientScopeSchema>;
