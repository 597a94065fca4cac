import { AnalysisBuildStatus, AnalysisCommand, ANALYSIS_MIN_NODES } from './constants.ts';

/** The attributes of an analysis that decide which command may run. */
export interface AnalysisCommandState {
  configuration_locked: boolean;
  build_status: string | null | undefined;
  nodes: number;
  master_image_id: string | null | undefined;
}

export type CommandCheckResult = { success: true } | { success: false; message: string };

const ok: CommandCheckResult = { success: true };
const refuse = (message: string): CommandCheckResult => ({ success: false, message });
const isAbsent = (status: string | null | undefined) => status === null || status === undefined;

function checkBuildStart(analysis: AnalysisCommandState): CommandCheckResult {
  if (!analysis.configuration_locked) {
    return refuse('The analysis configuration must be locked before starting the build.');
  }
  const status = analysis.build_status;
  if (isAbsent(status) || status === AnalysisBuildStatus.FAILED || status === AnalysisBuildStatus.STOPPED) {
    return ok;
  }
  return refuse(`The current analysis build status "${status}" does not allow a build start.`);
}

function checkBuildStop(analysis: AnalysisCommandState): CommandCheckResult {
  if (!analysis.configuration_locked) {
    return refuse('The analysis configuration must be locked before stopping the build.');
  }
  const status = analysis.build_status;
  if (isAbsent(status)) return refuse('The analysis build process has not been initialized.');
  if (
    status === AnalysisBuildStatus.STOPPING ||
    status === AnalysisBuildStatus.STARTED ||
    status === AnalysisBuildStatus.STARTING
  ) {
    return ok;
  }
  return refuse(`The current analysis build status "${status}" does not allow a build stop.`);
}

function checkBuildStatus(analysis: AnalysisCommandState): CommandCheckResult {
  if (!analysis.configuration_locked) {
    return refuse('The analysis configuration must be locked before checking the build status.');
  }
  if (isAbsent(analysis.build_status)) return refuse('The analysis build process has not been initialized.');
  if (analysis.build_status === AnalysisBuildStatus.FINISHED) {
    return refuse('The analysis build process has already been successfully completed.');
  }
  return ok;
}

function checkConfigurationLock(analysis: AnalysisCommandState): CommandCheckResult {
  // The order of these checks is part of the contract: it decides which message a caller sees
  // (docs/product/analysis-platform.md §5).
  if (analysis.configuration_locked) return refuse('The analysis configuration is already locked.');
  if (!isAbsent(analysis.build_status)) {
    return refuse('The analysis build process has already been initialized.');
  }
  if (analysis.nodes < ANALYSIS_MIN_NODES) return refuse('The analysis requires at least two nodes.');
  if (!analysis.master_image_id) return refuse('A master image must be assigned to the analysis.');
  return ok;
}

function checkConfigurationUnlock(analysis: AnalysisCommandState): CommandCheckResult {
  if (!analysis.configuration_locked) return refuse('The analysis configuration is already unlocked.');
  const status = analysis.build_status;
  if (
    isAbsent(status) ||
    status === AnalysisBuildStatus.FAILED ||
    status === AnalysisBuildStatus.STOPPED ||
    status === AnalysisBuildStatus.STOPPING
  ) {
    return ok;
  }
  return refuse(`The current analysis build status "${status}" does not allow unlocking the configuration.`);
}

/**
 * Whether a command may run on an analysis in its current state (docs/product/analysis-platform.md §4,
 * messages of §5). The server refuses with the message; the web app shows only the buttons of executable
 * commands.
 */
export function isAnalysisCommandExecutable(
  analysis: AnalysisCommandState,
  command: string,
): CommandCheckResult {
  switch (command) {
    case AnalysisCommand.BUILD_START:
      return checkBuildStart(analysis);
    case AnalysisCommand.BUILD_STOP:
      return checkBuildStop(analysis);
    case AnalysisCommand.BUILD_STATUS:
      return checkBuildStatus(analysis);
    case AnalysisCommand.CONFIGURATION_LOCK:
      return checkConfigurationLock(analysis);
    case AnalysisCommand.CONFIGURATION_UNLOCK:
      return checkConfigurationUnlock(analysis);
    default:
      return refuse(`The analysis command ${command} cannot be executed.`);
  }
}
