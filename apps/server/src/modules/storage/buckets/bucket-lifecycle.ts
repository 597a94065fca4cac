import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/index.ts';
import { storageBucketFiles, storageBuckets, type StorageBucketFile } from '../db/index.ts';
import type { StorageDriver } from '../drivers/driver.ts';
import { bucketPrefixOf } from '../object-keys.ts';

// What other modules (the hub core, for an analysis' buckets) do with buckets besides creating them.

/** A stored file by id, whoever may read it; callers check access on their own records. */
export async function findBucketFile(db: Executor, id: string): Promise<StorageBucketFile | undefined> {
  const [row] = await db.select().from(storageBucketFiles).where(eq(storageBucketFiles.id, id)).limit(1);
  return row;
}

/**
 * Removes bucket records (their files cascade) inside the caller's transaction; returns the ids
 * removed. The stored objects stay until `removeBucketObjects` runs after the commit: an object left
 * behind is an orphan, never a record without content.
 */
export async function deleteBucketRecords(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await db
    .delete(storageBuckets)
    .where(inArray(storageBuckets.id, [...ids]))
    .returning({ id: storageBuckets.id });
  return removed.map((row) => row.id);
}

/** Deletes the stored objects of removed buckets; failures are reported, not thrown. */
export async function removeBucketObjects(
  driver: StorageDriver,
  ids: readonly string[],
  onError: (error: unknown, bucketId: string) => void,
): Promise<void> {
  for (const id of ids) {
    await driver.deletePrefix(bucketPrefixOf(id)).catch((error: unknown) => onError(error, id));
  }
}
