import { ErrorCode } from '@federa/schemas';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListResponse } from '@federa/schemas';
import { VersionedCache } from '#platform/cache/versioned-cache.ts';
import type { Executor } from '#platform/db/index.ts';
import type { EntityEvent, EntityEventName } from '#platform/events/domain-events.ts';
import { badRequest, forbidden, HttpError, notFound, validationFailed } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { parseListQuery, parseReadQuery, runListQuery, runReadQuery } from '../query/index.ts';
import type { ParsedListQuery } from '../query/types.ts';
import { recordListSchemaOf, recordSchemaOf } from './response-schemas.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PermissionRule, RealmColumns, ResourceDefinition, ResourceServices, Row } from './types.ts';
import { userAgentOf } from '../user-agent.ts';

/** Cached list pages per resource: enough for the pages people and dashboards poll, bounded in memory. */
/** How long a cached page may be used at all; the size is CACHE_LIST_PAGES. */
const LIST_PAGE_TTL_MS = 60_000;

const IdParams = z.object({ id: z.string().min(1).max(256) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What the database generates for every other record (gen_random_uuid): a random, version 4 UUID. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Registers the REST routes of one resource (docs/design.md §4): list, read, create (201), update (202),
 * optional create-or-update (PUT), delete (202, returns the deleted entity). Each route checks
 * permissions twice: before the body is known, and with the record's attributes; lists and reads
 * only ever touch rows the caller may see, so totals count visible rows only.
 */
export function registerResource(
  app: FastifyInstance,
  definition: ResourceDefinition,
  services: ResourceServices,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, access } = services;
  const idColumn = definition.query.idColumn.column;
  const tags = [definition.path];
  const hidden = new Set([...(definition.secretColumns ?? [])]);
  const listPages = new VersionedCache<ListResponse<Row>>({
    maxEntries: app.config.caches.listPages,
    ttlMs: LIST_PAGE_TTL_MS,
  });
  // What the answers look like (the OpenAPI document shows them; responses serialize through them).
  const RecordBody = recordSchemaOf(definition.table, definition.secretColumns);
  const RecordListBody = recordListSchemaOf(definition.table, definition.secretColumns);

  const preCheck = async (request: FastifyRequest, rule: PermissionRule) => {
    if (rule !== 'public') await access.preCheck(request, rule);
  };
  const check = async (request: FastifyRequest, rule: PermissionRule, attributes: Row) => {
    if (rule !== 'public')
      await access.check(request, rule, definition.attributesOf?.(attributes, request) ?? attributes);
  };
  /**
   * A pre-check that may still be waived once the record is known to be the caller's own: returns
   * the refusal instead of throwing when the resource offers self-service.
   */
  const preCheckOrSelf = async (request: FastifyRequest, rule: PermissionRule): Promise<unknown> => {
    try {
      await preCheck(request, rule);
      return undefined;
    } catch (error) {
      if (!definition.self || !request.identity) throw error;
      return error;
    }
  };
  const isSelf = (request: FastifyRequest, row: Row) => definition.self?.isSelf(request, row) ?? false;
  const lookup = (key: string, request: FastifyRequest): SQL =>
    definition.lookup
      ? definition.lookup(key, request)
      : UUID.test(key)
        ? eq(idColumn, key)
        : eq(idColumn, null as never);
  const visible = (request: FastifyRequest) =>
    definition.sharedWithAllRealms ? undefined : access.visibleRows(request, definition.realmColumn);

  /** The whole stored record, for permission checks and hooks (never sent as is). */
  const findRecord = async (executor: Executor, key: string, request: FastifyRequest) => {
    if (!definition.lookup && !UUID.test(key)) return undefined;
    const [row] = await executor
      .select()
      .from(definition.table)
      .where(and(lookup(key, request), visible(request)))
      .limit(1);
    return row as Row | undefined;
  };
  /** Whether a record with the id exists at all, visible to the caller or not. */
  const existsOutOfSight = async (id: string) => {
    const [row] = await db.select({ id: idColumn }).from(definition.table).where(eq(idColumn, id)).limit(1);
    return row !== undefined;
  };
  /** The record, or a 404; a caller refused up front learns nothing about other records' existence. */
  const requireRecord = async (
    executor: Executor,
    key: string,
    request: FastifyRequest,
    refused?: unknown,
  ) => {
    const row = await findRecord(executor, key, request);
    if (!row) throw refused ?? notFound(`The ${definition.label} was not found.`);
    return row;
  };

  /** The part of a record anybody may read (`publicFields`), with included relations. */
  const publicPart = (row: Row): Row => {
    const allowed = new Set(definition.publicFields ?? []);
    const includable = new Set(definition.query.relations.keys());
    return Object.fromEntries(Object.entries(row).filter(([key]) => allowed.has(key) || includable.has(key)));
  };

  /** What a response may show of a row: no secret columns, no hidden columns unless asked for. */
  const toResponse = definition.hooks?.toResponse ?? ((row: Row) => row);
  const strip = (row: Row): Row => {
    const result: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (!hidden.has(key) && !definition.query.hiddenFields.includes(key)) result[key] = value;
    }
    return toResponse(result);
  };
  const realmsOf = (row: Row) =>
    definition.realmsOf
      ? definition.realmsOf(row)
      : realmColumnsOf(definition.realmColumn)
          .map((column) => row[column.name])
          .filter(
            (value, index, all): value is string => typeof value === 'string' && all.indexOf(value) === index,
          );
  /** The event of a change, announced through the outbox with the change's transaction. */
  const eventOf = (
    event: EntityEventName,
    row: Row,
    request: FastifyRequest,
    previous?: Row,
  ): EntityEvent => ({
    type: definition.entityType,
    event,
    data: strip(row),
    realmIds: realmsOf(row),
    ...requestContext(request),
    ...(previous ? { previous: strip(previous) } : {}),
  });

  /**
   * Whether the caller reads the public fields only: the resource has some, and the caller lacks the
   * read permission. Without public fields, a missing permission is refused as usual.
   */
  const readsPublicOnly = async (request: FastifyRequest): Promise<boolean> => {
    if (!definition.publicFields) {
      await preCheck(request, definition.permissions.read);
      return false;
    }
    return preCheck(request, definition.permissions.read).then(
      () => false,
      () => true,
    );
  };

  typed.get(
    `/${definition.path}`,
    {
      schema: {
        tags,
        summary: `List ${definition.label}s`,
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: RecordListBody },
      },
    },
    async (request) => {
      const publicOnly = await readsPublicOnly(request);
      const parsed = parseListQuery(request.query, definition.query);
      assertNoSecretFields(parsed.fields, hidden);
      if (publicOnly) assertPublicQuery(parsed, request.query, definition.publicFields!);
      const readPage = async () => {
        const page = await runListQuery(db, definition.query, parsed, { where: visible(request) });
        const shaped = definition.hooks?.toResponse ? { ...page, data: page.data.map(toResponse) } : page;
        return publicOnly ? { ...shaped, data: shaped.data.map(publicPart) } : shaped;
      };
      const version = definition.listVersion?.(request);
      // Included relations come from other tables, which the version does not cover.
      if (version === undefined || parsed.include.length > 0) return readPage();
      // What a page holds depends only on the query, on the realm the caller sees (visibleRows) and
      // on whether the caller reads public fields only.
      const key = `${publicOnly ? 'public' : 'full'} ${request.identity?.realmId ?? ''} ${request.url}`;
      return listPages.get(key, version, readPage);
    },
  );

  typed.get(
    `/${definition.path}/:id`,
    {
      schema: {
        tags,
        summary: `Read a ${definition.label}`,
        params: IdParams,
        response: { 200: RecordBody },
      },
    },
    async (request, reply) => {
      const publicOnly = definition.publicFields ? await readsPublicOnly(request) : false;
      const refused = publicOnly ? undefined : await preCheckOrSelf(request, definition.permissions.read);
      const parsed = parseReadQuery(request.query, definition.query);
      assertNoSecretFields(parsed.fields, hidden);
      const record = await requireRecord(db, request.params.id, request, refused);
      let limited = publicOnly;
      if (!limited && !isSelf(request, record)) {
        if (refused) throw refused;
        const denied = await check(request, definition.permissions.read, record).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (denied && !definition.publicFields) throw denied;
        limited = denied !== undefined;
      }
      const row = await runReadQuery(db, definition.query, parsed, eq(idColumn, record.id as string));
      if (!row) throw notFound(`The ${definition.label} was not found.`);
      // The version an update may name in If-Match to refuse overwriting someone else's change.
      if (typeof record.updated_at === 'string') void reply.header('etag', `"${record.updated_at}"`);
      return limited ? publicPart(toResponse(row)) : toResponse(row);
    },
  );

  const create = async (request: FastifyRequest, body: unknown, forcedId?: string) => {
    await preCheck(request, definition.permissions.create);
    const input = parseInput(definition.createSchema, body);
    // Preparation and checks read outside the write transaction: the embedded database has a single
    // connection, and a permission check inside a transaction would wait for itself.
    const data = definition.hooks?.prepareCreate
      ? await definition.hooks.prepareCreate(input, { request, db })
      : input;
    if (forcedId) data.id = forcedId;
    await check(request, definition.permissions.create, data);
    const inserted = await services.outbox.transaction(async (tx, emit) => {
      const [row] = (await tx
        .insert(definition.table)
        .values(data as never)
        .returning()) as Row[];
      await definition.hooks?.afterWrite?.(row!, 'created', { request, db: tx, emit });
      emit(eventOf('created', row!, request));
      return row!;
    });
    const presented = strip(inserted);
    return definition.hooks?.present ? definition.hooks.present(presented, input, 'created') : presented;
  };

  const update = async (request: FastifyRequest, key: string, body: unknown) => {
    const refused = await preCheckOrSelf(request, definition.permissions.update);
    const input = parseInput(definition.updateSchema!, body);
    if (!Object.values(input).some((value) => value !== undefined)) throw nothingToChange();
    const existing = await requireRecord(db, key, request, refused);
    const data = definition.hooks?.prepareUpdate
      ? await definition.hooks.prepareUpdate(existing, input, { request, db })
      : input;
    const denied =
      refused ??
      (await check(request, definition.permissions.update, { ...existing, ...data }).then(
        () => undefined,
        (error: unknown) => error,
      ));
    if (denied) {
      // Without the update permission, only the owner may change the self-service fields.
      if (!definition.self || !isSelf(request, existing)) throw denied;
      assertSelfUpdatable(Object.keys(input), definition.self.updatable);
    }
    const basedOnVersion = assertVersion(request, existing, definition.label);
    await definition.hooks?.beforeUpdate?.(existing, input, { request, db });
    const updated = await services.outbox.transaction(async (tx, emit) => {
      // A hook may take every field for itself (links, secrets); the stored row then stays as it is.
      const changes = Object.values(data).some((value) => value !== undefined);
      const [row] = changes
        ? ((await tx
            .update(definition.table)
            .set(data as never)
            .where(and(eq(idColumn, existing.id as string), unchangedSince(basedOnVersion)))
            .returning()) as Row[])
        : [existing];
      // With a version named, no row means another save came in between the read and this one.
      if (!row && basedOnVersion) throw entityModified(definition.label);
      if (!row) throw notFound(`The ${definition.label} was not found.`);
      await definition.hooks?.afterWrite?.(row, 'updated', { request, db: tx, emit });
      emit(eventOf('updated', row, request, existing));
      return row;
    });
    const presented = strip(updated);
    return definition.hooks?.present ? definition.hooks.present(presented, input, 'updated') : presented;
  };

  typed.post(
    `/${definition.path}`,
    {
      schema: {
        tags,
        summary: `Create a ${definition.label}`,
        body: definition.createSchema,
        response: { 201: RecordBody },
      },
    },
    async (request, reply) => reply.status(201).send(await create(request, request.body)),
  );

  if (definition.updateSchema) {
    const updateSchema = definition.updateSchema;
    typed.post(
      `/${definition.path}/:id`,
      {
        schema: {
          tags,
          summary: `Update a ${definition.label}`,
          params: IdParams,
          body: updateSchema,
          response: { 202: RecordBody },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await update(request, request.params.id, request.body)),
    );

    if (definition.allowPut) {
      typed.put(
        `/${definition.path}/:id`,
        {
          schema: {
            tags,
            summary: `Create or update a ${definition.label}`,
            params: IdParams,
            response: { 201: RecordBody, 202: RecordBody },
          },
        },
        async (request, reply) => {
          const existing = await findRecord(db, request.params.id, request);
          if (existing) return reply.status(202).send(await update(request, request.params.id, request.body));
          const forcedId = UUID.test(request.params.id) ? request.params.id : undefined;
          if (forcedId && !UUID_V4.test(forcedId)) {
            // A chosen id looks like every generated one, so nobody can pick nil or ordered ids.
            throw validationFailed([
              { path: 'id', code: 'invalid_format', message: 'The id must be a random (version 4) UUID.' },
            ]);
          }
          if (forcedId && (await existsOutOfSight(forcedId))) {
            // The id belongs to a record the caller may not see: answer as for an update of it
            // (POST), never "exists already", so another realm's ids stay unconfirmed.
            await preCheck(request, definition.permissions.create);
            throw notFound(`The ${definition.label} was not found.`);
          }
          const body = forcedId ? request.body : { ...(request.body as Row), name: request.params.id };
          return reply.status(201).send(await create(request, body, forcedId));
        },
      );
    }
  }

  typed.delete(
    `/${definition.path}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a ${definition.label}`,
        params: IdParams,
        response: { 202: RecordBody },
      },
    },
    async (request, reply) => {
      await preCheck(request, definition.permissions.delete);
      const existing = await requireRecord(db, request.params.id, request);
      await check(request, definition.permissions.delete, existing);
      await definition.hooks?.beforeDelete?.(existing, { request, db });
      const deleted = await services.outbox.transaction(async (tx, emit) => {
        const [row] = (await tx
          .delete(definition.table)
          .where(eq(idColumn, existing.id as string))
          .returning()) as Row[];
        if (!row) throw notFound(`The ${definition.label} was not found.`);
        await definition.hooks?.afterWrite?.(row, 'deleted', { request, db: tx, emit });
        emit(eventOf('deleted', row, request));
        return row;
      });
      return reply.status(202).send(strip(deleted));
    },
  );
}

/** Who made a change and through which request, for the audit trail (telemetry events). */
export function requestContext(request: FastifyRequest): Pick<EntityEvent, 'actor' | 'request'> {
  const identity = request.identity;
  return {
    ...(identity
      ? {
          actor: {
            type: identity.type,
            id: identity.id,
            ...(identity.name === undefined ? {} : { name: identity.name }),
          },
        }
      : {}),
    request: {
      method: request.method,
      path: request.url.split('?', 1)[0]!,
      ipAddress: request.ip,
      ...userAgentOf(request),
    },
  };
}

/** The realm columns of a definition as a list (none, one, or both sides of a two-sided record). */
export function realmColumnsOf(realmColumn: RealmColumns | undefined): readonly PgColumn[] {
  if (!realmColumn) return [];
  return Array.isArray(realmColumn) ? (realmColumn as readonly PgColumn[]) : [realmColumn as PgColumn];
}

/** A caller reading public fields only may filter and sort by them, and by nothing else. */
function assertPublicQuery(
  parsed: ParsedListQuery,
  query: Record<string, unknown>,
  publicFields: readonly string[],
): void {
  // The requested sort only; the resource's default order is not the caller's choice.
  const sort = typeof query.sort === 'string' ? query.sort.split(',') : [];
  const fields = [
    ...parsed.filters.filter((filter) => !filter.relation).map((filter) => filter.field),
    ...sort.map((field) => field.trim().replace(/^[-+]/, '')).filter(Boolean),
  ];
  const refused = fields.filter((field) => !publicFields.includes(field));
  if (refused.length > 0) {
    throw forbidden(`Filtering or sorting by ${[...new Set(refused)].join(', ')} needs the read permission.`);
  }
}

/**
 * Lost-update protection: an update naming the version it was based on (`If-Match` with the ETag of
 * a read, i.e. the record's `updated_at`) is refused with 412 `entity_modified` when the record has
 * changed since. Without If-Match (or with `*`) the update applies as before.
 */
function assertVersion(request: FastifyRequest, existing: Row, label: string): string | undefined {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header.trim() === '*' || typeof existing.updated_at !== 'string') {
    return undefined;
  }
  const versions = header.split(',').map((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, ''));
  if (versions.includes(existing.updated_at)) return existing.updated_at;
  throw entityModified(label);
}

/**
 * The version check again inside the UPDATE, so two saves based on one version cannot both pass the
 * check above before either writes. Versions are ISO strings cut to milliseconds, as the API shows them.
 */
function unchangedSince(version: string | undefined): SQL | undefined {
  return version === undefined
    ? undefined
    : sql`date_trunc('milliseconds', updated_at) = ${version}::timestamptz`;
}

function entityModified(label: string): HttpError {
  return new HttpError(
    412,
    ErrorCode.ENTITY_MODIFIED,
    `The ${label} was changed by someone else since it was loaded; reload it, or save again to overwrite.`,
  );
}

function nothingToChange() {
  return badRequest(
    'The request changes nothing: send at least one attribute to update.',
    ErrorCode.VALIDATION_FAILED,
  );
}

function assertSelfUpdatable(fields: readonly string[], updatable: readonly string[]): void {
  const refused = fields.filter((field) => !updatable.includes(field));
  if (refused.length > 0) {
    throw forbidden(`You may not change ${refused.join(', ')} of your own account.`);
  }
}

function assertNoSecretFields(fields: readonly string[], secrets: ReadonlySet<string>): void {
  // Secret columns are never declared as fields; this guards against a declaration mistake.
  for (const field of fields)
    if (secrets.has(field)) throw new Error(`Secret column "${field}" declared as a field`);
}
