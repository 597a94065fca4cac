import type { FastifyBaseLogger } from 'fastify';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { StorageDriver } from './drivers/driver.ts';
import { bucketPrefixOf, objectKeyOf } from './object-keys.ts';

/**
 * Removes the stored objects of deleted buckets and bucket files. The deletions reach here through
 * the outbox (docs/decisions/0100-transactional-outbox.md), so a process that dies between the
 * commit and the removal leaves no orphan: the deletion is delivered again, and removing an object
 * that is gone already changes nothing. Returns the unsubscribe function.
 */
export function removeObjectsOfDeletions(
  events: DomainEventBus,
  driver: StorageDriver,
  log: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  return events.subscribe(async (event) => {
    if (event.event !== 'deleted' || typeof event.data.id !== 'string') return;
    if (event.type === 'bucketFile' && typeof event.data.bucket_id === 'string') {
      const file = { id: event.data.id, bucket_id: event.data.bucket_id };
      await driver.delete(objectKeyOf(file)).catch((error: unknown) => {
        log.error({ err: error, fileId: file.id }, 'stored object of a deleted file remains');
      });
    } else if (event.type === 'bucket') {
      const bucketId = event.data.id;
      await driver.deletePrefix(bucketPrefixOf(bucketId)).catch((error: unknown) => {
        log.error({ err: error, bucketId }, 'stored objects of a deleted bucket remain');
      });
    }
  });
}
