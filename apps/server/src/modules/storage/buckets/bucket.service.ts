import { randomInt } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { storageBuckets, type StorageBucket } from '../db/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A generated bucket name: 21 lowercase alphanumeric characters (docs/design.md §4). */
export function generateBucketName(): string {
  let name = '';
  for (let index = 0; index < 21; index += 1) name += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return name;
}

export interface CreateBucketInput {
  /** Generated when absent. */
  name?: string | null;
  region?: string | null;
  realm_id: string;
  /** The owner: the identity that may upload, change and delete without bucket permissions. */
  actor_type: 'user' | 'robot' | 'client';
  actor_id: string;
}

/**
 * Creates a bucket record. The HTTP route checks permissions first; the hub calls this directly for
 * an analysis' buckets, naming the analysis' creator as owner so that person can upload. No driver
 * call is needed: a bucket is a key prefix until its first upload.
 */
export async function createBucket(db: Executor, input: CreateBucketInput): Promise<StorageBucket> {
  const [row] = await db
    .insert(storageBuckets)
    .values({
      name: input.name ?? generateBucketName(),
      region: input.region ?? null,
      realm_id: input.realm_id,
      actor_type: input.actor_type,
      actor_id: input.actor_id,
    })
    .returning();
  return row!;
}

/**
 * `:id` of the bucket routes: an id, or a name within a realm (the `realm_id` query parameter, else
 * the caller's), as the original accepts both for upload and stream.
 */
export function bucketKeyCondition(key: string, realmId: string | undefined): SQL {
  if (UUID.test(key)) return eq(storageBuckets.id, key);
  return realmId
    ? and(eq(storageBuckets.name, key), eq(storageBuckets.realm_id, realmId))!
    : eq(storageBuckets.name, key);
}

/** The bucket `key` names among the rows `visible` allows, if any. */
export async function findBucket(
  db: Executor,
  key: string,
  realmId: string | undefined,
  visible: SQL | undefined,
): Promise<StorageBucket | undefined> {
  const [row] = await db
    .select()
    .from(storageBuckets)
    .where(and(bucketKeyCondition(key, realmId), visible))
    .limit(1);
  return row;
}
