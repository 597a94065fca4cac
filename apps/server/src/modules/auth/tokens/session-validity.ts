import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#platform/db/database.ts';
import { clients, robots, users } from '../db/identity.ts';
import { revokedTokens } from '../db/tokens.ts';
import type { SubjectKind } from './claims.ts';

/** A long-lived session (a realtime socket) as its access token described it when it began. */
export interface SessionRef {
  tokenId: string | undefined;
  kind: SubjectKind;
  subjectId: string;
}

/** Keeps `IN (...)` lists of one statement to a size every database plans quickly. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += CHUNK) result.push(items.slice(index, index + CHUNK));
  return result;
}

const TABLES = { user: users, robot: robots, client: clients } as const;

/**
 * Which of the sessions no longer hold: their token was revoked, or their subject was deleted or
 * deactivated since. A handful of statements whatever the number of sessions, so a replica can ask
 * for all of its sockets every few seconds.
 */
export async function endedSessions(db: Database, sessions: readonly SessionRef[]): Promise<Set<SessionRef>> {
  const ended = new Set<SessionRef>();
  if (sessions.length === 0) return ended;

  const tokenIds = [...new Set(sessions.map((session) => session.tokenId).filter((id) => id !== undefined))];
  const revoked = new Set<string>();
  for (const part of chunks(tokenIds)) {
    const rows = await db
      .select({ jti: revokedTokens.jti })
      .from(revokedTokens)
      .where(inArray(revokedTokens.jti, part));
    for (const row of rows) revoked.add(row.jti);
  }

  const active = new Set<string>();
  for (const kind of Object.keys(TABLES) as SubjectKind[]) {
    const ids = [...new Set(sessions.filter((s) => s.kind === kind).map((s) => s.subjectId))];
    const table = TABLES[kind];
    for (const part of chunks(ids)) {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, part), eq(table.active, true)));
      for (const row of rows) active.add(`${kind}:${row.id}`);
    }
  }

  for (const session of sessions) {
    const tokenRevoked = session.tokenId !== undefined && revoked.has(session.tokenId);
    if (tokenRevoked || !active.has(`${session.kind}:${session.subjectId}`)) ended.add(session);
  }
  return ended;
}
