/**
 * Entity types of the hub core: realtime resource types and event `type`s (docs/product/analysis-platform.md
 * §3).
 */
export const CoreEntityType = {
  MASTER_IMAGE: 'masterImage',
  MASTER_IMAGE_GROUP: 'masterImageGroup',
  PROJECT: 'project',
  PROJECT_NODE: 'projectNode',
  REGISTRY: 'registry',
  REGISTRY_PROJECT: 'registryProject',
  NODE: 'node',
  ANALYSIS: 'analysis',
  ANALYSIS_BUCKET: 'analysisBucket',
  ANALYSIS_BUCKET_FILE: 'analysisBucketFile',
  ANALYSIS_LOG: 'analysisLog',
  ANALYSIS_NODE: 'analysisNode',
  ANALYSIS_NODE_EVENT: 'analysisNodeEvent',
  ANALYSIS_NODE_LOG: 'analysisNodeLog',
  ANALYSIS_PERMISSION: 'analysisPermission',
} as const;
export type CoreEntityType = (typeof CoreEntityType)[keyof typeof CoreEntityType];

/** Directional sub-rooms of two-sided records. */
export const CoreRelationType = {
  PROJECT_NODE_IN: 'projectNodeIn',
  PROJECT_NODE_OUT: 'projectNodeOut',
  ANALYSIS_NODE_IN: 'analysisNodeIn',
  ANALYSIS_NODE_OUT: 'analysisNodeOut',
} as const;
export type CoreRelationType = (typeof CoreRelationType)[keyof typeof CoreRelationType];

export const AnalysisBuildStatus = {
  STARTING: 'starting',
  STARTED: 'started',
  STOPPING: 'stopping',
  STOPPED: 'stopped',
  FINISHED: 'finished',
  FAILED: 'failed',
} as const;
export type AnalysisBuildStatus = (typeof AnalysisBuildStatus)[keyof typeof AnalysisBuildStatus];
export const ANALYSIS_BUILD_STATUSES = Object.values(AnalysisBuildStatus);

/** Run status of an analysis and of an analysis node. */
export const AnalysisRunStatus = {
  STARTING: 'starting',
  STARTED: 'started',
  RUNNING: 'running',
  STOPPING: 'stopping',
  STOPPED: 'stopped',
  FINISHED: 'finished',
  FAILED: 'failed',
} as const;
export type AnalysisRunStatus = (typeof AnalysisRunStatus)[keyof typeof AnalysisRunStatus];
export const ANALYSIS_RUN_STATUSES = Object.values(AnalysisRunStatus);

export const AnalysisResultStatus = {
  STARTED: 'started',
  DOWNLOADING: 'downloading',
  DOWNLOADED: 'downloaded',
  EXTRACTING: 'extracting',
  EXTRACTED: 'extracted',
  FINISHED: 'finished',
  FAILED: 'failed',
} as const;
export type AnalysisResultStatus = (typeof AnalysisResultStatus)[keyof typeof AnalysisResultStatus];

export const AnalysisConfigurationStatus = {
  NODES: 'nodes',
  MASTER_IMAGE: 'masterImage',
  FILES: 'files',
  FINISHED: 'finished',
} as const;
export type AnalysisConfigurationStatus =
  (typeof AnalysisConfigurationStatus)[keyof typeof AnalysisConfigurationStatus];

export const AnalysisCommand = {
  SPIN_UP: 'spinUp',
  TEAR_DOWN: 'tearDown',
  BUILD_START: 'buildStart',
  BUILD_STOP: 'buildStop',
  BUILD_STATUS: 'buildStatus',
  CONFIGURATION_LOCK: 'configurationLock',
  CONFIGURATION_UNLOCK: 'configurationUnlock',
} as const;
export type AnalysisCommand = (typeof AnalysisCommand)[keyof typeof AnalysisCommand];
export const ANALYSIS_COMMANDS = Object.values(AnalysisCommand);

export const AnalysisBucketType = { CODE: 'CODE', RESULT: 'RESULT', TEMP: 'TEMP' } as const;
export type AnalysisBucketType = (typeof AnalysisBucketType)[keyof typeof AnalysisBucketType];
export const ANALYSIS_BUCKET_TYPES = Object.values(AnalysisBucketType);

/**
 * The types a node can have (the longer list of docs/product/analysis-platform.md §3 mixes in registry
 * project types).
 */
export const NodeType = { AGGREGATOR: 'aggregator', DEFAULT: 'default' } as const;
export type NodeType = (typeof NodeType)[keyof typeof NodeType];
export const NODE_TYPES = Object.values(NodeType);

export const RegistryProjectType = {
  DEFAULT: 'default',
  AGGREGATOR: 'aggregator',
  INCOMING: 'incoming',
  OUTGOING: 'outgoing',
  MASTER_IMAGES: 'masterImages',
  NODE: 'node',
} as const;
export type RegistryProjectType = (typeof RegistryProjectType)[keyof typeof RegistryProjectType];
export const REGISTRY_PROJECT_TYPES = Object.values(RegistryProjectType);

export const ApprovalStatus = { APPROVED: 'approved', REJECTED: 'rejected' } as const;
export type ApprovalStatus = (typeof ApprovalStatus)[keyof typeof ApprovalStatus];
export const APPROVAL_STATUSES = Object.values(ApprovalStatus);

/** Registry tasks a node can request (`POST nodes/{id}/task`). */
export const NodeTaskName = {
  SETUP: 'setup',
  CLEANUP: 'cleanup',
  DELETE: 'delete',
  PROJECT_LINK: 'projectLink',
  PROJECT_UNLINK: 'projectUnlink',
} as const;
export type NodeTaskName = (typeof NodeTaskName)[keyof typeof NodeTaskName];
export const NODE_TASK_NAMES = Object.values(NodeTaskName);

export const MasterImageCommand = { SYNC: 'sync' } as const;
export type MasterImageCommand = (typeof MasterImageCommand)[keyof typeof MasterImageCommand];

export const REGISTRY_MASTER_IMAGE_PROJECT_NAME = 'master';
export const REGISTRY_INCOMING_PROJECT_NAME = 'incoming';
export const REGISTRY_OUTGOING_PROJECT_NAME = 'outgoing';
/** Where an analysis image carries its code files. */
export const ANALYSIS_CODE_PATH = '/opt/code/';
/**
 * An analysis needs this many nodes before its configuration can be locked (docs/product/analysis-platform.md
 * §9).
 */
export const ANALYSIS_MIN_NODES = 2;
