import { AnalysisRunStatus } from './constants.ts';

/** How far a run has come; the analysis is as far as its slowest node. */
const RANK: Record<string, number> = {
  [AnalysisRunStatus.STARTING]: 0,
  [AnalysisRunStatus.STARTED]: 1,
  [AnalysisRunStatus.RUNNING]: 2,
  [AnalysisRunStatus.STOPPING]: 3,
  [AnalysisRunStatus.STOPPED]: 4,
  [AnalysisRunStatus.FINISHED]: 5,
};

/**
 * The run status of an analysis from those of its nodes (as the original's later versions derive
 * it): none while no node reported; failed as soon as one failed; otherwise the status of the node
 * that is least far, a node that has not reported yet counting as starting.
 */
export function aggregateAnalysisRunStatus(
  statuses: readonly (string | null | undefined)[],
): AnalysisRunStatus | null {
  const reported = statuses.filter((status): status is string => typeof status === 'string');
  if (reported.length === 0) return null;
  if (reported.includes(AnalysisRunStatus.FAILED)) return AnalysisRunStatus.FAILED;
  if (reported.length < statuses.length) return AnalysisRunStatus.STARTING;
  let slowest: string = AnalysisRunStatus.FINISHED;
  for (const status of reported) if ((RANK[status] ?? 0) < (RANK[slowest] ?? 0)) slowest = status;
  return slowest as AnalysisRunStatus;
}
