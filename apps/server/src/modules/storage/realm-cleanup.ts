import { eq } from 'drizzle-orm';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { changeEvent } from './context.ts';
import { storageBuckets } from './db/index.ts';

/**
 * Removes a deleted realm's buckets and files. The identity module owns realms and the storage
 * tables hold no foreign key to them, so the module follows the realm's deleted event. Each removed
 * bucket is announced through the outbox, which removes its stored objects (object-removal.ts) even
 * when the process dies in between. Returns the unsubscribe function.
 */
export function followRealmDeletions(events: DomainEventBus, outbox: EventOutbox): () => void {
  return events.subscribe(async (event) => {
    if (event.type !== 'realm' || event.event !== 'deleted' || typeof event.data.id !== 'string') return;
    const realmId = event.data.id;
    await outbox.transaction(async (tx, emit) => {
      const removed = await tx.delete(storageBuckets).where(eq(storageBuckets.realm_id, realmId)).returning();
      // The realm's deletion caused it: the same actor and request in the audit trail.
      for (const bucket of removed) emit(changeEvent('bucket', 'deleted', bucket, event));
    });
  });
}
