import type { MasterImageCommandArgument } from '@federa/schemas';
import type { ResourceRef } from './resource-types.ts';

const core = (path: string, type: string): ResourceRef => ({ service: 'core', path, type });

/** The hub resources the researcher and node operator screens read and write. */
export const hubResources = {
  projects: core('projects', 'project'),
  projectNodes: core('project-nodes', 'projectNode'),
  /** Project nodes asked of the nodes of the signed-in realm (live events of the `projectNodeIn` room). */
  projectNodesIn: core('project-nodes', 'projectNodeIn'),
  nodes: core('nodes', 'node'),
  masterImages: core('master-images', 'masterImage'),
  masterImageGroups: core('master-image-groups', 'masterImageGroup'),
  analyses: core('analyses', 'analysis'),
  analysisNodes: core('analysis-nodes', 'analysisNode'),
  analysisNodesIn: core('analysis-nodes', 'analysisNodeIn'),
  analysisBuckets: core('analysis-buckets', 'analysisBucket'),
  analysisBucketFiles: core('analysis-bucket-files', 'analysisBucketFile'),
  analysisPermissions: core('analysis-permissions', 'analysisPermission'),
  analysisLogs: core('analysis-logs', 'analysisLog'),
  analysisNodeLogs: core('analysis-node-logs', 'analysisNodeLog'),
} as const satisfies Record<string, ResourceRef>;

interface Timestamped {
  readonly id: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface MasterImage extends Timestamped {
  readonly name: string;
  readonly path: string;
  readonly virtual_path: string;
  readonly group_virtual_path: string;
  readonly command?: string | null;
  readonly command_arguments?: MasterImageCommandArgument[] | null;
}

export interface MasterImageGroup extends Timestamped {
  readonly name: string;
  readonly path: string;
  readonly virtual_path: string;
}

export interface HubNode extends Timestamped {
  readonly name: string;
  readonly type: string;
  readonly hidden?: boolean;
  readonly realm_id: string;
  readonly registry_id?: string | null;
  readonly external_name?: string | null;
}

export interface Project extends Timestamped {
  readonly name: string;
  readonly description?: string | null;
  readonly analyses: number;
  readonly nodes: number;
  readonly master_image_id?: string | null;
  readonly master_image?: MasterImage | null;
  readonly realm_id: string;
  readonly user_id?: string | null;
  readonly robot_id?: string | null;
  readonly user?: {
    readonly id: string;
    readonly name: string;
    readonly display_name?: string | null;
  } | null;
}

export interface ProjectNode extends Timestamped {
  readonly approval_status: string | null;
  readonly comment?: string | null;
  readonly project_id: string;
  readonly node_id: string;
  readonly project_realm_id: string;
  readonly node_realm_id: string;
  readonly project?: Project | null;
  readonly node?: HubNode | null;
}

export interface Analysis extends Timestamped {
  readonly name: string | null;
  readonly description?: string | null;
  readonly project_id: string;
  readonly project?: Pick<Project, 'id' | 'name'> | null;
  readonly realm_id: string;
  readonly user_id?: string | null;
  readonly master_image_id?: string | null;
  readonly master_image?: MasterImage | null;
  readonly image_command_arguments?: MasterImageCommandArgument[] | null;
  readonly nodes: number;
  readonly configuration_locked: boolean;
  readonly build_status: string | null;
  readonly run_status: string | null;
  readonly external_id?: string | null;
  // Kept current by the server once it provides them; computed on the client until then.
  readonly configuration_entrypoint_valid?: boolean;
  readonly configuration_image_valid?: boolean;
  readonly configuration_node_aggregator_valid?: boolean;
  readonly configuration_node_default_valid?: boolean;
  readonly configuration_nodes_valid?: boolean;
}

export interface AnalysisNode extends Timestamped {
  readonly approval_status: string | null;
  readonly run_status: string | null;
  readonly comment?: string | null;
  readonly analysis_id: string;
  readonly node_id: string;
  readonly analysis_realm_id: string;
  readonly node_realm_id: string;
  readonly analysis?: Analysis | null;
  readonly node?: HubNode | null;
}

export interface AnalysisBucket extends Timestamped {
  readonly type: string;
  readonly external_id: string | null;
  readonly analysis_id: string;
}

export interface AnalysisBucketFile extends Timestamped {
  readonly name: string;
  readonly root: boolean;
  readonly external_id: string;
  readonly bucket_id: string;
  readonly analysis_id: string;
}

export interface AnalysisLogEntry {
  readonly id?: string;
  readonly time: string;
  readonly level: string;
  readonly message: string;
  readonly labels?: Record<string, string> | null;
}
