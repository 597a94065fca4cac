import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MasterImageCommandArgument } from '@federa/schemas';
import { permissions, policies, realms, robots, users } from '../../auth/db/index.ts';
import { masterImages } from './master-images.ts';
import { nodes } from './nodes.ts';
import { projects } from './projects.ts';
import { registries } from './registries.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

export const analyses = pgTable(
  'analyses',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }),
    description: text('description'),
    /**
     * The storage bucket of its code files (docs/product/analysis-platform.md §3), set when the analysis is
     * created.
     */
    external_id: varchar('external_id', { length: 64 }),
    nodes: integer('nodes').notNull().default(0),
    configuration_locked: boolean('configuration_locked').notNull().default(false),
    // What the configuration still lacks, for the wizard and the clients of the original (0.8.20+).
    // Kept by database triggers in the transaction of the change that moves them (migration 0011):
    // a CODE entrypoint, a master image, an aggregator node, a default node, and both nodes.
    configuration_entrypoint_valid: boolean('configuration_entrypoint_valid').notNull().default(false),
    configuration_image_valid: boolean('configuration_image_valid').notNull().default(false),
    configuration_node_aggregator_valid: boolean('configuration_node_aggregator_valid')
      .notNull()
      .default(false),
    configuration_node_default_valid: boolean('configuration_node_default_valid').notNull().default(false),
    configuration_nodes_valid: boolean('configuration_nodes_valid').notNull().default(false),
    build_status: varchar('build_status', { length: 64 }),
    /** Digest of the image the last finished build pushed to every node. */
    image_digest: varchar('image_digest', { length: 128 }),
    run_status: varchar('run_status', { length: 64 }),
    image_command_arguments: jsonb('image_command_arguments').$type<MasterImageCommandArgument[]>(),
    // SET NULL: removing a registry must not remove analyses (users of the original hub lost them so).
    registry_id: uuid('registry_id').references(() => registries.id, { onDelete: 'set null' }),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // No cascade: a project with analyses cannot be deleted (the route says so first); a realm's
    // deletion still removes both, as the check runs at the end of the statement.
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    master_image_id: uuid('master_image_id').references(() => masterImages.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('analyses_name_index').on(table.name),
    index('analyses_build_status_index').on(table.build_status),
    index('analyses_run_status_index').on(table.run_status),
    // The default list order, per project, inside a realm and across realms, read from the index.
    index('analyses_project_created_index').on(table.project_id, table.created_at),
    index('analyses_realm_created_index').on(table.realm_id, table.created_at),
    index('analyses_created_index').on(table.created_at),
    check('analyses_nodes_not_negative', sql`${table.nodes} >= 0`),
  ],
);

/** A node taking part in an analysis: two-sided, like project nodes. */
export const analysisNodes = pgTable(
  'analysis_nodes',
  {
    id: idColumn(),
    approval_status: varchar('approval_status', { length: 32 }),
    run_status: varchar('run_status', { length: 64 }),
    comment: text('comment'),
    artifact_tag: varchar('artifact_tag', { length: 32 }),
    artifact_digest: varchar('artifact_digest', { length: 512 }),
    analysis_id: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    analysis_realm_id: uuid('analysis_realm_id').notNull(),
    node_id: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    node_realm_id: uuid('node_realm_id').notNull(),
    ...timestamps(),
  },
  (table) => [
    unique('analysis_nodes_node_analysis_unique').on(table.node_id, table.analysis_id),
    index('analysis_nodes_analysis_realm_index').on(table.analysis_realm_id),
    index('analysis_nodes_node_realm_index').on(table.node_realm_id),
  ],
);

/** Link between an analysis and its storage bucket of one type (CODE, RESULT, TEMP). */
export const analysisBuckets = pgTable(
  'analysis_buckets',
  {
    id: idColumn(),
    type: varchar('type', { length: 64 }).notNull(),
    /** The storage bucket id. */
    external_id: varchar('external_id', { length: 64 }),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    analysis_id: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [unique('analysis_buckets_type_analysis_unique').on(table.type, table.analysis_id)],
);

/** The partial unique index that allows one entrypoint (`root`) per analysis bucket. */
export const ANALYSIS_BUCKET_ENTRYPOINT_INDEX = 'analysis_bucket_files_bucket_entrypoint_unique';

export const analysisBucketFiles = pgTable(
  'analysis_bucket_files',
  {
    id: idColumn(),
    name: varchar('name', { length: 256 }).notNull(),
    /** The entrypoint flag. */
    root: boolean('root').notNull().default(false),
    /** The storage bucket-file id. */
    external_id: uuid('external_id').notNull(),
    robot_id: uuid('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    bucket_id: uuid('bucket_id')
      .notNull()
      .references(() => analysisBuckets.id, { onDelete: 'cascade' }),
    analysis_id: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    index('analysis_bucket_files_bucket_index').on(table.bucket_id),
    index('analysis_bucket_files_analysis_index').on(table.analysis_id),
    // One entrypoint per bucket, guaranteed by the database and not only by the writers' bucket lock.
    uniqueIndex(ANALYSIS_BUCKET_ENTRYPOINT_INDEX)
      .on(table.bucket_id)
      .where(sql`${table.root} = true`),
  ],
);

export const analysisPermissions = pgTable(
  'analysis_permissions',
  {
    id: idColumn(),
    analysis_id: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    analysis_realm_id: uuid('analysis_realm_id'),
    // Removing the permission removes the assignment (as the original's aggregator did).
    permission_id: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    permission_realm_id: uuid('permission_realm_id'),
    policy_id: uuid('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    unique('analysis_permissions_analysis_permission_unique').on(table.analysis_id, table.permission_id),
  ],
);

export const analysisNodeEvents = pgTable(
  'analysis_node_events',
  {
    id: idColumn(),
    /** The telemetry event id. */
    event_id: uuid('event_id'),
    analysis_id: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    analysis_realm_id: uuid('analysis_realm_id').notNull(),
    node_id: uuid('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    node_realm_id: uuid('node_realm_id').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('analysis_node_events_analysis_index').on(table.analysis_id),
    index('analysis_node_events_node_index').on(table.node_id),
  ],
);
