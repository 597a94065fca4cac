import type { RouteObject } from 'react-router';
import { AppLoading } from '../../components/AppLoading/AppLoading.tsx';
import type { RouteHandle } from '../../navigation/types.ts';
import { ErrorPage } from '../../pages/Error/ErrorPage.tsx';
import { NotFoundPage } from '../../pages/NotFound/NotFoundPage.tsx';
import { DefaultLayout } from '../layouts/DefaultLayout.tsx';
import { accountRoutes } from './account-routes.ts';
import { adminHomeRoute, adminHubRoutes } from './admin-hub-routes.ts';
import { adminIdentityRoutes } from './admin-identity-routes.ts';
import { analysisRoutes } from './analysis-routes.ts';
import { projectRoutes } from './project-routes.ts';

/**
 * The route table. Every route states its metadata in `handle` (`RouteHandle`): the navigation area
 * picks the side menu, the access requirements are read by the route guard. Screens load lazily;
 * the layout, the error page and the not-found page are part of the main bundle so they always work.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: DefaultLayout,
    // Errors of the layout itself: shown without the shell.
    ErrorBoundary: ErrorPage,
    HydrateFallback: AppLoading,
    children: [
      {
        // Errors of a screen: shown inside the shell, so the menus stay usable.
        ErrorBoundary: ErrorPage,
        children: [
          {
            handle: { navigation: 'default' } satisfies RouteHandle,
            children: [...accountRoutes, ...projectRoutes, ...analysisRoutes],
          },
          {
            path: 'admin',
            handle: { navigation: 'admin', requireLoggedIn: true } satisfies RouteHandle,
            children: [
              adminHomeRoute,
              ...adminIdentityRoutes,
              ...adminHubRoutes,
              { path: '*', Component: NotFoundPage },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
