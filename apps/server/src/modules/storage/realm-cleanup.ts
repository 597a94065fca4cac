import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/index.ts';
import type { DomainEventBus } from '../../platform/events/domain-events.ts';
import { storageBuckets } from './db/index.ts';
import type { StorageDriver } from './drivers/driver.ts';
import { bucketPrefixOf } from './object-keys.ts';

/**
 * Removes a deleted realm's buckets, files and stored objects. The identity module owns realms and
 * the storage tables hold no foreign key to them, so the module follows the realm's deleted event.
 * Returns the unsubscribe function.
 */
export function followRealmDeletions(
  events: DomainEventBus,
  db: Database,
  driver: StorageDriver,
  log: FastifyBaseLogger,
): () => void {
  return events.subscribe(async (event) => {
    if (event.type !== 'realm' || event.event !== 'deleted' || typeof event.data.id !== 'string') return;
    const removed = await db
      .delete(storageBuckets)
      .where(eq(storageBuckets.realm_id, event.data.id))
      .returning({ id: storageBuckets.id });
    for (const bucket of removed) {
      await driver.deletePrefix(bucketPrefixOf(bucket.id)).catch((error: unknown) => {
        log.error({ err: error, bucketId: bucket.id }, 'stored objects of a deleted realm remain');
      });
    }
  });
}
