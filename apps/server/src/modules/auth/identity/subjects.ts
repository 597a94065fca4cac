import { eq } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { clients, robots, users } from '../db/identity.ts';
import type { SubjectKind } from '../tokens/claims.ts';

export interface SubjectRecord {
  id: string;
  name: string;
  active: boolean;
  realm_id: string;
}

/** The user, robot or client a token speaks for, or undefined once it has been deleted. */
export async function findSubject(
  db: Database,
  kind: SubjectKind,
  id: string,
): Promise<SubjectRecord | undefined> {
  const table = kind === 'user' ? users : kind === 'robot' ? robots : clients;
  const [row] = await db
    .select({ id: table.id, name: table.name, active: table.active, realm_id: table.realm_id })
    .from(table)
    .where(eq(table.id, id));
  return row;
}
