import type { RouteObject } from 'react-router';
import {
  ANALYSIS_APPROVE,
  ANALYSIS_CREATE,
  ANALYSIS_LIST,
  PROJECT_APPROVE,
  PROJECT_CREATE,
  PROJECT_LIST,
  PROJECT_UPDATE,
  PROJECTS_MENU,
} from '../../navigation/permission-sets.ts';
import type { RouteHandle } from '../../navigation/types.ts';

const projects = () => import('../../pages/Projects/ProjectsPage.tsx');
const project = () => import('../../pages/Projects/ProjectPages.tsx');
const projectAnalyses = () => import('../../pages/Projects/ProjectAnalysesPages.tsx');

/** /projects (list, in, add) and /projects/:id (overview, analyses, settings). */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects',
    handle: { requireLoggedIn: true } satisfies RouteHandle,
    children: [
      {
        lazy: async () => ({ Component: (await projects()).ProjectsPage }),
        children: [
          {
            index: true,
            handle: { requirePermissions: PROJECT_LIST } satisfies RouteHandle,
            lazy: async () => ({ Component: (await projects()).ProjectListPage }),
          },
          {
            path: 'in',
            handle: { requirePermissions: PROJECT_APPROVE } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../../pages/Projects/ProjectNodesInPage.tsx')).ProjectNodesInPage,
            }),
          },
          {
            path: 'add',
            handle: { requirePermissions: PROJECT_CREATE } satisfies RouteHandle,
            lazy: async () => ({ Component: (await projects()).ProjectAddPage }),
          },
        ],
      },
      {
        path: ':id',
        lazy: async () => ({ Component: (await project()).ProjectLayout }),
        // Each page names what it needs (docs/product/analysis-platform.md §6): a node operator
        // holding only analysis_approve opens the project's incoming analyses.
        children: [
          {
            index: true,
            handle: { requirePermissions: PROJECTS_MENU } satisfies RouteHandle,
            lazy: async () => ({ Component: (await project()).ProjectOverviewPage }),
          },
          {
            path: 'analyses',
            lazy: async () => ({ Component: (await projectAnalyses()).ProjectAnalysesPage }),
            children: [
              {
                index: true,
                handle: { requirePermissions: ANALYSIS_LIST } satisfies RouteHandle,
                lazy: async () => ({ Component: (await projectAnalyses()).ProjectAnalysisListPage }),
              },
              {
                path: 'in',
                handle: { requirePermissions: ANALYSIS_APPROVE } satisfies RouteHandle,
                lazy: async () => ({ Component: (await projectAnalyses()).ProjectAnalysesInPage }),
              },
              {
                path: 'add',
                handle: { requirePermissions: ANALYSIS_CREATE } satisfies RouteHandle,
                lazy: async () => ({ Component: (await projectAnalyses()).ProjectAnalysisAddPage }),
              },
            ],
          },
          {
            path: 'settings',
            handle: { requirePermissions: PROJECT_UPDATE } satisfies RouteHandle,
            lazy: async () => ({ Component: (await project()).ProjectSettingsPage }),
          },
        ],
      },
    ],
  },
];
