import { z } from 'zod';
import { RealmSchema } from '../auth/records.ts';
import { included, recordId, timestamp, timestamps } from '../records.ts';
import {
  ANALYSIS_BUCKET_TYPES,
  ANALYSIS_BUILD_STATUSES,
  ANALYSIS_RUN_STATUSES,
  APPROVAL_STATUSES,
  NODE_TYPES,
  REGISTRY_PROJECT_TYPES,
} from './constants.ts';
import { LOG_LEVEL_NAMES } from './analysis-validation.ts';
import { MasterImageCommandArgumentSchema, REGISTRY_KINDS } from './validation.ts';

/**
 * The hub records as `/core/{resource}` (and `/telemetry/events`) answer them
 * (docs/product/analysis-platform.md), one schema per resource. The server test
 * `record-schemas.test.ts` keeps their keys equal to the tables' columns.
 */

const realm = included(RealmSchema);

export const MasterImageGroupSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  path: z.string(),
  virtual_path: z.string(),
  ...timestamps,
});
export type MasterImageGroup = z.output<typeof MasterImageGroupSchema>;

export const MasterImageSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  path: z.string().nullable(),
  virtual_path: z.string(),
  group_virtual_path: z.string(),
  command: z.string().nullable(),
  command_arguments: z.array(MasterImageCommandArgumentSchema).nullable(),
  ...timestamps,
});
export type MasterImage = z.output<typeof MasterImageSchema>;

export const RegistrySchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  host: z.string(),
  /** `harbor` (managed through its API) or `oci` (any distribution-API registry). */
  kind: z.enum(REGISTRY_KINDS),
  account_name: z.string().nullable(),
  /** Sent when asked for (`fields=+account_secret`), to those who manage registries. */
  account_secret: z.string().nullable().optional(),
  ...timestamps,
});
export type Registry = z.output<typeof RegistrySchema>;

export const RegistryProjectSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  type: z.enum(REGISTRY_PROJECT_TYPES),
  public: z.boolean(),
  external_name: z.string(),
  external_id: z.string().nullable(),
  account_id: z.string().nullable(),
  account_name: z.string().nullable(),
  /** Sent when asked for (`fields=+account_secret`). */
  account_secret: z.string().nullable().optional(),
  webhook_name: z.string().nullable(),
  webhook_exists: z.boolean(),
  registry_id: z.string(),
  realm_id: z.string().nullable(),
  ...timestamps,
  registry: included(RegistrySchema),
  realm,
});
export type RegistryProject = z.output<typeof RegistryProjectSchema>;

export const NodeSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  external_name: z.string().nullable(),
  public_key: z.string().nullable(),
  hidden: z.boolean(),
  type: z.enum(NODE_TYPES),
  online: z.boolean(),
  registry_id: z.string().nullable(),
  registry_project_id: z.string().nullable(),
  robot_id: z.string().nullable(),
  realm_id: z.string(),
  ...timestamps,
  /** Only in the answer of the write that made the node's robot: shown once. */
  robot_secret: z.string().optional(),
  realm,
  registry: included(RegistrySchema),
  registry_project: included(RegistryProjectSchema),
});
export type Node = z.output<typeof NodeSchema>;

export const ProjectSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  description: z.string().nullable(),
  /** How many analyses and nodes the project has (kept by the server). */
  analyses: z.number().int(),
  nodes: z.number().int(),
  realm_id: z.string(),
  user_id: z.string().nullable(),
  robot_id: z.string().nullable(),
  master_image_id: z.string().nullable(),
  ...timestamps,
  master_image: included(MasterImageSchema),
  realm,
});
export type Project = z.output<typeof ProjectSchema>;

const approvalStatus = z.enum(APPROVAL_STATUSES).nullable();

export const ProjectNodeSchema = z.looseObject({
  id: recordId(),
  approval_status: approvalStatus,
  comment: z.string().nullable(),
  project_id: z.string(),
  project_realm_id: z.string(),
  node_id: z.string(),
  node_realm_id: z.string(),
  ...timestamps,
  project: included(ProjectSchema),
  node: included(NodeSchema),
});
export type ProjectNode = z.output<typeof ProjectNodeSchema>;

const runStatus = z.enum(ANALYSIS_RUN_STATUSES).nullable();

export const AnalysisSchema = z.looseObject({
  id: recordId(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  external_id: z.string().nullable(),
  nodes: z.number().int(),
  configuration_locked: z.boolean(),
  configuration_entrypoint_valid: z.boolean(),
  configuration_image_valid: z.boolean(),
  configuration_node_aggregator_valid: z.boolean(),
  configuration_node_default_valid: z.boolean(),
  configuration_nodes_valid: z.boolean(),
  build_status: z.enum(ANALYSIS_BUILD_STATUSES).nullable(),
  image_digest: z.string().nullable(),
  run_status: runStatus,
  image_command_arguments: z.array(MasterImageCommandArgumentSchema).nullable(),
  registry_id: z.string().nullable(),
  realm_id: z.string(),
  user_id: z.string().nullable(),
  project_id: z.string(),
  master_image_id: z.string().nullable(),
  ...timestamps,
  project: included(ProjectSchema),
  master_image: included(MasterImageSchema),
  registry: included(RegistrySchema),
  realm,
});
export type Analysis = z.output<typeof AnalysisSchema>;

export const AnalysisNodeSchema = z.looseObject({
  id: recordId(),
  approval_status: approvalStatus,
  run_status: runStatus,
  comment: z.string().nullable(),
  artifact_tag: z.string().nullable(),
  artifact_digest: z.string().nullable(),
  analysis_id: z.string(),
  analysis_realm_id: z.string(),
  node_id: z.string(),
  node_realm_id: z.string(),
  ...timestamps,
  analysis: included(AnalysisSchema),
  node: included(NodeSchema),
});
export type AnalysisNode = z.output<typeof AnalysisNodeSchema>;

export const AnalysisBucketSchema = z.looseObject({
  id: recordId(),
  type: z.enum(ANALYSIS_BUCKET_TYPES),
  external_id: z.string().nullable(),
  realm_id: z.string(),
  analysis_id: z.string(),
  ...timestamps,
  analysis: included(AnalysisSchema),
});
export type AnalysisBucket = z.output<typeof AnalysisBucketSchema>;

export const AnalysisBucketFileSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  /** The file the analysis starts with (its entrypoint). */
  root: z.boolean(),
  external_id: z.string(),
  robot_id: z.string().nullable(),
  user_id: z.string().nullable(),
  realm_id: z.string(),
  bucket_id: z.string(),
  analysis_id: z.string(),
  ...timestamps,
});
export type AnalysisBucketFile = z.output<typeof AnalysisBucketFileSchema>;

export const AnalysisPermissionSchema = z.looseObject({
  id: recordId(),
  analysis_id: z.string(),
  analysis_realm_id: z.string().nullable(),
  permission_id: z.string(),
  permission_realm_id: z.string().nullable(),
  policy_id: z.string().nullable(),
  ...timestamps,
});
export type AnalysisPermission = z.output<typeof AnalysisPermissionSchema>;

export const AnalysisNodeEventSchema = z.looseObject({
  id: recordId(),
  event_id: z.string().nullable(),
  analysis_id: z.string(),
  analysis_realm_id: z.string(),
  node_id: z.string(),
  node_realm_id: z.string(),
  ...timestamps,
  analysis: included(AnalysisSchema),
  node: included(NodeSchema),
});
export type AnalysisNodeEvent = z.output<typeof AnalysisNodeEventSchema>;

/** An audit event (`/telemetry/events`): who did what to which record, from where. */
export const AuditEventSchema = z.looseObject({
  id: recordId(),
  name: z.string(),
  scope: z.string(),
  ref_type: z.string(),
  ref_id: z.string().nullable(),
  realm_id: z.string().nullable(),
  actor_type: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  request_path: z.string().nullable(),
  request_method: z.string().nullable(),
  request_ip_address: z.string().nullable(),
  request_user_agent: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  expiring: z.boolean(),
  expires_at: timestamp().nullable(),
  ...timestamps,
});
export type AuditEvent = z.output<typeof AuditEventSchema>;

/**
 * One log line (`/telemetry/logs`, and an analysis' or analysis node's log: `/core/analysis-logs`,
 * `/core/analysis-node-logs`).
 */
export const LogLineRecordSchema = z.looseObject({
  id: recordId(),
  /** Nanoseconds since the epoch, as a decimal string. */
  time: z.string(),
  level: z.enum(LOG_LEVEL_NAMES),
  message: z.string(),
  service: z.string().nullable(),
  channel: z.enum(['http', 'websocket', 'background', 'system']),
  labels: z.record(z.string(), z.string()),
  realm_id: z.string().nullable(),
  created_at: timestamp(),
});
export type LogLineRecord = z.output<typeof LogLineRecordSchema>;
