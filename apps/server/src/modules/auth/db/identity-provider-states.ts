import { idColumn, isoTimestamp, timestamps } from '../../../platform/db/columns.ts';
import { index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { identityProviders } from './identity.ts';

/**
 * Pending sign-ins at an upstream OAuth2/OIDC provider, one per redirect to its authorize endpoint.
 * The row is found by the hash of the `state` parameter and deleted when the callback uses it (single
 * use); it is only accepted from the browser holding the cookie whose hash is `browser_hash`.
 */
export const identityProviderStates = pgTable(
  'auth_identity_provider_states',
  {
    id: idColumn(),
    state_hash: varchar('state_hash', { length: 128 }).notNull().unique(),
    browser_hash: varchar('browser_hash', { length: 128 }).notNull(),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    /** PKCE verifier (RFC 7636) sent with the code exchange; only its S256 challenge left this server. */
    code_verifier: varchar('code_verifier', { length: 128 }).notNull(),
    /** OIDC nonce expected in the ID token. */
    nonce: varchar('nonce', { length: 128 }),
    /** The web app page to return to once signed in (a local path, checked when it was given). */
    return_to: varchar('return_to', { length: 2000 }),
    expires_at: isoTimestamp('expires_at').notNull(),
    ...timestamps(),
  },
  (table) => [index('auth_identity_provider_states_expires_idx').on(table.expires_at)],
);
