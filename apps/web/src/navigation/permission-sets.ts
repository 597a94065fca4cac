import { PermissionName as P, PROJECT_READERS } from '@federa/schemas';
import type { PermissionName } from './types.ts';

// Each list gates a menu item and the routes behind it: holding any one name is enough
// (docs/product/analysis-platform.md §6, docs/product/identity-and-access.md §2 "Menu gating").

const ANALYSIS_WORK: readonly PermissionName[] = [
  P.ANALYSIS_CREATE,
  P.ANALYSIS_UPDATE,
  P.ANALYSIS_DELETE,
  P.ANALYSIS_APPROVE,
  P.ANALYSIS_EXECUTION_START,
  P.ANALYSIS_EXECUTION_STOP,
];

/**
 * Projects menu: any project or analysis permission, or reading analysis results: the names the
 * server lets read projects (shared with it and with realtime).
 */
export const PROJECTS_MENU: readonly PermissionName[] = PROJECT_READERS;

/** Analyses menu: any analysis permission. */
export const ANALYSES_MENU: readonly PermissionName[] = ANALYSIS_WORK;

/** Project list: project create, update, delete plus the analysis permissions. */
export const PROJECT_LIST: readonly PermissionName[] = [
  P.PROJECT_CREATE,
  P.PROJECT_UPDATE,
  P.PROJECT_DELETE,
  ...ANALYSIS_WORK,
  P.ANALYSIS_RESULT_READ,
];

/** Analysis list: create, update, delete, result read, execution start and stop. */
export const ANALYSIS_LIST: readonly PermissionName[] = [
  P.ANALYSIS_CREATE,
  P.ANALYSIS_UPDATE,
  P.ANALYSIS_DELETE,
  P.ANALYSIS_RESULT_READ,
  P.ANALYSIS_EXECUTION_START,
  P.ANALYSIS_EXECUTION_STOP,
];

export const PROJECT_CREATE: readonly PermissionName[] = [P.PROJECT_CREATE];
export const PROJECT_APPROVE: readonly PermissionName[] = [P.PROJECT_APPROVE];
export const PROJECT_UPDATE: readonly PermissionName[] = [P.PROJECT_UPDATE];
export const ANALYSIS_CREATE: readonly PermissionName[] = [P.ANALYSIS_CREATE];
export const ANALYSIS_APPROVE: readonly PermissionName[] = [P.ANALYSIS_APPROVE];

export const EVENTS_MENU: readonly PermissionName[] = [P.EVENT_READ, P.EVENT_DELETE];
export const NODES_MENU: readonly PermissionName[] = [P.NODE_CREATE, P.NODE_UPDATE, P.NODE_DELETE];
export const NODE_CREATE: readonly PermissionName[] = [P.NODE_CREATE];
export const SERVICES_MENU: readonly PermissionName[] = [P.SERVICE_MANAGE];
export const REGISTRY_MANAGE: readonly PermissionName[] = [P.REGISTRY_MANAGE];

/** Realms: realm create/update/delete, identity provider create/delete, or project_update. */
export const REALMS_MENU: readonly PermissionName[] = [
  P.REALM_CREATE,
  P.REALM_UPDATE,
  P.REALM_DELETE,
  P.IDENTITY_PROVIDER_CREATE,
  P.IDENTITY_PROVIDER_DELETE,
  P.PROJECT_UPDATE,
];
export const IDENTITY_PROVIDERS_MENU: readonly PermissionName[] = [
  P.IDENTITY_PROVIDER_CREATE,
  P.IDENTITY_PROVIDER_UPDATE,
  P.IDENTITY_PROVIDER_DELETE,
];
export const ROBOTS_MENU: readonly PermissionName[] = [P.ROBOT_CREATE, P.ROBOT_UPDATE, P.ROBOT_DELETE];
export const USERS_MENU: readonly PermissionName[] = [P.USER_CREATE, P.USER_UPDATE, P.USER_DELETE];
/** Roles: role and role-permission permissions. */
export const ROLES_MENU: readonly PermissionName[] = [
  P.ROLE_CREATE,
  P.ROLE_UPDATE,
  P.ROLE_DELETE,
  P.ROLE_PERMISSION_CREATE,
  P.ROLE_PERMISSION_DELETE,
];
export const PERMISSIONS_MENU: readonly PermissionName[] = [
  P.PERMISSION_CREATE,
  P.PERMISSION_UPDATE,
  P.PERMISSION_DELETE,
];
/** Policies: the permission permissions, and also permission read. */
export const POLICIES_MENU: readonly PermissionName[] = [...PERMISSIONS_MENU, P.PERMISSION_READ];

/**
 * Clients and scopes: not in the menu list of docs/product/identity-and-access.md §2, added after Permissions
 * so they are reachable.
 */
export const CLIENTS_MENU: readonly PermissionName[] = [P.CLIENT_CREATE, P.CLIENT_UPDATE, P.CLIENT_DELETE];
export const SCOPES_MENU: readonly PermissionName[] = [P.SCOPE_CREATE, P.SCOPE_UPDATE, P.SCOPE_DELETE];
