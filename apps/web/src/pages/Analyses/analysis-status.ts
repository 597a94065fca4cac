import type { PlainPhraseKey } from '@federa/phrases';
import { AnalysisBuildStatus, AnalysisCommand, AnalysisRunStatus } from '@federa/schemas';

/** Build status as shown: "starting...", "stopping...", the status itself, or "none". */
export function buildStatusPhrase(status: string | null | undefined): PlainPhraseKey {
  switch (status) {
    case AnalysisBuildStatus.STARTING:
      return 'analyses.status.starting';
    case AnalysisBuildStatus.STARTED:
      return 'analyses.status.started';
    case AnalysisBuildStatus.STOPPING:
      return 'analyses.status.stopping';
    case AnalysisBuildStatus.STOPPED:
      return 'analyses.status.stopped';
    case AnalysisBuildStatus.FINISHED:
      return 'analyses.status.finished';
    case AnalysisBuildStatus.FAILED:
      return 'analyses.status.failed';
    default:
      return 'analyses.status.none';
  }
}

/** Mantine colours for the primary, success, warning and danger of docs/product/analysis-platform.md §4. */
const PRIMARY = 'blue';
const SUCCESS = 'green';
const WARNING = 'yellow';
const DANGER = 'red';

/** primary for starting, started, stopped; success finished; warning stopping; danger failed. */
export function buildStatusColor(status: string | null | undefined): string {
  switch (status) {
    case AnalysisBuildStatus.FINISHED:
      return SUCCESS;
    case AnalysisBuildStatus.STOPPING:
      return WARNING;
    case AnalysisBuildStatus.FAILED:
      return DANGER;
    case AnalysisBuildStatus.STARTING:
    case AnalysisBuildStatus.STARTED:
    case AnalysisBuildStatus.STOPPED:
      return PRIMARY;
    default:
      return 'gray';
  }
}

/** Build progress: 100 percent when finished, otherwise 0. */
export function buildProgress(status: string | null | undefined): number {
  return status === AnalysisBuildStatus.FINISHED ? 100 : 0;
}

export function runStatusPhrase(status: string | null | undefined): PlainPhraseKey {
  switch (status) {
    case AnalysisRunStatus.STARTING:
      return 'analyses.status.starting';
    case AnalysisRunStatus.STARTED:
      return 'analyses.status.started';
    case AnalysisRunStatus.RUNNING:
      return 'analyses.status.running';
    case AnalysisRunStatus.STOPPING:
      return 'analyses.status.stopping';
    case AnalysisRunStatus.STOPPED:
      return 'analyses.status.stopped';
    case AnalysisRunStatus.FINISHED:
      return 'analyses.status.finished';
    case AnalysisRunStatus.FAILED:
      return 'analyses.status.failed';
    default:
      return 'analyses.status.none';
  }
}

/** Finished turns green, failed red, stopping yellow, anything running blue. */
export function runStatusColor(status: string | null | undefined): string {
  if (status === AnalysisRunStatus.FINISHED) return SUCCESS;
  if (status === AnalysisRunStatus.FAILED) return DANGER;
  if (status === AnalysisRunStatus.STOPPING) return WARNING;
  return status ? PRIMARY : 'gray';
}

/**
 * How far the pipeline has come, in percent: configuration locked, build finished, run finished
 * each take a third.
 */
export function pipelineProgress(analysis: {
  configuration_locked: boolean;
  build_status: string | null;
  run_status: string | null;
}): number {
  let steps = 0;
  if (analysis.configuration_locked) steps += 1;
  if (analysis.build_status === AnalysisBuildStatus.FINISHED) steps += 1;
  if (analysis.run_status === AnalysisRunStatus.FINISHED) steps += 1;
  return Math.round((steps / 3) * 100);
}

/**
 * Filled buttons in the success, danger and primary colours: the darkest shades, as white text on the
 * lighter ones falls short of AA contrast.
 */
export const BUTTON_COLORS = { success: 'teal.9', danger: 'red.9', primary: 'blue.9' } as const;

/** Commands a button can run, with label and colour: lock and start success, unlock and stop danger, check primary. */
export const COMMAND_BUTTONS: ReadonlyArray<{ command: string; label: PlainPhraseKey; color: string }> = [
  {
    command: AnalysisCommand.CONFIGURATION_LOCK,
    label: 'analyses.command.configurationLock',
    color: BUTTON_COLORS.success,
  },
  {
    command: AnalysisCommand.CONFIGURATION_UNLOCK,
    label: 'analyses.command.configurationUnlock',
    color: BUTTON_COLORS.danger,
  },
  {
    command: AnalysisCommand.BUILD_START,
    label: 'analyses.command.buildStart',
    color: BUTTON_COLORS.success,
  },
  { command: AnalysisCommand.BUILD_STOP, label: 'analyses.command.buildStop', color: BUTTON_COLORS.danger },
  {
    command: AnalysisCommand.BUILD_STATUS,
    label: 'analyses.command.buildStatus',
    color: BUTTON_COLORS.primary,
  },
];
