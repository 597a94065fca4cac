import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import { coreLocks } from '../../db/index.ts';

const LOCK_NAME = 'master-images:sync';
/** Longer than any sync takes; a crashed holder's lock is taken over afterwards. */
const LOCK_TTL_SECONDS = 600;

/**
 * Runs `work` while holding the sync lock, or refuses at once when another sync (in this or another
 * replica) holds it. A row lock is used rather than a transaction so that no transaction stays open
 * while the catalog is cloned and read.
 */
export async function withSyncLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  await db.delete(coreLocks).where(and(eq(coreLocks.name, LOCK_NAME), lt(coreLocks.expires_at, sql`now()`)));
  const acquired = await db
    .insert(coreLocks)
    .values({ name: LOCK_NAME, expires_at: sql`now() + make_interval(secs => ${LOCK_TTL_SECONDS})` as never })
    .onConflictDoNothing()
    .returning({ name: coreLocks.name });
  if (acquired.length === 0) throw badRequest('A master image synchronization is already running.');
  try {
    return await work();
  } finally {
    await db.delete(coreLocks).where(eq(coreLocks.name, LOCK_NAME));
  }
}

export const MASTER_IMAGE_SYNC_LOCK = LOCK_NAME;
