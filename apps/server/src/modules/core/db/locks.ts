import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../../../platform/db/columns.ts';
import { pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Named locks for long-running core jobs (the master-image sync) that must not run twice at once,
 * across replicas, without holding a transaction open while they read files or clone repositories.
 */
export const coreLocks = pgTable('core_locks', {
  name: varchar('name', { length: 128 }).primaryKey(),
  acquired_at: isoTimestamp('acquired_at')
    .notNull()
    .default(sql`now()`),
  /** A lock whose holder died is taken over after this time. */
  expires_at: isoTimestamp('expires_at').notNull(),
});
