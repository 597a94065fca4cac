import type { FastifyInstance } from 'fastify';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { registerResource, type ResourceAccess } from '#platform/http/resource/index.ts';
import { eventResource } from './events/events.resource.ts';
import { registerLogRoutes } from './logs/logs.routes.ts';
import type { TelemetryServices } from './services.ts';

export { TelemetryServices, type TelemetrySettings } from './services.ts';
export type { EventInput, EventRow } from './events/event-row.ts';
export type { LogInput, LogRow } from './logs/log-store.ts';
export { LOG_CHANNELS, LOG_LEVELS, type LogChannel, type LogLevel } from './logs/log-levels.ts';
export { nowInNanoseconds } from './logs/nanoseconds.ts';
export { deleteLogs, listLogs, logConditions } from './logs/log-store.ts';
export { parseLogQuery, type ParsedLogQuery } from './logs/log-query.ts';
export { LogLineSchema, LogListSchema } from './logs/log-schemas.ts';

/** The telemetry API (events and logs), mounted under /telemetry. */
export interface TelemetryModuleOptions {
  services: TelemetryServices;
  /** Who may do what: the identity module's authorizer. */
  access: ResourceAccess;
  events: DomainEventBus;
  outbox: EventOutbox;
}

export async function telemetryModule(app: FastifyInstance, options: TelemetryModuleOptions): Promise<void> {
  const { services, access, events, outbox } = options;
  registerResource(
    app,
    eventResource({
      retentionDays: services.settings.eventRetentionDays,
      actorName: (actor) => services.actorName(actor),
    }),
    { db: services.db, access, publish: (event) => events.publish(event), outbox },
  );
  registerLogRoutes(app, { db: services.db, access });
}
