import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Versions of cached data, one row each. Row 1 (ACCESS_VERSION_ROW), the access version, whose `version` goes up with every statement that changes who holds which
 * permission or how a permission is decided: permissions, policies and every permission or role link
 * (triggers in migration 0007, so cascades and every write path count). Each request reads it in the
 * same query that checks its token, so an in-memory cache of permission data tagged with the version
 * it was loaded at is never used after a change, on any replica sharing the database. Row 2
 * (USERS_VERSION_ROW) does the same for pages of the user list: it goes up with every statement that
 * changes auth_users (migration 0010).
 */
export const accessVersion = pgTable('auth_access_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const ACCESS_VERSION_ROW = 1;
export const USERS_VERSION_ROW = 2;
