import { PlatformPermissionName as P } from '@federa/schemas';

/**
 * Whoever works with projects or analyses may read projects and their nodes
 * (docs/product/analysis-platform.md §6, Projects menu).
 */
export const PROJECT_READERS = [
  P.PROJECT_CREATE,
  P.PROJECT_UPDATE,
  P.PROJECT_DELETE,
  P.PROJECT_APPROVE,
  P.ANALYSIS_CREATE,
  P.ANALYSIS_UPDATE,
  P.ANALYSIS_DELETE,
  P.ANALYSIS_APPROVE,
  P.ANALYSIS_EXECUTION_START,
  P.ANALYSIS_EXECUTION_STOP,
  P.ANALYSIS_RESULT_READ,
] as const;

/** Node lists serve node administration and the project-node selection. */
export const NODE_READERS = [P.NODE_CREATE, P.NODE_UPDATE, P.NODE_DELETE, ...PROJECT_READERS] as const;

/** What a node's robot may do: approve projects and analyses for its node (as in the original hub). */
export const NODE_ROBOT_PERMISSIONS = [P.ANALYSIS_APPROVE, P.ANALYSIS_UPDATE, P.PROJECT_APPROVE] as const;
