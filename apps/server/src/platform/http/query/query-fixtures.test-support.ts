/** Tables and declarations shared by the query tests (not loaded by the server). */
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { defineResourceQuery } from './definition.ts';

export const realms = pgTable('realms', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  parent_id: uuid('parent_id'),
  // string mode, as the application's tables use
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  display_name: varchar('display_name', { length: 128 }),
  active: boolean('active').notNull(),
  count: integer('count').notNull(),
  big: bigint('big', { mode: 'bigint' }),
  role: text('role', { enum: ['admin', 'member'] }),
  secret: text('secret'),
  settings: jsonb('settings'),
  realm_id: uuid('realm_id'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const CREATE_TABLES_SQL = `
  CREATE TABLE realms (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    parent_id uuid REFERENCES realms(id),
    created_at timestamptz NOT NULL
  );
  CREATE TABLE users (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    display_name varchar(128),
    active boolean NOT NULL,
    count integer NOT NULL,
    big bigint,
    role text,
    secret text,
    settings jsonb,
    realm_id uuid REFERENCES realms(id),
    created_at timestamptz NOT NULL
  );
`;

export const userQuery = defineResourceQuery({
  table: users,
  fields: {
    default: ['id', 'name', 'display_name', 'active', 'count', 'role', 'realm_id', 'created_at'],
    hidden: ['secret', 'big'],
  },
  filters: ['id', 'name', 'display_name', 'active', 'count', 'big', 'role', 'realm_id', 'created_at'],
  sorts: ['id', 'name', 'count', 'created_at'],
  defaultSort: { created_at: 'DESC' },
  relations: {
    realm: {
      table: realms,
      localKey: 'realm_id',
      foreignKey: 'id',
      fields: ['id', 'name'],
      filters: ['name'],
    },
  },
});

export const realmQuery = defineResourceQuery({
  table: realms,
  fields: { default: ['id', 'name', 'parent_id', 'created_at'] },
  filters: ['id', 'name', 'parent_id', 'created_at'],
  sorts: ['name', 'created_at'],
  relations: {
    parent: {
      table: realms,
      localKey: 'parent_id',
      foreignKey: 'id',
      fields: ['id', 'name'],
      filters: ['name'],
    },
  },
  maxLimit: 100,
});
