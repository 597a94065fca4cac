import { PermissionName as P } from '@federa/schemas';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import {
  EVENTS_MENU,
  NODE_CREATE,
  NODES_MENU,
  REGISTRY_MANAGE,
  SERVICES_MENU,
} from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';

/** `lazy` for a screen exported by name from a page module. */
function screen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const nodes = () => import('../../pages/Nodes/NodeScreens.ts');
const registries = () => import('../../pages/Registries/RegistryPages.tsx');
const nodesMenu = { requirePermissions: NODES_MENU } satisfies RouteHandle;
const registryManage = { requirePermissions: REGISTRY_MANAGE } satisfies RouteHandle;

/** /admin/nodes (list, add) and /admin/nodes/:id (overview, robot, crypto, registry). */
const nodeRoutes: RouteObject = {
  path: 'nodes',
  children: [
    {
      lazy: screen(nodes, 'NodesPage'),
      children: [
        { index: true, handle: nodesMenu, lazy: screen(nodes, 'NodeListPage') },
        {
          path: 'add',
          handle: { requirePermissions: NODE_CREATE } satisfies RouteHandle,
          lazy: screen(nodes, 'NodeAddPage'),
        },
      ],
    },
    {
      path: ':id',
      handle: nodesMenu,
      lazy: screen(nodes, 'NodeDetailPage'),
      children: [
        { index: true, lazy: screen(nodes, 'NodeOverviewPage') },
        { path: 'robot', lazy: screen(nodes, 'NodeRobotPage') },
        { path: 'crypto', lazy: screen(nodes, 'NodeCryptoPage') },
        { path: 'registry', lazy: screen(nodes, 'NodeRegistryPage') },
      ],
    },
  ],
};

/** /admin/services/registry/:id/projects (list, add) and /admin/services/registry/:id/projects/:project_id. */
const registryProjectRoutes: RouteObject[] = [
  {
    path: 'projects',
    lazy: screen(registries, 'RegistryProjectsPage'),
    children: [
      { index: true, lazy: screen(registries, 'RegistryProjectListPage') },
      { path: 'add', lazy: screen(registries, 'RegistryProjectAddPage') },
    ],
  },
  { path: 'projects/:project_id', lazy: screen(registries, 'RegistryProjectDetailPage') },
];

/** /admin/services, its registries (list, add, robot; per registry setup, cleanup, projects) and master images. */
const serviceRoutes: RouteObject = {
  path: 'services',
  children: [
    {
      index: true,
      handle: { requirePermissions: SERVICES_MENU } satisfies RouteHandle,
      lazy: screen(() => import('../../pages/Registries/ServicesPage.tsx'), 'ServicesPage'),
    },
    {
      path: 'registry',
      children: [
        {
          // Registries are read and changed with registry_manage only (the server's rule).
          handle: registryManage,
          lazy: screen(registries, 'RegistriesPage'),
          children: [
            { index: true, lazy: screen(registries, 'RegistryListPage') },
            { path: 'add', lazy: screen(registries, 'RegistryAddPage') },
            { path: 'robot', lazy: screen(registries, 'RegistryRobotPage') },
          ],
        },
        {
          path: ':id',
          handle: registryManage,
          lazy: screen(registries, 'RegistryDetailPage'),
          children: [
            { index: true, lazy: screen(registries, 'RegistryOverviewPage') },
            { path: 'setup', lazy: screen(registries, 'RegistrySetupPage') },
            { path: 'cleanup', lazy: screen(registries, 'RegistryCleanupPage') },
            ...registryProjectRoutes,
          ],
        },
      ],
    },
    {
      path: 'master-images',
      handle: { requirePermissions: [P.MASTER_IMAGE_MANAGE, P.SERVICE_MANAGE] } satisfies RouteHandle,
      lazy: screen(() => import('../../pages/MasterImages/MasterImagesPage.tsx'), 'MasterImagesPage'),
    },
  ],
};

const events = () => import('../../pages/Events/EventPages.tsx');

/** /admin/events (list) and /admin/events/:id. */
const eventRoutes: RouteObject = {
  path: 'events',
  handle: { requirePermissions: EVENTS_MENU } satisfies RouteHandle,
  children: [
    { index: true, lazy: screen(events, 'EventListPage') },
    { path: ':id', lazy: screen(events, 'EventDetailPage') },
  ],
};

/** The administration landing page (/admin). */
export const adminHomeRoute: RouteObject = {
  index: true,
  lazy: screen(() => import('../../pages/AdminHome/AdminHomePage.tsx'), 'AdminHomePage'),
};

/** Hub administration: nodes, services (registries, master images) and events. */
export const adminHubRoutes: RouteObject[] = [nodeRoutes, serviceRoutes, eventRoutes];
