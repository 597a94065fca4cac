import { and, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '#platform/db/index.ts';
import { telemetryEvents } from '../db/events.ts';
import { eventRow, type EventInput, type EventRow } from './event-row.ts';

/** Rows deleted per statement, so a large backlog never holds one long lock. */
const SWEEP_BATCH = 1000;

export async function insertEvent(db: Executor, input: EventInput): Promise<EventRow> {
  const [row] = await db.insert(telemetryEvents).values(eventRow(input)).returning();
  return row!;
}

/**
 * Inserts the event under `id` unless it is stored already (an entity event the outbox delivered
 * again after a crash); returns undefined then.
 */
export async function insertEventOnce(
  db: Executor,
  id: string,
  input: EventInput,
): Promise<EventRow | undefined> {
  const [row] = await db
    .insert(telemetryEvents)
    .values({ ...eventRow(input), id })
    .onConflictDoNothing({ target: telemetryEvents.id })
    .returning();
  return row;
}

/** Deletes the expiring events whose expiry has passed; returns how many. */
export async function sweepExpiredEvents(db: Executor, now: Date = new Date()): Promise<number> {
  const expired: SQL = and(
    eq(telemetryEvents.expiring, true),
    lt(telemetryEvents.expires_at, now.toISOString()),
  )!;
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: telemetryEvents.id })
      .from(telemetryEvents)
      .where(expired)
      .limit(SWEEP_BATCH);
    const deleted = await db
      .delete(telemetryEvents)
      .where(inArray(telemetryEvents.id, batch))
      .returning({ id: telemetryEvents.id });
    total += deleted.length;
    if (deleted.length < SWEEP_BATCH) return total;
  }
}
