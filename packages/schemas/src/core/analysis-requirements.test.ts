import { describe, expect, it } from 'vitest';
import {
  checkAnalysisBuildRequirements,
  checkAnalysisLockRequirements,
  type AnalysisRequirementNode,
} from './analysis-requirements.ts';

const node = (change: Partial<AnalysisRequirementNode> = {}): AnalysisRequirementNode => ({
  name: 'site',
  type: 'default',
  approval_status: 'approved',
  registry_id: 'r',
  ...change,
});
const aggregator = node({ name: 'hub', type: 'aggregator' });
const message = (result: { success: boolean; message?: string }) => (result.success ? 'ok' : result.message);

describe('checkAnalysisLockRequirements (docs/product/analysis-platform.md §4)', () => {
  const base = { codeBucket: true, entrypoint: true, nodes: [node(), aggregator] };

  it('allows a complete configuration', () =>
    expect(message(checkAnalysisLockRequirements(base))).toBe('ok'));
  it.each([
    [{ codeBucket: false, entrypoint: false }, 'The analysis bucket for code files does not exist.'],
    [
      { entrypoint: false },
      'At least one code file must be uploaded and at least one entrypoint file is required.',
    ],
    [
      { nodes: [node({ approval_status: null }), aggregator] },
      'At least one node has not approved the analysis.',
    ],
    [
      { nodes: [node({ approval_status: 'rejected' }), aggregator] },
      'At least one node has not approved the analysis.',
    ],
    [{ nodes: [node(), aggregator, aggregator] }, 'Only one aggregator node can be part of the analysis.'],
    [{ nodes: [node(), node()] }, 'At least one aggregator node has to be part of the analysis.'],
  ])('refuses %o', (change, expected) => {
    expect(message(checkAnalysisLockRequirements({ ...base, ...change }))).toBe(expected);
  });
});

describe('checkAnalysisBuildRequirements (docs/product/analysis-platform.md §4)', () => {
  it('allows approved nodes with registries', () => {
    expect(message(checkAnalysisBuildRequirements({ nodes: [node()], registryAvailable: true }))).toBe('ok');
  });
  it('refuses unapproved nodes, nodes without registry, and a hub without registry', () => {
    expect(
      message(
        checkAnalysisBuildRequirements({ nodes: [node({ approval_status: null })], registryAvailable: true }),
      ),
    ).toBe('Not all nodes have approved the analysis yet.');
    expect(
      message(
        checkAnalysisBuildRequirements({ nodes: [node({ registry_id: null })], registryAvailable: true }),
      ),
    ).toBe('The node site is not assigned to a registry yet.');
    expect(message(checkAnalysisBuildRequirements({ nodes: [node()], registryAvailable: false }))).toBe(
      'No registry is registered.',
    );
  });
});
