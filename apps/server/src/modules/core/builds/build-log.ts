import type { LogLevel, TelemetryServices } from '../../telemetry/index.ts';
import { analysisLogLabels } from '../analyses/analysis-logs.routes.ts';

/** Writes a build step to the analysis's log (read at `/core/analysis-logs?filter[analysis_id]=…`). */
export async function writeBuildLog(
  telemetry: TelemetryServices,
  analysis: { id: string; realm_id: string },
  level: LogLevel,
  message: string,
): Promise<void> {
  await telemetry.writeLog({
    level,
    message,
    service: 'build',
    labels: { ...analysisLogLabels(analysis.id), component: 'build' },
    realm_id: analysis.realm_id,
  });
}
