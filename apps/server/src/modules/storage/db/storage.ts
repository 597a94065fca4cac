import { bigint, index, pgTable, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/**
 * Storage tables. A bucket belongs to a realm and to the identity that created it (its owner); its
 * files repeat both so realm-scoped lists and owner checks need no join. `realm_id` carries no foreign
 * key: modules do not reach into each other's tables, and the module removes a deleted realm's
 * buckets itself (see realm-cleanup.ts).
 */

const owner = () => ({
  /** `user`, `robot` or `client`: together with actor_id the identity that owns the record. */
  actor_type: varchar('actor_type', { length: 64 }).notNull(),
  actor_id: uuid('actor_id').notNull(),
  realm_id: uuid('realm_id').notNull(),
});

export const storageBuckets = pgTable(
  'storage_buckets',
  {
    id: idColumn(),
    name: varchar('name', { length: 256 }).notNull(),
    region: varchar('region', { length: 256 }),
    ...owner(),
    ...timestamps(),
  },
  (table) => [unique('storage_buckets_realm_name_unique').on(table.realm_id, table.name)],
);

export const storageBucketFiles = pgTable(
  'storage_bucket_files',
  {
    id: idColumn(),
    /** The last segment of `path`. */
    name: varchar('name', { length: 1024 }).notNull(),
    /** Relative path inside the bucket as uploaded, e.g. `src/main.py` (at most 1024 bytes). */
    path: varchar('path', { length: 1024 }).notNull(),
    /** `path` without its last segment; `.` for a file at the top of the bucket. */
    directory: varchar('directory', { length: 1024 }).notNull(),
    /** sha256 of the content, hex. */
    hash: varchar('hash', { length: 64 }).notNull(),
    /** Bytes; 64-bit because files may exceed 2 GiB. */
    size: bigint('size', { mode: 'bigint' }).notNull(),
    bucket_id: uuid('bucket_id')
      .notNull()
      .references(() => storageBuckets.id, { onDelete: 'cascade' }),
    ...owner(),
    ...timestamps(),
  },
  (table) => [
    // One file per path: a second upload of the same path is a conflict, as in the original.
    unique('storage_bucket_files_bucket_path_unique').on(table.bucket_id, table.path),
    index('storage_bucket_files_realm_idx').on(table.realm_id),
  ],
);

export type StorageBucket = typeof storageBuckets.$inferSelect;
export type StorageBucketFile = typeof storageBucketFiles.$inferSelect;
