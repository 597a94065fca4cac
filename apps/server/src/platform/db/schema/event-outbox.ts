import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.ts';

/**
 * Entity events written in the transaction of the change they describe, so a change that committed
 * is announced even when the process dies before announcing it (docs/decisions/0100-transactional-outbox.md).
 * A row is deleted once delivered; a row that outlives its lease was not.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Delivery order: the order the writers committed in, as far as one sequence can tell. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    event: jsonb('event').notNull(),
    /** Until then the writing process delivers the row itself; afterwards any dispatcher may. */
    lease_until: isoTimestamp('lease_until').notNull(),
    created_at: isoTimestamp('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('event_outbox_lease_until_index').on(table.lease_until)],
);
