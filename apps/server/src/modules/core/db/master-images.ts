import { index, jsonb, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import type { MasterImageCommandArgument } from '@federa/schemas';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/** A directory of the master-image catalog carrying `image-group.json`. */
export const masterImageGroups = pgTable(
  'master_image_groups',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    // The sync upserts by virtual path, so it must identify a group (the original lacked this).
    virtual_path: varchar('virtual_path', { length: 512 }).notNull(),
    ...timestamps(),
  },
  (table) => [unique('master_image_groups_virtual_path_unique').on(table.virtual_path)],
);

/** A buildable image of the catalog; analyses start from one. */
export const masterImages = pgTable(
  'master_images',
  {
    id: idColumn(),
    name: varchar('name', { length: 256 }).notNull(),
    path: varchar('path', { length: 512 }),
    virtual_path: varchar('virtual_path', { length: 512 }).notNull(),
    group_virtual_path: varchar('group_virtual_path', { length: 512 }).notNull(),
    command: text('command'),
    command_arguments: jsonb('command_arguments').$type<MasterImageCommandArgument[]>(),
    ...timestamps(),
  },
  (table) => [
    unique('master_images_virtual_path_unique').on(table.virtual_path),
    index('master_images_group_virtual_path_index').on(table.group_virtual_path),
    index('master_images_path_index').on(table.path),
  ],
);
