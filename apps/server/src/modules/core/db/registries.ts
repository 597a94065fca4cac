import { boolean, index, pgTable, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { realms } from '../../auth/db/index.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/** A container registry the hub pushes analysis images to (and, for Harbor, manages projects in). */
export const registries = pgTable('registries', {
  id: idColumn(),
  name: varchar('name', { length: 128 }).notNull(),
  host: varchar('host', { length: 512 }).notNull(),
  /**
   * `harbor` (projects, robot accounts and webhooks managed through Harbor's API) or `oci` (any
   * registry speaking the distribution API; projects are repository prefixes).
   */
  kind: varchar('kind', { length: 32 }).notNull().default('harbor'),
  account_name: varchar('account_name', { length: 256 }),
  /** Write-only: never part of a response. */
  account_secret: varchar('account_secret', { length: 256 }),
  ...timestamps(),
});

/** A Harbor project inside a registry (a node's inbox, the master-image project, ...). */
export const registryProjects = pgTable(
  'registry_projects',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    type: varchar('type', { length: 64 }).notNull().default('default'),
    public: boolean('public').notNull().default(true),
    /** The Harbor project name. */
    external_name: varchar('external_name', { length: 64 }).notNull(),
    /** The Harbor project id. */
    external_id: varchar('external_id', { length: 64 }),
    /** The Harbor robot account of the project. */
    account_id: varchar('account_id', { length: 64 }),
    account_name: varchar('account_name', { length: 256 }),
    /** Write-only: never part of a response. */
    account_secret: varchar('account_secret', { length: 256 }),
    /** The Harbor webhook policy id. */
    webhook_name: varchar('webhook_name', { length: 128 }),
    webhook_exists: boolean('webhook_exists').notNull().default(false),
    registry_id: uuid('registry_id')
      .notNull()
      .references(() => registries.id, { onDelete: 'cascade' }),
    realm_id: uuid('realm_id').references(() => realms.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    unique('registry_projects_name_registry_unique').on(table.name, table.registry_id),
    unique('registry_projects_external_name_registry_unique').on(table.external_name, table.registry_id),
    unique('registry_projects_external_id_registry_unique').on(table.external_id, table.registry_id),
    index('registry_projects_realm_index').on(table.realm_id),
  ],
);
