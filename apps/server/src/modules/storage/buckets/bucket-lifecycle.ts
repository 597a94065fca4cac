import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EmitEvent } from '#platform/events/event-outbox.ts';
import { changeEvent } from '../context.ts';
import { storageBucketFiles, storageBuckets, type StorageBucketFile } from '../db/index.ts';

// What other modules (the hub core, for an analysis' buckets) do with buckets besides creating them.

/** A stored file by id, whoever may read it; callers check access on their own records. */
export async function findBucketFile(db: Executor, id: string): Promise<StorageBucketFile | undefined> {
  const [row] = await db.select().from(storageBucketFiles).where(eq(storageBucketFiles.id, id)).limit(1);
  return row;
}

/**
 * Removes bucket records (their files cascade) inside the caller's outbox transaction and emits
 * their deleted events; returns the ids removed. The stored objects go once the events are delivered
 * (object-removal.ts), also after a crash: an object left behind meanwhile is an orphan, never a
 * record without content.
 */
export async function deleteBucketRecords(
  db: Executor,
  ids: readonly string[],
  emit: EmitEvent,
  cause: Pick<EntityEvent, 'actor' | 'request'>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await db
    .delete(storageBuckets)
    .where(inArray(storageBuckets.id, [...ids]))
    .returning();
  for (const row of removed) emit(changeEvent('bucket', 'deleted', row, cause));
  return removed.map((row) => row.id);
}
