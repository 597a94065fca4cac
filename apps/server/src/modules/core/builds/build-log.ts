import { CoreEntityType } from '@federa/schemas';
import type { LogLevel, LogRow, TelemetryServices } from '#modules/telemetry/index.ts';
import { analysisLogLabels } from '../analyses/analysis-logs.routes.ts';

/**
 * Writes a build step to the analysis's log (read at `/core/analysis-logs?filter[analysis_id]=…`);
 * the analysis' log view receives it live (`analysisLogCreated` in room `analysisLog/{analysis id}`).
 */
export async function writeBuildLog(
  telemetry: TelemetryServices,
  analysis: { id: string; realm_id: string },
  level: LogLevel,
  message: string,
): Promise<LogRow> {
  return telemetry.writeLiveLog(CoreEntityType.ANALYSIS_LOG, {
    level,
    message,
    service: 'build',
    labels: { ...analysisLogLabels(analysis.id), component: 'build' },
    realm_id: analysis.realm_id,
  });
}
