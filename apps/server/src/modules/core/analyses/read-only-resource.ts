import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import {
  parseListQuery,
  parseReadQuery,
  runListQuery,
  runReadQuery,
  type ResourceQuery,
} from '../../../platform/http/query/index.ts';
import type { RealmColumns, ResourceAccess } from '../../../platform/http/resource/index.ts';

export interface ReadOnlyResource {
  path: string;
  label: string;
  query: ResourceQuery;
  read: readonly string[];
  realmColumn: RealmColumns;
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
      schema: { tags, summary: `List ${resource.label}s`, querystring: z.record(z.string(), z.unknown()) },
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
    { schema: { tags, summary: `Read a ${resource.label}`, params: IdParams } },
    async (request) => {
      await access.preCheck(request, resource.read);
      const parsed = parseReadQuery(request.query, resource.query);
      const row = await runReadQuery(
        db,
        resource.query,
        parsed,
        and(
          eq(resource.query.idColumn.column, request.params.id),
          access.visibleRows(request, resource.realmColumn),
        ),
      );
      if (!row) throw notFound(`The ${resource.label} was not found.`);
      return row;
    },
  );
}
