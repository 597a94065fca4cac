import { describe, expect, it } from 'vitest';
import { aggregateAnalysisRunStatus } from './analysis-run-status.ts';

describe('aggregateAnalysisRunStatus', () => {
  it.each([
    [[], null],
    [[null, null], null],
    [['running', null], 'starting'],
    [['running', 'finished'], 'running'],
    [['finished', 'finished'], 'finished'],
    [['stopped', 'finished'], 'stopped'],
    [['finished', 'failed', null], 'failed'],
    [['started', 'stopping'], 'started'],
  ])('%o gives %s', (statuses, expected) => {
    expect(aggregateAnalysisRunStatus(statuses)).toBe(expected);
  });
});
