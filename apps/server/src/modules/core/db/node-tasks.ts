import { jsonb, pgTable, uuid, varchar, index } from 'drizzle-orm/pg-core';
import { nodes } from './nodes.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/**
 * Registry tasks requested for a node (setup, cleanup, projectLink, ...). The HTTP route only records
 * them; the worker that carries them out against Harbor picks up `queued` rows.
 */
export const nodeTasks = pgTable(
  'node_tasks',
  {
    id: idColumn(),
    node_id: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    task: varchar('task', { length: 64 }).notNull(),
    /** The request's extra attributes besides `task`. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: varchar('status', { length: 32 }).notNull().default('queued'),
    ...timestamps(),
  },
  (table) => [
    index('node_tasks_node_index').on(table.node_id),
    index('node_tasks_status_index').on(table.status),
  ],
);
