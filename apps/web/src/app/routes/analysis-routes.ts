import type { RouteObject } from 'react-router';
import {
  ANALYSIS_APPROVE,
  ANALYSIS_CREATE,
  ANALYSIS_LIST,
  PROJECTS_MENU,
} from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';

const analyses = () => import('../../pages/Analyses/AnalysesPage.tsx');
const analysis = () => import('../../pages/Analyses/AnalysisPages.tsx');

/** /analyses (list, in, add) and /analyses/:id (overview, setup, results). */
export const analysisRoutes: RouteObject[] = [
  {
    path: 'analyses',
    handle: { requireLoggedIn: true } satisfies RouteHandle,
    children: [
      {
        lazy: async () => ({ Component: (await analyses()).AnalysesPage }),
        children: [
          {
            index: true,
            handle: { requirePermissions: ANALYSIS_LIST } satisfies RouteHandle,
            lazy: async () => ({ Component: (await analyses()).AnalysisListPage }),
          },
          {
            path: 'in',
            handle: { requirePermissions: ANALYSIS_APPROVE } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../../pages/Analyses/AnalysisNodesInPage.tsx')).AnalysisNodesInPage,
            }),
          },
          {
            path: 'add',
            handle: { requirePermissions: ANALYSIS_CREATE } satisfies RouteHandle,
            lazy: async () => ({ Component: (await analyses()).AnalysisAddPage }),
          },
        ],
      },
      {
        path: ':id',
        // Anybody who works with analyses, including those who only read results.
        handle: { requirePermissions: PROJECTS_MENU } satisfies RouteHandle,
        lazy: async () => ({ Component: (await analysis()).AnalysisLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await analysis()).AnalysisOverviewPage }) },
          {
            path: 'setup',
            lazy: async () => ({
              Component: (await import('../../pages/Analyses/Setup/AnalysisSetupPage.tsx')).AnalysisSetupPage,
            }),
          },
          {
            path: 'results',
            lazy: async () => ({
              Component: (await import('../../pages/Analyses/Results/AnalysisResultsPage.tsx'))
                .AnalysisResultsPage,
            }),
          },
        ],
      },
    ],
  },
];
