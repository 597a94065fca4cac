import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '#platform/db/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EmitEvent, EventOutbox } from '#platform/events/event-outbox.ts';
import type { ResourceQuery } from '../query/index.ts';

export type Row = Record<string, unknown>;

/** The column(s) holding a record's realm: one, or one per side of a two-sided record. */
export type RealmColumns = PgColumn | readonly PgColumn[];

/**
 * How a module decides who may do what: the resource framework calls it, the module implements it
 * (the identity module with its policy engine). Every method throws an HttpError-like error to refuse.
 */
export interface ResourceAccess {
  /** Before the body or record is known: the caller holds at least one of the permissions. */
  preCheck(request: FastifyRequest, permissions: readonly string[]): Promise<void>;
  /** With the record's attributes (realm, owner, ...): at least one permission is granted for it. */
  check(request: FastifyRequest, permissions: readonly string[], attributes: Row): Promise<void>;
  /**
   * Rows the caller may see at all (realm isolation); undefined when unrestricted. With several realm
   * columns (two-sided records), a row is visible when any of them is the caller's realm; without a
   * realm column, only to the master realm.
   */
  visibleRows(request: FastifyRequest, realmColumn: RealmColumns | undefined): SQL | undefined;
}

/** A permission rule: the names of which at least one is needed, or `public` for anyone. */
export type PermissionRule = readonly string[] | 'public';

export interface ResourceContext {
  request: FastifyRequest;
  db: Executor;
  /**
   * In `afterWrite` only: announces further changes the write made, with it, through the outbox
   * (docs/decisions/0100-transactional-outbox.md).
   */
  emit?: EmitEvent;
}

export interface ResourceHooks {
  /** Completes and checks a validated create body (defaults, generated values, hashing, references). */
  prepareCreate?(input: Row, context: ResourceContext): Promise<Row> | Row;
  /** Completes and checks a validated update body against the stored record. */
  prepareUpdate?(existing: Row, input: Row, context: ResourceContext): Promise<Row> | Row;
  /**
   * Refuses an update by throwing, once the caller is known to be allowed to make it (after the
   * permission checks), e.g. an escalation guard whose refusal must not tell a caller without the
   * update permission anything about the record. `input` is the validated body.
   */
  beforeUpdate?(existing: Row, input: Row, context: ResourceContext): Promise<void> | void;
  /** Refuses a delete (e.g. of something built in) by throwing. */
  beforeDelete?(existing: Row, context: ResourceContext): Promise<void> | void;
  /**
   * Runs inside the write's transaction after the row was written (links, counters, ...). It must only
   * use `context.db` (the transaction), never the authorizer or the database handle.
   */
  afterWrite?(
    row: Row,
    event: 'created' | 'updated' | 'deleted',
    context: ResourceContext,
  ): Promise<void> | void;
  /**
   * Adds to the response of a create or update what only that response may carry, such as a
   * generated secret shown once.
   */
  present?(row: Row, input: Row, event: 'created' | 'updated'): Row;
  /** Reshapes every row the resource sends (lists, reads, writes, events), e.g. to flatten settings. */
  toResponse?(row: Row): Row;
}

export interface ResourceDefinition<T extends PgTable = PgTable> {
  /** URL segment, e.g. `realms`. */
  path: string;
  /** Entity type of events, e.g. `realm`. */
  entityType: string;
  /** Singular noun for messages, e.g. `realm`, `identity provider`. */
  label: string;
  table: T;
  query: ResourceQuery<T>;
  permissions: {
    read: PermissionRule;
    create: PermissionRule;
    update: PermissionRule;
    delete: PermissionRule;
  };
  /** Validates a create body (after empty strings became null). */
  createSchema: z.ZodType<Row>;
  /** Validates an update body; omit for resources that cannot be updated (links). */
  updateSchema?: z.ZodType<Row>;
  /**
   * Column that holds the record's realm, for realm isolation. A two-sided record (a project node:
   * project realm and node realm) names both; each realm then sees the record.
   */
  realmColumn?: RealmColumns;
  /**
   * Records of no realm that every realm reads (the master image catalog). Without it, records of a
   * resource without a realm column are seen by the master realm only.
   */
  sharedWithAllRealms?: boolean;
  /**
   * Lets pages of the list be served from memory: the version of the table's data that the request
   * read from the database (raised by every write to the table, in the writing transaction), or
   * undefined to read the database. A page is reused only at the version it was read at.
   */
  listVersion?(request: FastifyRequest): number | undefined;
  /** Realms of a record for events; default: the realm column's value. */
  realmsOf?(row: Row): string[];
  /** How `:id` finds the record; default the id column. Users, robots, ... also accept a name. */
  lookup?(key: string, request: FastifyRequest): SQL;
  /** Columns never returned, not even with `fields=+name` (password hashes, reset codes). */
  secretColumns?: readonly string[];
  hooks?: ResourceHooks;
  /** The attributes policies see for a stored record; default the record itself. */
  attributesOf?(row: Row, request: FastifyRequest): Row;
  /**
   * Self-service: the identity a record belongs to may read it and change the listed fields without
   * holding the read or update permission.
   */
  self?: { isSelf(request: FastifyRequest, row: Row): boolean; updatable: readonly string[] };
  /** Whether `PUT /{path}/:id` (create-or-update) exists. */
  allowPut?: boolean;
  /**
   * What anybody may read without the read permission (a sign-in page lists providers before anyone
   * signs in): lists and reads then answer these fields only, and filter and sort by them only. The
   * rest of a record (configuration) needs `permissions.read`.
   */
  publicFields?: readonly string[];
}

export interface ResourceServices {
  db: Database;
  access: ResourceAccess;
  publish(event: EntityEvent): void;
  /** Stores a write's events with its change, so they are announced even after a crash. */
  outbox: EventOutbox;
}
