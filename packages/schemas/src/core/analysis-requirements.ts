import { ApprovalStatus, NodeType } from './constants.ts';
import type { CommandCheckResult } from './analysis-commands.ts';

/** A node of an analysis, as far as locking and building need it. */
export interface AnalysisRequirementNode {
  name?: string | null;
  type: string;
  approval_status: string | null | undefined;
  registry_id?: string | null;
}

/**
 * What `configurationLock` needs beyond the state checks, as the original hub checks it
 * (docs/product/analysis-platform.md §4).
 */
export interface AnalysisLockFacts {
  /** The CODE bucket of the analysis exists. */
  codeBucket: boolean;
  /** A file of the CODE bucket is marked as entrypoint. */
  entrypoint: boolean;
  nodes: readonly AnalysisRequirementNode[];
}

export const AnalysisRequirementMessage = {
  CODE_BUCKET_MISSING: 'The analysis bucket for code files does not exist.',
  ENTRYPOINT_MISSING: 'At least one code file must be uploaded and at least one entrypoint file is required.',
  NODE_NOT_APPROVED: 'At least one node has not approved the analysis.',
  AGGREGATOR_DUPLICATE: 'Only one aggregator node can be part of the analysis.',
  AGGREGATOR_MISSING: 'At least one aggregator node has to be part of the analysis.',
  NODES_NOT_APPROVED: 'Not all nodes have approved the analysis yet.',
  NO_REGISTRY: 'No registry is registered.',
} as const;

const ok: CommandCheckResult = { success: true };
const refuse = (message: string): CommandCheckResult => ({ success: false, message });
const isApproved = (node: AnalysisRequirementNode) => node.approval_status === ApprovalStatus.APPROVED;

/**
 * Whether the configuration of an analysis may be locked, once `isAnalysisCommandExecutable` allowed
 * the command: code bucket, entrypoint, approvals and exactly one aggregator, in this order.
 */
export function checkAnalysisLockRequirements(facts: AnalysisLockFacts): CommandCheckResult {
  if (!facts.codeBucket) return refuse(AnalysisRequirementMessage.CODE_BUCKET_MISSING);
  if (!facts.entrypoint) return refuse(AnalysisRequirementMessage.ENTRYPOINT_MISSING);
  if (!facts.nodes.every(isApproved)) return refuse(AnalysisRequirementMessage.NODE_NOT_APPROVED);
  const aggregators = facts.nodes.filter((node) => node.type === NodeType.AGGREGATOR).length;
  if (aggregators > 1) return refuse(AnalysisRequirementMessage.AGGREGATOR_DUPLICATE);
  if (aggregators === 0) return refuse(AnalysisRequirementMessage.AGGREGATOR_MISSING);
  return ok;
}

/**
 * What `buildStart` needs beyond the state checks, as the original hub checks it
 * (docs/product/analysis-platform.md §4).
 */
export interface AnalysisBuildFacts {
  nodes: readonly AnalysisRequirementNode[];
  /** A registry is set on the analysis, or one exists to pick. */
  registryAvailable: boolean;
}

export function checkAnalysisBuildRequirements(facts: AnalysisBuildFacts): CommandCheckResult {
  if (!facts.nodes.every(isApproved)) return refuse(AnalysisRequirementMessage.NODES_NOT_APPROVED);
  const unassigned = facts.nodes.find((node) => !node.registry_id);
  if (unassigned) {
    return refuse(`The node ${unassigned.name ?? 'without name'} is not assigned to a registry yet.`);
  }
  if (!facts.registryAvailable) return refuse(AnalysisRequirementMessage.NO_REGISTRY);
  return ok;
}
