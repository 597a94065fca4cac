import {
  AnalysisBucketFileSchema,
  AnalysisBucketSchema,
  AnalysisNodeSchema,
  AnalysisPermissionSchema,
  AnalysisSchema,
  LogLineRecordSchema,
  MasterImageGroupSchema,
  MasterImageSchema,
  NodeSchema,
  ProjectNodeSchema,
  ProjectSchema,
  type LogLineRecord,
  type Node,
} from '@federa/schemas';
import type { ResponseSchema } from '@federa/client';
import type { Identified } from './live/live-list.ts';
import type { ResourceRef } from './resource-types.ts';

function core<T extends Identified>(path: string, type: string, schema: ResponseSchema<T>): ResourceRef<T> {
  return { service: 'core', path, type, schema };
}

/** The hub resources the researcher and node operator screens read and write. */
export const hubResources = {
  projects: core('projects', 'project', ProjectSchema),
  projectNodes: core('project-nodes', 'projectNode', ProjectNodeSchema),
  /** Project nodes asked of the nodes of the signed-in realm (live events of the `projectNodeIn` room). */
  projectNodesIn: core('project-nodes', 'projectNodeIn', ProjectNodeSchema),
  nodes: core('nodes', 'node', NodeSchema),
  masterImages: core('master-images', 'masterImage', MasterImageSchema),
  masterImageGroups: core('master-image-groups', 'masterImageGroup', MasterImageGroupSchema),
  analyses: core('analyses', 'analysis', AnalysisSchema),
  analysisNodes: core('analysis-nodes', 'analysisNode', AnalysisNodeSchema),
  analysisNodesIn: core('analysis-nodes', 'analysisNodeIn', AnalysisNodeSchema),
  analysisBuckets: core('analysis-buckets', 'analysisBucket', AnalysisBucketSchema),
  analysisBucketFiles: core('analysis-bucket-files', 'analysisBucketFile', AnalysisBucketFileSchema),
  analysisPermissions: core('analysis-permissions', 'analysisPermission', AnalysisPermissionSchema),
  analysisLogs: core('analysis-logs', 'analysisLog', LogLineRecordSchema),
  analysisNodeLogs: core('analysis-node-logs', 'analysisNodeLog', LogLineRecordSchema),
} as const satisfies Record<string, ResourceRef>;

export type {
  Analysis,
  AnalysisBucket,
  AnalysisBucketFile,
  AnalysisNode,
  MasterImage,
  MasterImageGroup,
  Project,
  ProjectNode,
} from '@federa/schemas';
/** A node of the hub (`Node` would hide the DOM's). */
export type HubNode = Node;
/** One line of an analysis' or analysis node's log. */
export type AnalysisLogEntry = LogLineRecord;
