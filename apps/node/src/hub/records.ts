import type { Analysis, AnalysisNode, Node, ProjectNode, RegistryProject } from '@federa/schemas';

/**
 * The hub records the agent works with: the fields it reads of the record types of `@federa/schemas`
 * (types only: the agent checks the answers by hand, `record-checks.ts`, and loads no zod).
 */

export type NodeRecord = Pick<
  Node,
  'id' | 'name' | 'type' | 'realm_id' | 'robot_id' | 'registry_id' | 'registry_project_id' | 'external_name'
>;

/** Where a node pulls its images: its registry's host and its registry project (both included). */
export interface NodeRegistry extends Pick<Node, 'registry_project_id'> {
  registry: { host: string } | null;
  registry_project: { external_name: string } | null;
}

export type ProjectNodeRecord = Pick<
  ProjectNode,
  'id' | 'project_id' | 'node_id' | 'approval_status' | 'project_realm_id' | 'node_realm_id'
>;

/** An analysis as far as the agent reads it; `image_digest` is the digest every node's copy has. */
export type AnalysisSummary = Pick<
  Analysis,
  | 'id'
  | 'name'
  | 'project_id'
  | 'realm_id'
  | 'nodes'
  | 'configuration_locked'
  | 'build_status'
  | 'run_status'
  | 'image_digest'
>;

export type AnalysisNodeRecord = Pick<
  AnalysisNode,
  | 'id'
  | 'analysis_id'
  | 'node_id'
  | 'approval_status'
  | 'run_status'
  | 'artifact_tag'
  | 'artifact_digest'
  | 'analysis_realm_id'
  | 'node_realm_id'
> & { analysis?: AnalysisSummary };

/** A registry project's pull account, which the hub shows the robot of the project's node only. */
export type RegistryProjectAccount = Required<Pick<RegistryProject, 'account_name' | 'account_secret'>>;

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
