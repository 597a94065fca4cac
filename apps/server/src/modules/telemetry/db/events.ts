import { createdAt, idColumn, isoTimestamp, updatedAt } from '../../../platform/db/columns.ts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per entity change (scope `entity`) and per domain occurrence other
 * modules record (analysis runs, master-image synchronisation). Expiring rows are swept once
 * `expires_at` has passed.
 */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    scope: varchar('scope', { length: 128 }).notNull(),
    ref_type: varchar('ref_type', { length: 128 }).notNull(),
    ref_id: varchar('ref_id', { length: 128 }),
    realm_id: uuid('realm_id'),
    actor_type: varchar('actor_type', { length: 64 }),
    actor_id: uuid('actor_id'),
    actor_name: varchar('actor_name', { length: 128 }),
    request_path: varchar('request_path', { length: 512 }),
    request_method: varchar('request_method', { length: 10 }),
    request_ip_address: varchar('request_ip_address', { length: 45 }),
    request_user_agent: varchar('request_user_agent', { length: 512 }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    expiring: boolean('expiring').notNull().default(false),
    expires_at: isoTimestamp('expires_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    index('telemetry_events_ref_idx').on(table.ref_type, table.ref_id),
    index('telemetry_events_name_scope_idx').on(table.name, table.scope),
    index('telemetry_events_realm_created_idx').on(table.realm_id, table.created_at),
    index('telemetry_events_created_idx').on(table.created_at),
    index('telemetry_events_actor_idx').on(table.actor_type, table.actor_id),
    // Only expiring rows are ever swept, so only they are indexed by expiry.
    index('telemetry_events_expiry_idx')
      .on(table.expires_at)
      .where(sql`${table.expiring}`),
  ],
);
