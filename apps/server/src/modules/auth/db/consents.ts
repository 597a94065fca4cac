import { boolean, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';
import { clients, realms, scopes, users } from './identity.ts';

/**
 * What a user approved for a client (space-separated scopes). The consent page is skipped while a
 * client asks for no scope beyond these; asking for more shows it again.
 */
export const consents = pgTable(
  'auth_consents',
  {
    id: idColumn(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    ...timestamps(),
  },
  (table) => [unique('auth_consents_user_client_unique').on(table.user_id, table.client_id)],
);

/**
 * The realm's client scopes (as Keycloak's default and optional client scopes): a client created in
 * the realm is assigned each of them, a `default` one as a default scope of the client (granted when
 * a request names no scope), an optional one to be requested by name.
 */
export const realmScopes = pgTable(
  'auth_realm_scopes',
  {
    id: idColumn(),
    realm_id: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    scope_id: uuid('scope_id')
      .notNull()
      .references(() => scopes.id, { onDelete: 'cascade' }),
    scope_realm_id: uuid('scope_realm_id'),
    default: boolean('default').notNull().default(true),
    ...timestamps(),
  },
  (table) => [unique('auth_realm_scopes_unique').on(table.realm_id, table.scope_id)],
);
