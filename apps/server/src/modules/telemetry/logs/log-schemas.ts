import { recordListSchemaOf, recordSchemaOf } from '#platform/http/resource/index.ts';
import { telemetryLogs } from '../db/logs.ts';

/** One log line as the APIs answer it (telemetry's `/logs` and the hub's analysis logs). */
export const LogLineSchema = recordSchemaOf(telemetryLogs);
export const LogListSchema = recordListSchemaOf(telemetryLogs);
