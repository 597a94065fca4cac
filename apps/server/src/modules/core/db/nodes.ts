import { boolean, index, pgTable, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { realms, robots } from '../../auth/db/index.ts';
import { registries, registryProjects } from './registries.ts';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/** A participating site. */
export const nodes = pgTable(
  'nodes',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    /** The node's Harbor project name; unique across the hub. */
    external_name: varchar('external_name', { length: 64 }),
    /** PEM text of the node's public key (the original stored hex; we keep what clients send). */
    public_key: text('public_key'),
    hidden: boolean('hidden').notNull().default(false),
    type: varchar('type', { length: 64 }).notNull().default('default'),
    online: boolean('online').notNull().default(false),
    // SET NULL, never CASCADE: removing a registry must not remove nodes and their keys (users of the
    // original hub lost them so).
    registry_id: uuid('registry_id').references(() => registries.id, { onDelete: 'set null' }),
    registry_project_id: uuid('registry_project_id').references(() => registryProjects.id, {
      onDelete: 'set null',
    }),
    robot_id: uuid('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    unique('nodes_external_name_unique').on(table.external_name),
    unique('nodes_name_realm_unique').on(table.name, table.realm_id),
    index('nodes_realm_index').on(table.realm_id),
  ],
);
