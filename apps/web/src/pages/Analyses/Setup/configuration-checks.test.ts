import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../../resources/hub-resources.ts';
import { configurationChecks, firstFailingStep, stepMessages } from './configuration-checks.ts';

const analysis = (changes: Partial<Analysis> = {}) =>
  ({ id: 'a', master_image_id: null, configuration_locked: false, ...changes }) as Analysis;

describe('configuration checks', () => {
  it('opens at the nodes while no default node and aggregator are chosen', () => {
    const checks = configurationChecks(analysis(), { nodeTypes: ['default'], entrypoint: false });
    expect(firstFailingStep(checks)).toBe('nodes');
    expect(stepMessages('nodes', checks)).toEqual([
      'analyses.wizard.checkNodes',
      'analyses.wizard.checkAggregator',
    ]);
  });

  it('opens at the files, then at the image, as each earlier step is complete', () => {
    const nodes = ['default', 'aggregator'];
    expect(firstFailingStep(configurationChecks(analysis(), { nodeTypes: nodes, entrypoint: false }))).toBe(
      'files',
    );
    const withFiles = configurationChecks(analysis(), { nodeTypes: nodes, entrypoint: true });
    expect(firstFailingStep(withFiles)).toBe('image');
    expect(stepMessages('image', withFiles)).toEqual(['analyses.wizard.checkImage']);
  });

  it('prefers the checks the server keeps on the analysis', () => {
    const checks = configurationChecks(
      analysis({
        configuration_entrypoint_valid: false,
        configuration_nodes_valid: true,
        configuration_node_aggregator_valid: true,
        configuration_node_default_valid: true,
        configuration_image_valid: true,
      }),
      { nodeTypes: [], entrypoint: true },
    );
    expect(firstFailingStep(checks)).toBe('files');
  });
});
