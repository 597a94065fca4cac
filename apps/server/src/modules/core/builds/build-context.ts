import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#platform/db/index.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import type { StorageDriver } from '#modules/storage/index.ts';
import type { TelemetryServices } from '#modules/telemetry/index.ts';
import type { WebhookSettings } from '../registries/webhook-credentials.ts';

/** What the build and registry jobs work with. */
export interface BuildContext {
  db: Database;
  driver: StorageDriver;
  telemetry: TelemetryServices;
  /** Every change the jobs make is announced through it, so a crash after the commit loses none. */
  outbox: EventOutbox;
  log: FastifyBaseLogger;
  /** How long a job's claim holds; a stop waits this long at most for a build to let go. */
  leaseMs: number;
  /** MASTER_IMAGES_UPSTREAM, for the master-image mirror job. */
  masterImagesUpstream?: string | undefined;
  /** Where Harbor's webhook reaches the hub, and with which credentials. */
  webhook: WebhookSettings;
}
