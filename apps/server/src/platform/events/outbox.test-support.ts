import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { eventOutbox } from '../db/schema/index.ts';
import type { EntityEvent } from './domain-events.ts';
import type { EventOutbox } from './event-outbox.ts';

/*
 * The crash window of docs/decisions/0100-transactional-outbox.md in tests: a process that dies
 * right after its commits is stood for by an outbox that does not deliver after the commit; a living
 * process that finds the dead one's entries is stood for by a sweep once their leases ran out.
 */

/**
 * Runs `work` as a process that dies after each commit, before announcing anything: what it commits
 * stays in the outbox, and no listener hears of it.
 */
export async function dyingAfterCommit<T>(outbox: EventOutbox, work: () => Promise<T>): Promise<T> {
  outbox.deliverAfterCommit = false;
  try {
    return await work();
  } finally {
    outbox.deliverAfterCommit = true;
  }
}

/** The events stored in the outbox and not delivered yet, oldest first. */
export async function undeliveredEvents(db: Database): Promise<EntityEvent[]> {
  const rows = await db.select().from(eventOutbox).orderBy(asc(eventOutbox.position));
  return rows.map((row) => row.event as EntityEvent);
}

/** The undelivered events of one type (and name), oldest first. */
export async function undelivered(db: Database, type: string, event?: string): Promise<EntityEvent[]> {
  return (await undeliveredEvents(db)).filter(
    (entry) => entry.type === type && (event === undefined || entry.event === event),
  );
}

/**
 * What a living process does with a dead one's entries: their leases run out (rather than waiting
 * OUTBOX_LEASE_MS) and the sweep delivers them; returns how many it delivered.
 */
export async function sweepAfterCrash(db: Database, outbox: EventOutbox): Promise<number> {
  await db.update(eventOutbox).set({ lease_until: sql`now() - interval '1 second'` });
  return outbox.sweep();
}
