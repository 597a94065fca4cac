import { z } from 'zod';

/**
 * Permission names of identity and access management (docs/product/identity-and-access.md §6). The assignment
 * verbs are those of the original (authup v1.0.0-beta.27): not every assignment has every verb.
 */
export const IdentityPermissionName = {
  CLIENT_CREATE: 'client_create',
  CLIENT_READ: 'client_read',
  CLIENT_UPDATE: 'client_update',
  CLIENT_DELETE: 'client_delete',
  CLIENT_SELF_MANAGE: 'client_self_manage',

  CLIENT_PERMISSION_CREATE: 'client_permission_create',
  CLIENT_PERMISSION_READ: 'client_permission_read',
  CLIENT_PERMISSION_DELETE: 'client_permission_delete',

  CLIENT_ROLE_CREATE: 'client_role_create',
  CLIENT_ROLE_READ: 'client_role_read',
  CLIENT_ROLE_UPDATE: 'client_role_update',
  CLIENT_ROLE_DELETE: 'client_role_delete',

  CLIENT_SCOPE_CREATE: 'client_scope_create',
  CLIENT_SCOPE_DELETE: 'client_scope_delete',

  IDENTITY_PROVIDER_CREATE: 'identity_provider_create',
  IDENTITY_PROVIDER_READ: 'identity_provider_read',
  IDENTITY_PROVIDER_UPDATE: 'identity_provider_update',
  IDENTITY_PROVIDER_DELETE: 'identity_provider_delete',

  IDENTITY_PROVIDER_ROLE_CREATE: 'identity_provider_role_create',
  IDENTITY_PROVIDER_ROLE_UPDATE: 'identity_provider_role_update',
  IDENTITY_PROVIDER_ROLE_DELETE: 'identity_provider_role_delete',

  PERMISSION_CREATE: 'permission_create',
  PERMISSION_READ: 'permission_read',
  PERMISSION_UPDATE: 'permission_update',
  PERMISSION_DELETE: 'permission_delete',

  REALM_CREATE: 'realm_create',
  REALM_READ: 'realm_read',
  REALM_UPDATE: 'realm_update',
  REALM_DELETE: 'realm_delete',

  ROBOT_CREATE: 'robot_create',
  ROBOT_READ: 'robot_read',
  ROBOT_UPDATE: 'robot_update',
  ROBOT_DELETE: 'robot_delete',
  ROBOT_SELF_MANAGE: 'robot_self_manage',

  ROBOT_PERMISSION_CREATE: 'robot_permission_create',
  ROBOT_PERMISSION_READ: 'robot_permission_read',
  ROBOT_PERMISSION_DELETE: 'robot_permission_delete',

  ROBOT_ROLE_CREATE: 'robot_role_create',
  ROBOT_ROLE_READ: 'robot_role_read',
  ROBOT_ROLE_UPDATE: 'robot_role_update',
  ROBOT_ROLE_DELETE: 'robot_role_delete',

  ROLE_CREATE: 'role_create',
  ROLE_READ: 'role_read',
  ROLE_UPDATE: 'role_update',
  ROLE_DELETE: 'role_delete',

  ROLE_PERMISSION_CREATE: 'role_permission_create',
  ROLE_PERMISSION_READ: 'role_permission_read',
  ROLE_PERMISSION_DELETE: 'role_permission_delete',

  SCOPE_CREATE: 'scope_create',
  SCOPE_READ: 'scope_read',
  SCOPE_UPDATE: 'scope_update',
  SCOPE_DELETE: 'scope_delete',

  USER_CREATE: 'user_create',
  USER_READ: 'user_read',
  USER_UPDATE: 'user_update',
  USER_DELETE: 'user_delete',
  USER_SELF_UPDATE: 'user_self_update',

  USER_PERMISSION_CREATE: 'user_permission_create',
  USER_PERMISSION_READ: 'user_permission_read',
  USER_PERMISSION_DELETE: 'user_permission_delete',

  USER_ROLE_CREATE: 'user_role_create',
  USER_ROLE_READ: 'user_role_read',
  USER_ROLE_UPDATE: 'user_role_update',
  USER_ROLE_DELETE: 'user_role_delete',
} as const;

export type IdentityPermissionName = (typeof IdentityPermissionName)[keyof typeof IdentityPermissionName];

/** Permission names of the analysis platform (docs/product/analysis-platform.md §6). */
export const PlatformPermissionName = {
  EVENT_CREATE: 'event_create',
  EVENT_READ: 'event_read',
  EVENT_DELETE: 'event_delete',

  BUCKET_CREATE: 'bucket_create',
  BUCKET_UPDATE: 'bucket_update',
  BUCKET_DELETE: 'bucket_delete',

  LOG_CREATE: 'log_create',
  LOG_READ: 'log_read',
  LOG_DELETE: 'log_delete',

  PROJECT_CREATE: 'project_create',
  PROJECT_UPDATE: 'project_update',
  PROJECT_DELETE: 'project_delete',
  PROJECT_APPROVE: 'project_approve',

  REGISTRY_MANAGE: 'registry_manage',
  REGISTRY_PROJECT_MANAGE: 'registry_project_manage',

  NODE_CREATE: 'node_create',
  NODE_UPDATE: 'node_update',
  NODE_DELETE: 'node_delete',

  ANALYSIS_CREATE: 'analysis_create',
  ANALYSIS_UPDATE: 'analysis_update',
  ANALYSIS_DELETE: 'analysis_delete',
  ANALYSIS_APPROVE: 'analysis_approve',
  ANALYSIS_EXECUTION_START: 'analysis_execution_start',
  ANALYSIS_EXECUTION_STOP: 'analysis_execution_stop',
  ANALYSIS_RESULT_READ: 'analysis_result_read',
  ANALYSIS_SELF_MESSAGE_BROKER_USE: 'analysis_self_message_broker_use',
  ANALYSIS_SELF_STORAGE_USE: 'analysis_self_storage_use',

  MASTER_IMAGE_MANAGE: 'master_image_manage',
  MASTER_IMAGE_GROUP_MANAGE: 'master_image_group_manage',

  SERVICE_MANAGE: 'service_manage',
} as const;

export type PlatformPermissionName = (typeof PlatformPermissionName)[keyof typeof PlatformPermissionName];

/** Every built-in permission name of the product. */
export const PermissionName = { ...IdentityPermissionName, ...PlatformPermissionName } as const;
export type PermissionName = IdentityPermissionName | PlatformPermissionName;

export const IDENTITY_PERMISSION_NAMES = Object.values(IdentityPermissionName);
export const PLATFORM_PERMISSION_NAMES = Object.values(PlatformPermissionName);
/** Every built-in permission name; the seeder creates these and binds them to the admin role. */
export const PERMISSION_NAMES: readonly PermissionName[] = [
  ...IDENTITY_PERMISSION_NAMES,
  ...PLATFORM_PERMISSION_NAMES,
];

const permissionNameSet: ReadonlySet<string> = new Set(PERMISSION_NAMES);

/** Whether a string is one of the built-in permission names. */
export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && permissionNameSet.has(value);
}

/** A built-in permission name. */
export const PermissionNameSchema = z.enum(PERMISSION_NAMES as [PermissionName, ...PermissionName[]]);
