import { AnalysisBucketType, PlatformPermissionName as P, TarArchiveResponse } from '@federa/schemas';
import { and, eq, exists, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#platform/http/errors.ts';
import { bucketArchive } from '#modules/storage/index.ts';
import { analyses, analysisNodes } from '../db/index.ts';
import { ANALYSIS_READERS } from './access-rules.ts';
import { analysisBucketOf } from './analysis-buckets.ts';
import type { AnalysisRow } from './analysis-lookup.ts';
import type { AnalysisContext } from './context.ts';

const Params = z.object({ id: z.uuid('The value must be a valid id.') });

/**
 * `GET analyses/{id}/files/download` (the code, a tar of the CODE bucket) and
 * `GET analyses/{id}/result/download` (a tar of the RESULT bucket), streamed from storage. The code
 * is for the analysis' realm and for the realms of its nodes, whose operators inspect what they
 * approve; results are for the analysis' realm, with analysis_result_read.
 */
export function analysisDownloadRoutes(app: FastifyInstance, context: AnalysisContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, access } = context;

  /** The analysis, if its realm or (with `nodeSide`) the realm of one of its nodes is the caller's. */
  const findAnalysis = async (request: FastifyRequest, id: string, nodeSide: boolean) => {
    const analysisSide = access.visibleRows(request, analyses.realm_id);
    const ofItsNodes = exists(
      db
        .select({ id: analysisNodes.id })
        .from(analysisNodes)
        .where(
          and(
            eq(analysisNodes.analysis_id, analyses.id),
            access.visibleRows(request, analysisNodes.node_realm_id),
          ),
        ),
    );
    const visible = analysisSide && nodeSide ? or(analysisSide, ofItsNodes) : analysisSide;
    const [row] = await db
      .select()
      .from(analyses)
      .where(and(eq(analyses.id, id), visible));
    return row as AnalysisRow | undefined;
  };

  const register = (
    url: string,
    type: AnalysisBucketType,
    permissions: readonly string[],
    nodeSide: boolean,
  ) => {
    const label = type === AnalysisBucketType.CODE ? 'code' : 'result';
    typed.get(
      url,
      {
        schema: {
          tags: ['analyses'],
          summary: `Download the ${label} files of an analysis (tar)`,
          params: Params,
          response: { 200: TarArchiveResponse },
        },
        exposeHeadRoute: false,
      },
      async (request, reply) => {
        await access.preCheck(request, permissions);
        const analysis = await findAnalysis(request, request.params.id, nodeSide);
        if (!analysis) throw notFound('The analysis was not found.');
        const realmId =
          nodeSide && request.identity?.realmId !== analysis.realm_id
            ? request.identity!.realmId
            : analysis.realm_id;
        await access.check(request, permissions, { ...analysis, realm_id: realmId });
        const bucket = await analysisBucketOf(db, analysis.id, type);
        if (!bucket?.external_id) throw notFound(`The ${label} bucket of the analysis does not exist.`);
        return reply
          .headers({
            'content-type': 'application/x-tar',
            'content-disposition': `attachment; filename="analysis-${analysis.id}-${label}.tar"`,
            'x-content-type-options': 'nosniff',
          })
          .send(bucketArchive(db, context.driver, bucket.external_id));
      },
    );
  };

  register('/analyses/:id/files/download', AnalysisBucketType.CODE, ANALYSIS_READERS, true);
  register('/analyses/:id/result/download', AnalysisBucketType.RESULT, [P.ANALYSIS_RESULT_READ], false);
}
