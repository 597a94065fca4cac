import type { RouteObject } from 'react-router';
import { ANALYSIS_APPROVE, ANALYSIS_CREATE, ANALYSIS_LIST } from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';
import { placeholder } from './placeholder.ts';

/** /analyses (list, in, add) and /analyses/:id (overview, setup, results). */
export const analysisRoutes: RouteObject[] = [
  {
    path: 'analyses',
    handle: { requireLoggedIn: true } satisfies RouteHandle,
    children: [
      {
        lazy: placeholder('app.pages.analyses'),
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
        path: ':id',
        lazy: placeholder('app.pages.analysis'),
        children: [
          { index: true, lazy: placeholder('app.tabs.overview') },
          { path: 'setup', lazy: placeholder('app.tabs.configuration') },
          { path: 'results', lazy: placeholder('app.tabs.results') },
        ],
      },
    ],
  },
];
