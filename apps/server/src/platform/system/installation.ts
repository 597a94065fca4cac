import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { systemMeta } from '../db/schema/system.ts';

export interface Installation {
  id: string;
  firstStartedAt: string;
}

const INSTALLATION_KEY = 'installation';

/**
 * Returns this installation's identity, creating it on the very first start. Safe to call from
 * several replicas at once: the insert is idempotent and everyone reads the row that won.
 */
export async function ensureInstallation(db: Database): Promise<Installation> {
  const candidate: Installation = { id: randomUUID(), firstStartedAt: new Date().toISOString() };
  await db.insert(systemMeta).values({ key: INSTALLATION_KEY, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, INSTALLATION_KEY));
  return row!.value as Installation;
}
