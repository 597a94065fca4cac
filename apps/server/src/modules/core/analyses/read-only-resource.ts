import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#platform/http/errors.ts';
import {
  parseListQuery,
  parseReadQuery,
  runListQuery,
  runReadQuery,
  type ResourceQuery,
} from '#platform/http/query/index.ts';
import {
  recordListSchemaOf,
  recordSchemaOf,
  type RealmColumns,
  type ResourceAccess,
  type Row,
} from '#platform/http/resource/index.ts';

export interface ReadOnlyResource {
  path: string;
  label: string;
  query: ResourceQuery;
  read: readonly string[];
  realmColumn: RealmColumns;
  /** The attributes policies see for a record (the caller's side of a two-sided one); default the record. */
  attributesOf?(row: Row, request: FastifyRequest): Row;
}

const IdParams = z.object({ id: z.uuid('The value must be a valid id.') });

/**
 * `GET /{path}` and `GET /{path}/:id` for records only the hub itself writes (an analysis' buckets,
 * the run events of its nodes): the same permission, realm and query rules as full resources.
 */
export function registerReadOnlyResource(
  app: FastifyInstance,
  resource: ReadOnlyResource,
  access: ResourceAccess,
  db: Parameters<typeof runListQuery>[0],
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = [resource.path];
  typed.get(
    `/${resource.path}`,
    {
      schema: {
        tags,
        summary: `List ${resource.label}s`,
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: recordListSchemaOf(resource.query.table) },
      },
    },
    async (request) => {
      await access.preCheck(request, resource.read);
      const parsed = parseListQuery(request.query, resource.query);
      return runListQuery(db, resource.query, parsed, {
        where: access.visibleRows(request, resource.realmColumn),
      });
    },
  );
  typed.get(
    `/${resource.path}/:id`,
    {
      schema: {
        tags,
        summary: `Read a ${resource.label}`,
        params: IdParams,
        response: { 200: recordSchemaOf(resource.query.table) },
      },
    },
    async (request) => {
      await access.preCheck(request, resource.read);
      const parsed = parseReadQuery(request.query, resource.query);
      const byId = eq(resource.query.idColumn.column, request.params.id);
      const [record] = (await db
        .select()
        .from(resource.query.table)
        .where(and(byId, access.visibleRows(request, resource.realmColumn)))
        .limit(1)) as Row[];
      if (!record) throw notFound(`The ${resource.label} was not found.`);
      // The full check with the record, as for every other read (policies see its attributes).
      await access.check(request, resource.read, resource.attributesOf?.(record, request) ?? record);
      const row = await runReadQuery(db, resource.query, parsed, byId);
      if (!row) throw notFound(`The ${resource.label} was not found.`);
      return row;
    },
  );
}
