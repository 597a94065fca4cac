import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#platform/db/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import type { StorageDriver } from '#modules/storage/index.ts';
import type { TelemetryServices } from '#modules/telemetry/index.ts';
import type { Jobs } from '../builds/jobs.ts';

/** What the analysis routes and resources work with. */
export interface AnalysisContext {
  db: Database;
  access: ResourceAccess;
  publish(event: EntityEvent): void;
  /** Stores a write's events with its change (docs/decisions/0100-transactional-outbox.md). */
  outbox: EventOutbox;
  /** The storage driver, for the code and result downloads and for removing buckets. */
  driver: StorageDriver;
  telemetry: TelemetryServices;
  /** A build without progress for longer than this is reported failed. */
  buildTimeoutMs: number;
  log: FastifyBaseLogger;
  /** The job queues, to wake this process's worker when a job was queued. */
  jobs: Jobs;
}
