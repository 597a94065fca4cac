import type { RouteObject } from 'react-router';
import {
  EVENTS_MENU,
  NODE_CREATE,
  NODES_MENU,
  REGISTRY_MANAGE,
  SERVICES_MENU,
} from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';
import { placeholder } from './placeholder.ts';

const registryManage = { requirePermissions: REGISTRY_MANAGE } satisfies RouteHandle;

/** /admin/nodes (list, add) and /admin/nodes/:id (overview, robot, crypto, registry). */
const nodeRoutes: RouteObject = {
  path: 'nodes',
  children: [
    {
      lazy: placeholder('app.pages.nodes'),
      children: [
        {
          index: true,
          handle: { requirePermissions: NODES_MENU } satisfies RouteHandle,
          lazy: placeholder('app.tabs.overview'),
        },
        {
          path: 'add',
          handle: { requirePermissions: NODE_CREATE } satisfies RouteHandle,
          lazy: placeholder('app.tabs.add'),
        },
      ],
    },
    {
      path: ':id',
      handle: { requirePermissions: NODES_MENU } satisfies RouteHandle,
      lazy: placeholder('app.pages.node'),
      children: [
        { index: true, lazy: placeholder('app.tabs.overview') },
        { path: 'robot', lazy: placeholder('app.tabs.robot') },
        { path: 'crypto', lazy: placeholder('app.tabs.crypto') },
        { path: 'registry', lazy: placeholder('app.tabs.registry') },
      ],
    },
  ],
};

/** /admin/services/registry/:id/projects (list, add) and /admin/services/registry/:id/projects/:project_id. */
const registryProjectRoutes: RouteObject = {
  path: 'projects',
  children: [
    {
      lazy: placeholder('app.pages.registryProjects'),
      children: [
        { index: true, handle: registryManage, lazy: placeholder('app.tabs.overview') },
        { path: 'add', handle: registryManage, lazy: placeholder('app.tabs.add') },
      ],
    },
    { path: ':project_id', lazy: placeholder('app.pages.registryProject') },
  ],
};

/** /admin/services, its registries (list, add, robot; per registry setup, cleanup, projects) and master images. */
const serviceRoutes: RouteObject = {
  path: 'services',
  children: [
    {
      index: true,
      handle: { requirePermissions: SERVICES_MENU } satisfies RouteHandle,
      lazy: placeholder('app.pages.services'),
    },
    {
      path: 'registry',
      children: [
        {
          lazy: placeholder('app.pages.registries'),
          children: [
            { index: true, lazy: placeholder('app.tabs.overview') },
            { path: 'add', lazy: placeholder('app.tabs.add') },
            { path: 'robot', lazy: placeholder('app.tabs.robot') },
          ],
        },
        {
          path: ':id',
          lazy: placeholder('app.pages.registry'),
          children: [
            { index: true, lazy: placeholder('app.tabs.overview') },
            { path: 'setup', lazy: placeholder('app.tabs.setup') },
            { path: 'cleanup', handle: registryManage, lazy: placeholder('app.tabs.cleanup') },
            registryProjectRoutes,
          ],
        },
      ],
    },
    { path: 'master-images', lazy: placeholder('app.pages.masterImages') },
  ],
};

/** /admin/events (list) and /admin/events/:id. */
const eventRoutes: RouteObject = {
  path: 'events',
  handle: { requirePermissions: EVENTS_MENU } satisfies RouteHandle,
  children: [
    { index: true, lazy: placeholder('app.pages.events') },
    { path: ':id', lazy: placeholder('app.pages.event') },
  ],
};

/** Hub administration: nodes, services (registries, master images) and events. */
export const adminHubRoutes: RouteObject[] = [nodeRoutes, serviceRoutes, eventRoutes];
