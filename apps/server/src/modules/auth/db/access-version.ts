import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row (id 1) whose `version` goes up with every statement that changes who holds which
 * permission or how a permission is decided: permissions, policies and every permission or role link
 * (triggers in migration 0007, so cascades and every write path count). Each request reads it in the
 * same query that checks its token, so an in-memory cache of permission data tagged with the version
 * it was loaded at is never used after a change, on any replica sharing the database.
 */
export const accessVersion = pgTable('auth_access_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
