import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { analyses } from './analyses.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/**
 * Work requested for an analysis (`build`, ...). The command route records a `queued` row; the build
 * worker (a later issue) takes queued rows, moves them on (`running`, `finished`, `failed`) and
 * touches `updated_at` as it makes progress, which is how a stuck build is told from a slow one.
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
    ...timestamps(),
  },
  (table) => [
    index('analysis_tasks_analysis_index').on(table.analysis_id),
    index('analysis_tasks_status_index').on(table.status),
  ],
);
