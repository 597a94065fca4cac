import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { realms, robots, users } from '../../auth/db/index.ts';
import { masterImages } from './master-images.ts';
import { nodes } from './nodes.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    name: varchar('name', { length: 256 }).notNull(),
    description: text('description'),
    /** Counters kept by database triggers (migration core_counters); never negative. */
    analyses: integer('analyses').notNull().default(0),
    nodes: integer('nodes').notNull().default(0),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    robot_id: uuid('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    master_image_id: uuid('master_image_id').references(() => masterImages.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    unique('projects_name_unique').on(table.name),
    // The default list order, inside a realm and across realms, read from the index, not sorted.
    index('projects_realm_created_index').on(table.realm_id, table.created_at),
    index('projects_created_index').on(table.created_at),
    check('projects_analyses_not_negative', sql`${table.analyses} >= 0`),
    check('projects_nodes_not_negative', sql`${table.nodes} >= 0`),
  ],
);

/** A node taking part in a project: a two-sided record, visible to the project's and the node's realm. */
export const projectNodes = pgTable(
  'project_nodes',
  {
    id: idColumn(),
    approval_status: varchar('approval_status', { length: 32 }),
    comment: text('comment'),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    project_realm_id: uuid('project_realm_id').notNull(),
    node_id: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    node_realm_id: uuid('node_realm_id').notNull(),
    ...timestamps(),
  },
  (table) => [
    unique('project_nodes_project_node_unique').on(table.project_id, table.node_id),
    index('project_nodes_project_realm_index').on(table.project_realm_id),
    index('project_nodes_node_realm_index').on(table.node_realm_id),
    index('project_nodes_node_index').on(table.node_id),
  ],
);
