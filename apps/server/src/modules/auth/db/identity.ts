import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, timestamps } from '../../../platform/db/columns.ts';

/**
 * Identity and access tables. Records of a realm carry `realm_id` (cascade on realm delete); global
 * records (the `admin` role, built-in permissions and scopes) have `realm_id` null. Link tables repeat
 * the realm of each side so realm-scoped lists need no join.
 */

/** Realm names are unique regardless of case: `Research` and `research` would be told apart by nobody. */
export const REALM_NAME_LOWER_INDEX = 'auth_realms_name_lower_unique';

export const realms = pgTable(
  'auth_realms',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull().unique(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    built_in: boolean('built_in').notNull().default(false),
    ...timestamps(),
  },
  (table) => [uniqueIndex(REALM_NAME_LOWER_INDEX).on(sql`lower(${table.name})`)],
);

const realmRef = () => uuid('realm_id').references(() => realms.id, { onDelete: 'cascade' });

/** Token signing keys, one active RSA key per realm, created on first use. */
export const signingKeys = pgTable(
  'auth_keys',
  {
    id: idColumn(),
    type: varchar('type', { length: 64 }).notNull(),
    priority: integer('priority').notNull().default(0),
    signature_algorithm: varchar('signature_algorithm', { length: 64 }).notNull(),
    /** PKCS#8 PEM; never selected into an API response. */
    private_key: text('private_key').notNull(),
    /** SPKI PEM. */
    public_key: text('public_key').notNull(),
    realm_id: realmRef().notNull(),
    ...timestamps(),
  },
  (table) => [index('auth_keys_realm_idx').on(table.realm_id, table.priority)],
);

export const clients = pgTable(
  'auth_clients',
  {
    id: idColumn(),
    built_in: boolean('built_in').notNull().default(false),
    name: varchar('name', { length: 256 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    /** argon2id hash (starts with "$"); the plain secret is shown once. */
    secret: varchar('secret', { length: 512 }),
    redirect_uri: text('redirect_uri'),
    grant_types: varchar('grant_types', { length: 512 }),
    scope: varchar('scope', { length: 512 }),
    base_url: varchar('base_url', { length: 2000 }),
    root_url: varchar('root_url', { length: 2000 }),
    is_confidential: boolean('is_confidential').notNull().default(false),
    /** A first-party client (part of this installation) is trusted: its authorization requests skip consent. */
    first_party: boolean('first_party').notNull().default(false),
    active: boolean('active').notNull().default(true),
    realm_id: realmRef().notNull(),
    ...timestamps(),
  },
  (table) => [unique('auth_clients_name_realm_unique').on(table.name, table.realm_id)],
);

export const users = pgTable(
  'auth_users',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    name_locked: boolean('name_locked').notNull().default(true),
    first_name: varchar('first_name', { length: 128 }),
    last_name: varchar('last_name', { length: 128 }),
    display_name: varchar('display_name', { length: 256 }),
    email: varchar('email', { length: 256 }),
    /** argon2id hash; null for accounts that only sign in through an identity provider. */
    password: varchar('password', { length: 512 }),
    avatar: varchar('avatar', { length: 255 }),
    cover: varchar('cover', { length: 255 }),
    /** Hash of the password-reset code; the code itself is only ever mailed. */
    reset_hash: varchar('reset_hash', { length: 512 }),
    reset_at: varchar('reset_at', { length: 28 }),
    reset_expires: varchar('reset_expires', { length: 28 }),
    status: varchar('status', { length: 256 }),
    status_message: varchar('status_message', { length: 256 }),
    active: boolean('active').notNull().default(true),
    activate_hash: varchar('activate_hash', { length: 512 }),
    realm_id: realmRef().notNull(),
    client_id: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [
    unique('auth_users_name_realm_unique').on(table.name, table.realm_id),
    // The default list order, inside a realm and across realms, read from the index, not sorted.
    index('auth_users_realm_created_idx').on(table.realm_id, table.created_at),
    index('auth_users_created_idx').on(table.created_at),
  ],
);

export const userAttributes = pgTable(
  'auth_user_attributes',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    value: text('value'),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realm_id: realmRef().notNull(),
    ...timestamps(),
  },
  (table) => [unique('auth_user_attributes_name_user_unique').on(table.name, table.user_id)],
);

export const robots = pgTable(
  'auth_robots',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    /** argon2id hash; the plain secret is shown once. */
    secret: varchar('secret', { length: 512 }).notNull(),
    active: boolean('active').notNull().default(true),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    realm_id: realmRef().notNull(),
    ...timestamps(),
  },
  (table) => [unique('auth_robots_name_realm_unique').on(table.name, table.realm_id)],
);

export const policies = pgTable(
  'auth_policies',
  {
    id: idColumn(),
    built_in: boolean('built_in').notNull().default(false),
    type: varchar('type', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    invert: boolean('invert').notNull().default(false),
    /** The type-specific settings (e.g. start/end of a time policy), validated per type. */
    config: jsonb('config').notNull().default({}),
    parent_id: uuid('parent_id').references((): AnyPgColumn => policies.id, { onDelete: 'cascade' }),
    realm_id: realmRef(),
    ...timestamps(),
  },
  (table) => [
    unique('auth_policies_name_realm_unique').on(table.name, table.realm_id).nullsNotDistinct(),
    index('auth_policies_parent_idx').on(table.parent_id),
  ],
);

export const permissions = pgTable(
  'auth_permissions',
  {
    id: idColumn(),
    built_in: boolean('built_in').notNull().default(false),
    name: varchar('name', { length: 128 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    target: varchar('target', { length: 16 }),
    policy_id: uuid('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    client_id: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    realm_id: realmRef(),
    ...timestamps(),
  },
  (table) => [
    unique('auth_permissions_name_client_realm_unique')
      .on(table.name, table.client_id, table.realm_id)
      .nullsNotDistinct(),
  ],
);

export const roles = pgTable(
  'auth_roles',
  {
    id: idColumn(),
    built_in: boolean('built_in').notNull().default(false),
    name: varchar('name', { length: 128 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    target: varchar('target', { length: 16 }),
    client_id: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    realm_id: realmRef(),
    ...timestamps(),
  },
  (table) => [
    unique('auth_roles_name_client_realm_unique')
      .on(table.name, table.client_id, table.realm_id)
      .nullsNotDistinct(),
  ],
);

export const roleAttributes = pgTable(
  'auth_role_attributes',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    value: text('value'),
    role_id: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    realm_id: realmRef(),
    ...timestamps(),
  },
  (table) => [unique('auth_role_attributes_name_role_unique').on(table.name, table.role_id)],
);

export const scopes = pgTable(
  'auth_scopes',
  {
    id: idColumn(),
    built_in: boolean('built_in').notNull().default(false),
    name: varchar('name', { length: 128 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    description: text('description'),
    realm_id: realmRef(),
    ...timestamps(),
  },
  (table) => [unique('auth_scopes_name_realm_unique').on(table.name, table.realm_id).nullsNotDistinct()],
);

export const identityProviders = pgTable(
  'auth_identity_providers',
  {
    id: idColumn(),
    name: varchar('name', { length: 128 }).notNull(),
    display_name: varchar('display_name', { length: 256 }),
    protocol: varchar('protocol', { length: 64 }),
    preset: varchar('preset', { length: 64 }),
    enabled: boolean('enabled').notNull().default(true),
    /** Protocol settings (OAuth2/OIDC endpoints and client, LDAP connection, ...), validated per protocol. */
    config: jsonb('config').notNull().default({}),
    realm_id: realmRef().notNull(),
    ...timestamps(),
  },
  (table) => [unique('auth_identity_providers_name_realm_unique').on(table.name, table.realm_id)],
);

export const identityProviderAccounts = pgTable(
  'auth_identity_provider_accounts',
  {
    id: idColumn(),
    provider_user_id: varchar('provider_user_id', { length: 256 }).notNull(),
    provider_user_name: varchar('provider_user_name', { length: 256 }),
    provider_user_email: varchar('provider_user_email', { length: 512 }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_realm_id: uuid('user_realm_id'),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    provider_realm_id: uuid('provider_realm_id'),
    ...timestamps(),
  },
  (table) => [unique('auth_idp_accounts_provider_user_unique').on(table.provider_id, table.provider_user_id)],
);

export const identityProviderRoleMappings = pgTable(
  'auth_identity_provider_role_mappings',
  {
    id: idColumn(),
    synchronization_mode: varchar('synchronization_mode', { length: 64 }),
    name: varchar('name', { length: 64 }),
    value: varchar('value', { length: 128 }),
    value_is_regex: boolean('value_is_regex').notNull().default(false),
    role_id: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    role_realm_id: uuid('role_realm_id'),
    provider_id: uuid('provider_id')
      .notNull()
      .references(() => identityProviders.id, { onDelete: 'cascade' }),
    provider_realm_id: uuid('provider_realm_id'),
    ...timestamps(),
  },
  (table) => [unique('auth_idp_role_mappings_unique').on(table.provider_id, table.role_id)],
);
