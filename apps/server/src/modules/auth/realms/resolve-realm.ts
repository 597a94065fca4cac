import { eq } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { realms } from '../db/identity.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RealmRow = typeof realms.$inferSelect;

/** A realm by id or by name; undefined when there is none. */
export async function findRealm(db: Database, idOrName: string): Promise<RealmRow | undefined> {
  const [row] = await db
    .select()
    .from(realms)
    .where(UUID_PATTERN.test(idOrName) ? eq(realms.id, idOrName) : eq(realms.name, idOrName));
  return row;
}
