import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { LOG_CHANNELS, LOG_LEVELS } from '../logs/log-levels.ts';
import { createdAt, idColumn } from '../../../platform/db/columns.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Log lines of analyses, nodes and services. `time` is the nanosecond timestamp the producer gives,
 * an integer read and written as a decimal string (nanoseconds exceed JavaScript's exact integers,
 * and numeric keeps the string form end to end, comparing numerically);
 * what a line is about lives in `labels` (`analysis_id`, `node_id`, ...), matched by containment
 * through the GIN index.
 */
export const telemetryLogs = pgTable(
  'telemetry_logs',
  {
    id: idColumn(),
    time: numeric('time', { precision: 20, scale: 0 }).notNull(),
    level: varchar('level', { length: 16, enum: LOG_LEVELS }).notNull(),
    message: text('message').notNull(),
    service: varchar('service', { length: 64 }),
    channel: varchar('channel', { length: 16, enum: LOG_CHANNELS }).notNull().default('system'),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    realm_id: uuid('realm_id'),
    created_at: createdAt(),
  },
  (table) => [
    index('telemetry_logs_time_idx').on(table.time),
    index('telemetry_logs_realm_time_idx').on(table.realm_id, table.time),
    // jsonb_path_ops: smaller and faster than the default class for the only operator used, @>.
    index('telemetry_logs_labels_idx').using('gin', sql`${table.labels} jsonb_path_ops`),
    check('telemetry_logs_level_check', sql`${table.level} in (${inList(LOG_LEVELS)})`),
    check('telemetry_logs_channel_check', sql`${table.channel} in (${inList(LOG_CHANNELS)})`),
  ],
);
