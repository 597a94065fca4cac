import { idColumn, isoTimestamp, timestamps } from '../../../platform/db/columns.ts';
import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { clients, realms, robots, users } from './identity.ts';

/**
 * Refresh tokens that may still be used: the row id is the token's jti. Using one deletes its row
 * (single use, rotation); a row past `expires_at` is swept.
 */
export const refreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: idColumn(),
    expires_at: isoTimestamp('expires_at').notNull(),
    scope: varchar('scope', { length: 512 }),
    /** jti of the access token issued together with this refresh token (revoked with it). */
    access_token_id: uuid('access_token_id'),
    /**
     * The authorization code the chain of refresh tokens started from (kept through rotation), so a
     * replayed code can revoke every token issued from it (RFC 6749 §4.1.2).
     */
    grant_id: uuid('grant_id'),
    client_id: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    robot_id: uuid('robot_id').references(() => robots.id, { onDelete: 'cascade' }),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    /**
     * Where the session signed in or last refreshed its token from, so its owner can tell their own
     * sign-ins from someone else's (the own sessions list); null for tokens issued before it was kept.
     */
    ip_address: varchar('ip_address', { length: 64 }),
    user_agent: varchar('user_agent', { length: 512 }),
    ...timestamps(),
  },
  (table) => [index('auth_refresh_tokens_expires_idx').on(table.expires_at)],
);

/** Revoked token ids, shared by every replica; kept until the token would have expired anyway. */
export const revokedTokens = pgTable(
  'auth_revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    expires_at: isoTimestamp('expires_at').notNull(),
  },
  (table) => [index('auth_revoked_tokens_expires_idx').on(table.expires_at)],
);

/** Authorization codes (RFC 6749 §4.1): stored hashed, single use, short-lived. */
export const authorizationCodes = pgTable('auth_authorization_codes', {
  id: idColumn(),
  code_hash: varchar('code_hash', { length: 128 }).notNull().unique(),
  /** The authorization request as approved: client, redirect URI, scope, PKCE challenge, subject. */
  request: text('request').notNull(),
  expires_at: isoTimestamp('expires_at').notNull(),
  /** Set by the exchange; a used code is kept a while so that a replay can be recognised. */
  used_at: isoTimestamp('used_at'),
  /** jti of the access token the exchange issued, revoked when the code is replayed. */
  access_token_id: uuid('access_token_id'),
  ...timestamps(),
});

/** Failed sign-ins per account and per address, for throttling across replicas. */
export const loginFailures = pgTable('auth_login_failures', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull().default(0),
  window_started_at: isoTimestamp('window_started_at').notNull(),
});
