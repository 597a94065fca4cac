import { DeletedCountSchema, PlatformPermissionName as P } from '@federa/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#platform/db/index.ts';
import { badRequest } from '#platform/http/errors.ts';
import type { ParsedFilter } from '#platform/http/query/index.ts';
import type { ResourceAccess } from '#platform/http/resource/index.ts';
import { telemetryLogs } from '../db/logs.ts';
import { LABEL_KEY_PATTERN, LOG_CHANNELS, LOG_LEVELS } from './log-levels.ts';
import { parseLogQuery } from './log-query.ts';
import { LogLineSchema, LogListSchema } from './log-schemas.ts';
import { deleteLogs, listLogs, logConditions, writeLog } from './log-store.ts';
import { readNanoseconds } from './nanoseconds.ts';

export interface LogRoutesOptions {
  db: Database;
  access: ResourceAccess;
}

const MAX_LABELS = 64;

const LogCreateSchema = z
  .object({
    time: z
      .union([z.string(), z.number()])
      .nullish()
      .superRefine((value, context) => {
        const read = value == null ? undefined : readNanoseconds(value);
        if (read && 'error' in read) context.addIssue({ code: 'custom', message: `The time ${read.error}.` });
      }),
    level: z.enum(LOG_LEVELS),
    message: z.string().min(3).max(2048),
    service: z.string().min(1).max(64).nullish(),
    channel: z.enum(LOG_CHANNELS).optional(),
    labels: z
      .record(
        z.string().regex(LABEL_KEY_PATTERN, 'A label name consists of letters, digits and "_".'),
        z.union([z.string().max(512), z.number(), z.boolean()]),
      )
      .refine((labels) => Object.keys(labels).length <= MAX_LABELS, `At most ${MAX_LABELS} labels.`)
      .nullish(),
    realm_id: z.uuid().nullish(),
  })
  .strict();

const ListQuerySchema = z.record(z.string(), z.unknown());

/**
 * Log lines: list (filtered by columns and labels), write one, and delete by filter. Not a resource
 * of the framework: lines have no update and no single read, and deletion is by query, as the
 * original's telemetry service offers them.
 */
export function registerLogRoutes(app: FastifyInstance, { db, access }: LogRoutesOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['logs'];
  const visible = (request: FastifyRequest) => access.visibleRows(request, telemetryLogs.realm_id);

  typed.get(
    '/logs',
    {
      schema: {
        tags,
        summary: 'List log lines',
        querystring: ListQuerySchema,
        response: { 200: LogListSchema },
      },
    },
    async (request) => {
      await access.preCheck(request, [P.LOG_READ, P.LOG_DELETE]);
      return listLogs(db, parseLogQuery(request.query), visible(request));
    },
  );

  typed.post(
    '/logs',
    {
      schema: { tags, summary: 'Write a log line', body: LogCreateSchema, response: { 201: LogLineSchema } },
    },
    async (request, reply) => {
      await access.preCheck(request, [P.LOG_CREATE]);
      const body = request.body;
      const time = body.time == null ? undefined : readNanoseconds(body.time);
      const input = {
        ...(time && 'time' in time ? { time: time.time } : {}),
        level: body.level,
        message: body.message,
        service: body.service ?? null,
        ...(body.channel ? { channel: body.channel } : {}),
        labels: Object.fromEntries(
          Object.entries(body.labels ?? {}).map(([key, value]) => [key, String(value)]),
        ),
        // Like other records, a line belongs to the writer's realm unless another is named.
        realm_id: body.realm_id === undefined ? (request.identity?.realmId ?? null) : body.realm_id,
      };
      await access.check(request, [P.LOG_CREATE], input);
      return reply.status(201).send(await writeLog(db, input));
    },
  );

  typed.delete(
    '/logs',
    {
      schema: {
        tags,
        summary: 'Delete the log lines a filter matches',
        querystring: ListQuerySchema,
        response: { 202: DeletedCountSchema },
      },
    },
    async (request, reply) => {
      await access.preCheck(request, [P.LOG_DELETE]);
      const parsed = parseLogQuery(request.query);
      if (parsed.filters.length === 0 && parsed.labels.length === 0) {
        throw badRequest('Name at least one filter of the log lines to delete, e.g. filter[analysis_id].');
      }
      const filters = parsed.filters.map(timeAsStart);
      const where = logConditions({ ...parsed, filters }, visible(request))!;
      return reply.status(202).send({ deleted: await deleteLogs(db, where) });
    },
  );
}

/**
 * On delete, a plain `filter[time]=<t>` is where deletion starts (lines at or after t), as the
 * original's log store takes it; explicit comparisons (`<t`, `>=t`, ...) are honoured as written.
 */
function timeAsStart(filter: ParsedFilter): ParsedFilter {
  return filter.field === 'time' && filter.operator === 'eq' ? { ...filter, operator: 'gte' } : filter;
}
