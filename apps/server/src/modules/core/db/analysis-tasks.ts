import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { analyses } from './analyses.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';
import { jobColumns } from './job-columns.ts';

/**
 * Work requested for an analysis (`build`, ...), and the job the worker role consumes: the command
 * route records a `queued` row; a worker claims it (`running`, with a lease it renews), finishes it
 * (`finished`), puts it back with a delay after an error, or gives up (`failed`, with the error).
 * Renewing the lease touches `updated_at`, which is how a stuck build is told from a slow one.
 */
export const analysisTasks = pgTable(
  'analysis_tasks',
  {
    id: idColumn(),
    analysis_id: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    task: varchar('task', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: varchar('status', { length: 32 }).notNull().default('queued'),
    ...jobColumns(),
    ...timestamps(),
  },
  (table) => [
    index('analysis_tasks_analysis_index').on(table.analysis_id),
    index('analysis_tasks_status_index').on(table.status),
  ],
);
