import type { PlainPhraseKey } from '@federa/phrases';
import { NodeType } from '@federa/schemas';
import type { Analysis } from '../../../resources/hub-resources.ts';

/** The wizard's steps in order; the first whose check fails is where the wizard opens. */
export const WIZARD_STEPS = ['nodes', 'files', 'image', 'security'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface ConfigurationFacts {
  /** Types of the analysis' nodes. */
  readonly nodeTypes: readonly string[];
  /** A file of the code bucket is the entrypoint. */
  readonly entrypoint: boolean;
}

export interface ConfigurationChecks {
  readonly nodes: boolean;
  readonly aggregator: boolean;
  readonly defaultNode: boolean;
  readonly image: boolean;
  readonly entrypoint: boolean;
}

/**
 * Whether each part of the configuration is complete. The server keeps these as
 * `configuration_*_valid` on the analysis; while a record lacks them, they are computed from its
 * nodes, files and master image the same way (at least one default node and exactly one aggregator).
 */
export function configurationChecks(analysis: Analysis, facts: ConfigurationFacts): ConfigurationChecks {
  const aggregators = facts.nodeTypes.filter((type) => type === NodeType.AGGREGATOR).length;
  const defaults = facts.nodeTypes.filter((type) => type === NodeType.DEFAULT).length;
  const aggregator = analysis.configuration_node_aggregator_valid ?? aggregators === 1;
  const defaultNode = analysis.configuration_node_default_valid ?? defaults >= 1;
  return {
    nodes: analysis.configuration_nodes_valid ?? (aggregator && defaultNode),
    aggregator,
    defaultNode,
    image: analysis.configuration_image_valid ?? !!analysis.master_image_id,
    entrypoint: analysis.configuration_entrypoint_valid ?? facts.entrypoint,
  };
}

/** The messages of the failing checks of one step. */
export function stepMessages(step: WizardStep, checks: ConfigurationChecks): PlainPhraseKey[] {
  if (step === 'nodes') {
    const messages: PlainPhraseKey[] = [];
    if (!checks.nodes) messages.push('analyses.wizard.checkNodes');
    if (!checks.defaultNode) messages.push('analyses.wizard.checkDefault');
    if (!checks.aggregator) messages.push('analyses.wizard.checkAggregator');
    return messages;
  }
  if (step === 'files') return checks.entrypoint ? [] : ['analyses.wizard.checkEntrypoint'];
  if (step === 'image') return checks.image ? [] : ['analyses.wizard.checkImage'];
  return [];
}

/** The step to open with: the first of nodes, files, image whose check fails; nodes when all pass. */
export function firstFailingStep(checks: ConfigurationChecks): WizardStep {
  for (const step of ['nodes', 'files', 'image'] as const) {
    if (stepMessages(step, checks).length > 0) return step;
  }
  return 'nodes';
}
