import { PermissionName as P } from '@federa/schemas';
import type { RouteObject } from 'react-router';
import {
  IDENTITY_PROVIDERS_MENU,
  PERMISSIONS_MENU,
  POLICIES_MENU,
  REALMS_MENU,
  ROBOTS_MENU,
  ROLES_MENU,
  USERS_MENU,
} from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';
import { placeholder } from './placeholder.ts';

// Every identity section has the same shape: list and add as tabs of one page (a pathless layout
// route), then the detail page with its own tabs. The section carries its menu's permissions; the
// add form also needs the create permission.

const realmRoutes: RouteObject = {
  path: 'realms',
  handle: { requirePermissions: REALMS_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.realms'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.REALM_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    { path: ':id', lazy: placeholder('app.pages.realm') },
  ],
};

const identityProviderRoutes: RouteObject = {
  path: 'identity-providers',
  handle: { requirePermissions: IDENTITY_PROVIDERS_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.identityProviders'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.IDENTITY_PROVIDER_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    { path: ':id', lazy: placeholder('app.pages.identityProvider') },
  ],
};

const robotRoutes: RouteObject = {
  path: 'robots',
  handle: { requirePermissions: ROBOTS_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.robots'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.ROBOT_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    {
      path: ':id',
      lazy: placeholder('app.pages.robot'),
      children: [
        { index: true, lazy: placeholder('app.tabs.general') },
        { path: 'roles', lazy: placeholder('app.tabs.roles') },
        { path: 'permissions', lazy: placeholder('app.tabs.permissions') },
      ],
    },
  ],
};

const userRoutes: RouteObject = {
  path: 'users',
  handle: { requirePermissions: USERS_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.users'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.USER_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    {
      path: ':id',
      lazy: placeholder('app.pages.user'),
      children: [
        { index: true, lazy: placeholder('app.tabs.general') },
        { path: 'roles', lazy: placeholder('app.tabs.roles') },
        { path: 'permissions', lazy: placeholder('app.tabs.permissions') },
      ],
    },
  ],
};

const roleRoutes: RouteObject = {
  path: 'roles',
  handle: { requirePermissions: ROLES_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.roles'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.ROLE_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    {
      path: ':id',
      lazy: placeholder('app.pages.role'),
      children: [
        { index: true, lazy: placeholder('app.tabs.general') },
        { path: 'users', lazy: placeholder('app.tabs.users') },
        { path: 'permissions', lazy: placeholder('app.tabs.permissions') },
      ],
    },
  ],
};

const policyRoutes: RouteObject = {
  path: 'policies',
  handle: { requirePermissions: POLICIES_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.policies'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.PERMISSION_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    { path: ':id', lazy: placeholder('app.pages.policy') },
  ],
};

const permissionRoutes: RouteObject = {
  path: 'permissions',
  handle: { requirePermissions: PERMISSIONS_MENU } satisfies RouteHandle,
  children: [
    {
      lazy: placeholder('app.pages.permissions'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        {
          path: 'add',
          handle: { requirePermissions: [P.PERMISSION_CREATE] } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    {
      path: ':id',
      lazy: placeholder('app.pages.permission'),
      children: [
        { index: true, lazy: placeholder('app.tabs.general') },
        { path: 'roles', lazy: placeholder('app.tabs.roles') },
        { path: 'users', lazy: placeholder('app.tabs.users') },
        { path: 'robots', lazy: placeholder('app.tabs.robots') },
      ],
    },
  ],
};

/** Identity and access administration under /admin (identity-and-access §2). */
export const adminIdentityRoutes: RouteObject[] = [
  realmRoutes,
  identityProviderRoutes,
  robotRoutes,
  userRoutes,
  roleRoutes,
  policyRoutes,
  permissionRoutes,
];
