import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../columns.ts';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Facts about this installation that must survive restarts (its id, when it was first started, ...).
 * Modules keep their own tables; this one belongs to the platform.
 */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  created_at: isoTimestamp('created_at')
    .notNull()
    .default(sql`now()`),
  updated_at: isoTimestamp('updated_at')
    .notNull()
    .default(sql`now()`),
});
