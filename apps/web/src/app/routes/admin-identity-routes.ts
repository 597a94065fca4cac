import { PermissionName as P } from '@federa/schemas';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import {
  CLIENTS_MENU,
  IDENTITY_PROVIDERS_MENU,
  PERMISSIONS_MENU,
  POLICIES_MENU,
  REALMS_MENU,
  ROBOTS_MENU,
  ROLES_MENU,
  SCOPES_MENU,
  USERS_MENU,
} from '../../navigation/permission-sets.ts';
import type { PermissionName, RouteHandle } from '../../navigation/types.ts';

// Every identity section has the same shape: list and add as tabs of one page (a pathless layout
// route), then the detail page with its own tabs. The section carries its menu's permissions; the
// add form also needs the create permission. Page modules load on first visit.

/** `lazy` for a screen exported by name from a page module. */
function screen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const handle = (requirePermissions: readonly PermissionName[]): RouteHandle => ({ requirePermissions });

interface SectionOptions<M extends Record<string, unknown>> {
  readonly path: string;
  readonly permissions: readonly PermissionName[];
  readonly createPermission: PermissionName;
  readonly load: () => Promise<M>;
  /** Exported names of the section layout, list and add screens. */
  readonly section: keyof M & string;
  readonly list: keyof M & string;
  readonly add: keyof M & string;
  /** The record page, and its tabs (`index` = the general tab). */
  readonly detail: keyof M & string;
  readonly tabs?: ReadonlyArray<{ readonly path?: string; readonly screen: keyof M & string }>;
}

function section<M extends Record<string, unknown>>(options: SectionOptions<M>): RouteObject {
  const { load } = options;
  return {
    path: options.path,
    handle: handle(options.permissions),
    children: [
      {
        lazy: screen(load, options.section),
        children: [
          { index: true, lazy: screen(load, options.list) },
          { path: 'add', handle: handle([options.createPermission]), lazy: screen(load, options.add) },
        ],
      },
      {
        path: ':id',
        lazy: screen(load, options.detail),
        children: options.tabs?.map((tab) =>
          tab.path === undefined
            ? { index: true, lazy: screen(load, tab.screen) }
            : { path: tab.path, lazy: screen(load, tab.screen) },
        ),
      },
    ],
  };
}

const realmRoutes = section({
  path: 'realms',
  permissions: REALMS_MENU,
  createPermission: P.REALM_CREATE,
  load: () => import('../../pages/Realms/RealmPages.tsx'),
  section: 'RealmsPage',
  list: 'RealmListPage',
  add: 'RealmAddPage',
  detail: 'RealmDetailPage',
  tabs: [{ screen: 'RealmGeneralPage' }],
});

const identityProviderRoutes: RouteObject = {
  path: 'identity-providers',
  handle: handle(IDENTITY_PROVIDERS_MENU),
  children: [
    {
      lazy: screen(
        () => import('../../pages/IdentityProviders/IdentityProvidersPage.tsx'),
        'IdentityProvidersPage',
      ),
      children: [
        {
          index: true,
          lazy: screen(
            () => import('../../pages/IdentityProviders/IdentityProviderListPage.tsx'),
            'IdentityProviderListPage',
          ),
        },
        {
          path: 'add',
          handle: handle([P.IDENTITY_PROVIDER_CREATE]),
          lazy: screen(
            () => import('../../pages/IdentityProviders/IdentityProviderAddPage.tsx'),
            'IdentityProviderAddPage',
          ),
        },
      ],
    },
    {
      path: ':id',
      lazy: screen(
        () => import('../../pages/IdentityProviders/IdentityProviderDetailPage.tsx'),
        'IdentityProviderDetailPage',
      ),
    },
  ],
};

const robotRoutes = section({
  path: 'robots',
  permissions: ROBOTS_MENU,
  createPermission: P.ROBOT_CREATE,
  load: () => import('../../pages/Robots/RobotPages.tsx'),
  section: 'RobotsPage',
  list: 'RobotListPage',
  add: 'RobotAddPage',
  detail: 'RobotDetailPage',
  tabs: [
    { screen: 'RobotGeneralPage' },
    { path: 'roles', screen: 'RobotRolesPage' },
    { path: 'permissions', screen: 'RobotPermissionsPage' },
  ],
});

const userRoutes = section({
  path: 'users',
  permissions: USERS_MENU,
  createPermission: P.USER_CREATE,
  load: () => import('../../pages/Users/UserPages.tsx'),
  section: 'UsersPage',
  list: 'UserListPage',
  add: 'UserAddPage',
  detail: 'UserDetailPage',
  tabs: [
    { screen: 'UserGeneralPage' },
    { path: 'roles', screen: 'UserRolesPage' },
    { path: 'permissions', screen: 'UserPermissionsPage' },
  ],
});

const roleRoutes = section({
  path: 'roles',
  permissions: ROLES_MENU,
  createPermission: P.ROLE_CREATE,
  load: () => import('../../pages/Roles/RolePages.tsx'),
  section: 'RolesPage',
  list: 'RoleListPage',
  add: 'RoleAddPage',
  detail: 'RoleDetailPage',
  tabs: [
    { screen: 'RoleGeneralPage' },
    { path: 'users', screen: 'RoleUsersPage' },
    { path: 'permissions', screen: 'RolePermissionsPage' },
  ],
});

const policyRoutes: RouteObject = {
  path: 'policies',
  handle: handle(POLICIES_MENU),
  children: [
    {
      lazy: screen(() => import('../../pages/Policies/PoliciesPage.tsx'), 'PoliciesPage'),
      children: [
        {
          index: true,
          lazy: screen(() => import('../../pages/Policies/PolicyListPage.tsx'), 'PolicyListPage'),
        },
        {
          path: 'add',
          handle: handle([P.PERMISSION_CREATE]),
          lazy: screen(() => import('../../pages/Policies/PolicyAddPage.tsx'), 'PolicyAddPage'),
        },
      ],
    },
    {
      path: ':id',
      lazy: screen(() => import('../../pages/Policies/PolicyDetailPage.tsx'), 'PolicyDetailPage'),
    },
  ],
};

const permissionRoutes = section({
  path: 'permissions',
  permissions: PERMISSIONS_MENU,
  createPermission: P.PERMISSION_CREATE,
  load: () => import('../../pages/Permissions/PermissionPages.tsx'),
  section: 'PermissionsPage',
  list: 'PermissionListPage',
  add: 'PermissionAddPage',
  detail: 'PermissionDetailPage',
  tabs: [
    { screen: 'PermissionGeneralPage' },
    { path: 'roles', screen: 'PermissionRolesPage' },
    { path: 'users', screen: 'PermissionUsersPage' },
    { path: 'robots', screen: 'PermissionRobotsPage' },
    { path: 'check', screen: 'PermissionCheckPage' },
  ],
});

const clientRoutes = section({
  path: 'clients',
  permissions: CLIENTS_MENU,
  createPermission: P.CLIENT_CREATE,
  load: () => import('../../pages/Clients/ClientPages.tsx'),
  section: 'ClientsPage',
  list: 'ClientListPage',
  add: 'ClientAddPage',
  detail: 'ClientDetailPage',
  tabs: [
    { screen: 'ClientGeneralPage' },
    { path: 'permissions', screen: 'ClientPermissionsPage' },
    { path: 'roles', screen: 'ClientRolesPage' },
    { path: 'scopes', screen: 'ClientScopesPage' },
  ],
});

const scopeRoutes = section({
  path: 'scopes',
  permissions: SCOPES_MENU,
  createPermission: P.SCOPE_CREATE,
  load: () => import('../../pages/Scopes/ScopePages.tsx'),
  section: 'ScopesPage',
  list: 'ScopeListPage',
  add: 'ScopeAddPage',
  detail: 'ScopeDetailPage',
  tabs: [{ screen: 'ScopeGeneralPage' }],
});

/** Identity and access administration under /admin (docs/product/identity-and-access.md §2). */
export const adminIdentityRoutes: RouteObject[] = [
  realmRoutes,
  identityProviderRoutes,
  robotRoutes,
  userRoutes,
  roleRoutes,
  policyRoutes,
  permissionRoutes,
  clientRoutes,
  scopeRoutes,
];
