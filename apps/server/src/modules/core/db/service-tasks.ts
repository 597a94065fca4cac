import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';
import { jobColumns } from './job-columns.ts';

/**
 * Commands for a service (`POST services/{service}/command`), e.g. a registry setup or a
 * registry-project link. The route validates and records them as `queued` jobs; the worker role
 * carries them out against the registry. Secrets never go here: a link's robot secret is stored on
 * the registry project, where the worker reads it.
 */
export const serviceTasks = pgTable(
  'service_tasks',
  {
    id: idColumn(),
    service: varchar('service', { length: 64 }).notNull(),
    command: varchar('command', { length: 64 }).notNull(),
    /** The registry or registry project the command is about. */
    target_id: uuid('target_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: varchar('status', { length: 32 }).notNull().default('queued'),
    ...jobColumns(),
    ...timestamps(),
  },
  (table) => [index('service_tasks_status_index').on(table.status)],
);
