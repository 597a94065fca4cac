/** The hub records the agent works with (the fields it reads). */

export interface NodeRecord {
  id: string;
  name: string;
  type: 'default' | 'aggregator';
  realm_id: string;
  robot_id: string;
  registry_id: string | null;
  registry_project_id: string | null;
  external_name: string | null;
}

export interface ProjectNodeRecord {
  id: string;
  project_id: string;
  node_id: string;
  approval_status: 'approved' | 'rejected' | null;
  project_realm_id: string;
  node_realm_id: string;
}

export interface AnalysisSummary {
  id: string;
  name: string | null;
  project_id: string;
  realm_id: string;
  nodes: number;
  configuration_locked: boolean;
  build_status: string | null;
  run_status: string | null;
  /** The manifest digest of the built image, which every node's copy has. */
  image_digest?: string | null;
}

export interface AnalysisNodeRecord {
  id: string;
  analysis_id: string;
  node_id: string;
  approval_status: 'approved' | 'rejected' | null;
  run_status: string | null;
  artifact_tag: string | null;
  artifact_digest: string | null;
  analysis_realm_id: string;
  node_realm_id: string;
  analysis?: AnalysisSummary;
}

/** The image digest the hub recorded for a node's copy of the analysis' image, if the build finished. */
export function recordedDigest(record: AnalysisNodeRecord): string | undefined {
  return record.artifact_digest ?? record.analysis?.image_digest ?? undefined;
}

export interface StoredFile {
  id: string;
  name: string;
  path: string;
  directory: string;
  size: number;
  actor_id: string;
}

export interface RegistryCredentials {
  host: string;
  projectName: string;
  username: string | null;
  password: string | null;
}
