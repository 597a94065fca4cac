import {
  AnalysisNodeLogCreateSchema,
  DeletedCountSchema,
  NoContentSchema,
  PlatformPermissionName as P,
} from '@federa/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '#platform/http/errors.ts';
import type { ParsedFilter } from '#platform/http/query/index.ts';
import {
  deleteLogs,
  listLogs,
  logConditions,
  LogListSchema,
  parseLogQuery,
  type ParsedLogQuery,
} from '#modules/telemetry/index.ts';
import { analysisNodes } from '../db/index.ts';
import { canWriteRealm } from '../shared/realms.ts';
import { ANALYSIS_READERS, NOT_NODE_AUTHORITY_MESSAGE } from './access-rules.ts';
import { requireAnalysis } from './analysis-lookup.ts';
import { analysisNodeSideOf } from './analysis-node.resource.ts';
import type { AnalysisContext } from './context.ts';

/** The labels of an analysis' own log lines (its build, ...); the build worker writes with these. */
export function analysisLogLabels(analysisId: string): Record<string, string> {
  return { ref_type: 'analysis', ref_id: analysisId, analysis_id: analysisId };
}

/** The labels of the lines a node writes about its run of an analysis. */
export function analysisNodeLogLabels(analysisId: string, nodeId: string): Record<string, string> {
  return { ref_type: 'analysisNode', analysis_id: analysisId, node_id: nodeId };
}

export const ANALYSIS_FILTER_MESSAGE = 'The filter analysis_id must be defined.';
export const NODE_FILTERS_MESSAGE = 'The filters node_id and analysis_id must be defined.';

const AnyQuery = z.record(z.string(), z.unknown());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id an equality label filter names, if it is one. */
function labelId(parsed: ParsedLogQuery, key: string): string | undefined {
  const filter = parsed.labels.find((item) => item.field === key);
  if (filter?.operator !== 'eq' || typeof filter.value !== 'string' || !UUID.test(filter.value))
    return undefined;
  return filter.value;
}

const eqLabel = (field: string, value: string): ParsedFilter => ({
  parameter: `filter[${field}]`,
  field,
  operator: 'eq',
  value,
});

/**
 * Analysis logs and analysis-node logs, kept by the telemetry module (docs/decisions/0010). Reading
 * needs the analysis (or, for node lines, the analysis node) to be visible to the caller; lines are
 * not limited to the caller's realm, since a node writes them in its own.
 */
export function analysisLogRoutes(app: FastifyInstance, context: AnalysisContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, access } = context;
  const tags = ['analysis-logs'];

  /** The analysis of an `analysis-logs` query, visible to the caller, and the query narrowed to its lines. */
  const analysisQuery = async (request: FastifyRequest) => {
    const parsed = parseLogQuery(request.query);
    const analysisId = labelId(parsed, 'analysis_id');
    if (!analysisId) throw badRequest(ANALYSIS_FILTER_MESSAGE);
    const analysis = await requireAnalysis(db, access, request, analysisId);
    const labels = parsed.labels.filter((item) => item.field !== 'ref_type');
    return { analysis, parsed: { ...parsed, labels: [...labels, eqLabel('ref_type', 'analysis')] } };
  };

  /** The analysis node of an `analysis-node-logs` query or body, visible to the caller. */
  const requireAnalysisNode = async (request: FastifyRequest, analysisId: string, nodeId: string) => {
    const [row] = await db
      .select()
      .from(analysisNodes)
      .where(
        and(
          eq(analysisNodes.analysis_id, analysisId),
          eq(analysisNodes.node_id, nodeId),
          access.visibleRows(request, [analysisNodes.analysis_realm_id, analysisNodes.node_realm_id]),
        ),
      );
    if (!row) throw badRequest('The node is not part of the analysis.');
    return row;
  };

  const nodeQuery = async (request: FastifyRequest) => {
    const parsed = parseLogQuery(request.query);
    const analysisId = labelId(parsed, 'analysis_id');
    const nodeId = labelId(parsed, 'node_id');
    if (!analysisId || !nodeId) throw badRequest(NODE_FILTERS_MESSAGE);
    const node = await requireAnalysisNode(request, analysisId, nodeId);
    const labels = parsed.labels.filter((item) => item.field !== 'ref_type');
    return { node, parsed: { ...parsed, labels: [...labels, eqLabel('ref_type', 'analysisNode')] } };
  };

  typed.get(
    '/analysis-logs',
    {
      schema: {
        tags,
        summary: 'List the log lines of an analysis',
        querystring: AnyQuery,
        response: { 200: LogListSchema },
      },
    },
    async (request) => {
      await access.preCheck(request, ANALYSIS_READERS);
      const { analysis, parsed } = await analysisQuery(request);
      await access.check(request, ANALYSIS_READERS, analysis);
      return listLogs(db, parsed, undefined);
    },
  );

  typed.delete(
    '/analysis-logs',
    {
      schema: {
        tags,
        summary: 'Delete the log lines of an analysis',
        querystring: AnyQuery,
        response: { 202: DeletedCountSchema },
      },
    },
    async (request, reply) => {
      await access.preCheck(request, [P.ANALYSIS_UPDATE, P.ANALYSIS_DELETE]);
      const { analysis, parsed } = await analysisQuery(request);
      await access.check(request, [P.ANALYSIS_UPDATE, P.ANALYSIS_DELETE], analysis);
      return reply.status(202).send({ deleted: await deleteLogs(db, logConditions(parsed, undefined)!) });
    },
  );

  typed.get(
    '/analysis-node-logs',
    {
      schema: {
        tags,
        summary: 'List the log lines of an analysis node',
        querystring: AnyQuery,
        response: { 200: LogListSchema },
      },
    },
    async (request) => {
      await access.preCheck(request, ANALYSIS_READERS);
      const { node, parsed } = await nodeQuery(request);
      // As every read: the full check with the record (the caller's side of the analysis node).
      await access.check(request, ANALYSIS_READERS, analysisNodeSideOf(request, node));
      return listLogs(db, parsed, undefined);
    },
  );

  typed.delete(
    '/analysis-node-logs',
    {
      schema: {
        tags,
        summary: 'Delete the log lines of an analysis node',
        querystring: AnyQuery,
        response: { 202: DeletedCountSchema },
      },
    },
    async (request, reply) => {
      await access.preCheck(request, [P.ANALYSIS_UPDATE, P.ANALYSIS_DELETE]);
      const { node, parsed } = await nodeQuery(request);
      if (!canWriteRealm(request, node.analysis_realm_id)) {
        throw forbidden('Only the realm of the analysis may delete its log lines.');
      }
      await access.check(request, [P.ANALYSIS_UPDATE, P.ANALYSIS_DELETE], {
        realm_id: node.analysis_realm_id,
      });
      return reply.status(202).send({ deleted: await deleteLogs(db, logConditions(parsed, undefined)!) });
    },
  );

  typed.post(
    '/analysis-node-logs',
    {
      schema: {
        tags,
        summary: 'Write a log line of an analysis node',
        body: AnalysisNodeLogCreateSchema,
        response: { 202: NoContentSchema },
      },
    },
    async (request, reply) => {
      await access.preCheck(request, [P.ANALYSIS_UPDATE]);
      const body = request.body;
      const node = await requireAnalysisNode(request, body.analysis_id, body.node_id);
      // A node writes about its own run (as in the original hub): the node's realm, with analysis_update.
      if (!canWriteRealm(request, node.node_realm_id)) throw forbidden(NOT_NODE_AUTHORITY_MESSAGE);
      await access.check(request, [P.ANALYSIS_UPDATE], { realm_id: node.node_realm_id }).catch(() => {
        throw forbidden(NOT_NODE_AUTHORITY_MESSAGE);
      });
      await context.telemetry.writeLog({
        ...(body.time == null ? {} : { time: String(body.time) }),
        level: body.level,
        message: body.message,
        service: 'node',
        channel: 'background',
        labels: {
          ...body.labels,
          ...(body.status ? { status: body.status } : {}),
          ...(body.code ? { code: body.code } : {}),
          ...analysisNodeLogLabels(body.analysis_id, body.node_id),
        },
        realm_id: node.node_realm_id,
      });
      // Accepted without a body, as the original answers and its clients expect.
      return reply.status(202).send(undefined);
    },
  );
}
