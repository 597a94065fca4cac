import type { RouteObject } from 'react-router';
import {
  ANALYSIS_APPROVE,
  ANALYSIS_CREATE,
  ANALYSIS_LIST,
  PROJECT_APPROVE,
  PROJECT_CREATE,
  PROJECT_LIST,
  PROJECT_UPDATE,
} from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';
import { placeholder } from './placeholder.ts';

/** /projects (list, in, add) and /projects/:id (overview, analyses, settings). */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects',
    handle: { requireLoggedIn: true } satisfies RouteHandle,
    children: [
      {
        lazy: placeholder('app.pages.projects'),
        children: [
          {
            index: true,
            handle: { requirePermissions: PROJECT_LIST } satisfies RouteHandle,
            lazy: placeholder('app.tabs.overview'),
          },
          {
            path: 'in',
            handle: { requirePermissions: PROJECT_APPROVE } satisfies RouteHandle,
            lazy: placeholder('app.tabs.incoming'),
          },
          {
            path: 'add',
            handle: { requirePermissions: PROJECT_CREATE } satisfies RouteHandle,
            lazy: placeholder('app.tabs.add'),
          },
        ],
      },
      {
        path: ':id',
        lazy: placeholder('app.pages.project'),
        children: [
          { index: true, lazy: placeholder('app.tabs.overview') },
          {
            path: 'analyses',
            lazy: placeholder('app.tabs.analyses'),
            children: [
              {
                index: true,
                handle: { requirePermissions: ANALYSIS_LIST } satisfies RouteHandle,
                lazy: placeholder('app.tabs.overview'),
              },
              {
                path: 'in',
                handle: { requirePermissions: ANALYSIS_APPROVE } satisfies RouteHandle,
                lazy: placeholder('app.tabs.incoming'),
              },
              {
                path: 'add',
                handle: { requirePermissions: ANALYSIS_CREATE } satisfies RouteHandle,
                lazy: placeholder('app.tabs.add'),
              },
            ],
          },
          {
            path: 'settings',
            handle: { requirePermissions: PROJECT_UPDATE } satisfies RouteHandle,
            lazy: placeholder('app.tabs.settings'),
          },
        ],
      },
    ],
  },
];
