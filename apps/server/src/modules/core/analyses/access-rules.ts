// The readers of analyses are shared with realtime and the web app, so they live in packages/schemas.
export { ANALYSIS_READERS } from '@federa/schemas';

export const LOCKED_MESSAGE = 'The analysis has already been locked and can therefore no longer be modified.';
export const APPROVAL_LOCKED_MESSAGE =
  'The analysis is locked right now. Its approvals can only change once the configuration is unlocked.';
export const NOT_NODE_AUTHORITY_MESSAGE =
  "You are either no authority of the node or you don't have the required permissions.";
export const NOT_PROJECT_NODE_MESSAGE = 'The referenced node is not part of the analysis project.';
export const HIDDEN_NODE_MESSAGE = 'The node is hidden and can not be part of an analysis.';
export const ONLY_USERS_MESSAGE = 'Only user accounts are permitted to create an analysis.';
export const ANALYSIS_MISSING_MESSAGE = 'The analysis does not exist.';
