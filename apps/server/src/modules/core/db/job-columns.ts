import { sql } from 'drizzle-orm';
import { integer, text, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../../../platform/db/columns.ts';

/**
 * What makes a task row a durable job (see platform/jobs): how often it was tried and may be, when
 * it may run next, until when its worker holds it, and why it last failed.
 */
export function jobColumns() {
  return {
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    run_at: isoTimestamp('run_at')
      .notNull()
      .default(sql`now()`),
    /** The claim of a running job; once past, another worker takes the job over (its worker died). */
    lease_until: isoTimestamp('lease_until'),
    locked_by: varchar('locked_by', { length: 128 }),
    last_error: text('last_error'),
  };
}
