import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '#platform/db/index.ts';
import type { EntityEvent, EntityEventName } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import type { ResourceAccess, Row } from '#platform/http/resource/index.ts';
import type { BucketGrants } from './buckets/bucket-grants.ts';
import type { BucketWriteGuards } from './buckets/bucket-write-guards.ts';
import type { StorageDriver } from './drivers/driver.ts';
import type { StorageEntityType } from './entity-types.ts';
import { present } from './present.ts';

/** What the storage routes work with. */
export interface StorageContext {
  db: Database;
  access: ResourceAccess;
  driver: StorageDriver;
  /** Asked before a bucket's contents change (modules that own buckets may refuse). */
  writeGuards: BucketWriteGuards;
  /** Asked which buckets beyond the usual ones a caller may use (modules that own buckets may grant). */
  grants: BucketGrants;
  /** Stores a write's events with its change; removals of stored objects follow them. */
  outbox: EventOutbox;
  log: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The realm a bucket name is looked up in: the `realm_id` query parameter, else the caller's realm. */
export function lookupRealmOf(request: FastifyRequest): string | undefined {
  const realmId = (request.query as Record<string, unknown> | undefined)?.realm_id;
  return typeof realmId === 'string' && UUID.test(realmId) ? realmId : request.identity?.realmId;
}

/** The event of a change of a storage record, caused by `cause` (a request's actor and request). */
export function changeEvent(
  type: StorageEntityType,
  event: EntityEventName,
  row: Row,
  cause: Pick<EntityEvent, 'actor' | 'request'>,
  previous?: Row,
): EntityEvent {
  return {
    type,
    event,
    data: present(row),
    realmIds: typeof row.realm_id === 'string' ? [row.realm_id] : [],
    ...(cause.actor ? { actor: cause.actor } : {}),
    ...(cause.request ? { request: cause.request } : {}),
    ...(previous ? { previous: present(previous) } : {}),
  };
}
