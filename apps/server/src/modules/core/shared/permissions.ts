import { PlatformPermissionName as P } from '@federa/schemas';

/** What a node's robot may do: approve projects and analyses for its node (as in the original hub). */
export const NODE_ROBOT_PERMISSIONS = [P.ANALYSIS_APPROVE, P.ANALYSIS_UPDATE, P.PROJECT_APPROVE] as const;
