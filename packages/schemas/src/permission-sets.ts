import { PlatformPermissionName as P } from './permissions.ts';

/*
 * Permission sets several places must agree on: the server's list and read routes, the realtime
 * subscriptions (a socket must not see what a list request would refuse) and the web app's menus.
 * Holding any one name of a set is enough.
 */

/**
 * Whoever works with analyses may read them and what belongs to them
 * (docs/product/analysis-platform.md §6, analysis list).
 */
export const ANALYSIS_READERS = [
  P.ANALYSIS_CREATE,
  P.ANALYSIS_UPDATE,
  P.ANALYSIS_DELETE,
  P.ANALYSIS_APPROVE,
  P.ANALYSIS_EXECUTION_START,
  P.ANALYSIS_EXECUTION_STOP,
  P.ANALYSIS_RESULT_READ,
] as const;

/**
 * Whoever works with projects or analyses may read projects and their nodes; the Projects menu
 * shows for the same names (docs/product/analysis-platform.md §6, Projects menu).
 */
export const PROJECT_READERS = [
  P.PROJECT_CREATE,
  P.PROJECT_UPDATE,
  P.PROJECT_DELETE,
  P.PROJECT_APPROVE,
  ...ANALYSIS_READERS,
] as const;

/** Node lists serve node administration and the project-node selection. */
export const NODE_READERS = [P.NODE_CREATE, P.NODE_UPDATE, P.NODE_DELETE, ...PROJECT_READERS] as const;
