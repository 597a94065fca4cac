import { AnalysisCommand, AnalysisCommandRequestSchema, PlatformPermissionName as P } from '@federa/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSchemaOf } from '#platform/http/resource/index.ts';
import { analyses } from '../db/index.ts';
import { spinUp, tearDown } from './analysis-bucket-commands.ts';
import { runStateCommand } from './analysis-commands.service.ts';
import { controlsRuns, restartRuns, stopRuns } from './analysis-run-commands.ts';
import { requireAnalysis } from './analysis-lookup.ts';
import type { AnalysisContext } from './context.ts';

const Params = z.object({ id: z.uuid('The value must be a valid id.') });

/**
 * Who may run which command. The original only required a sign-in (docs/decisions/0012); here editing
 * the configuration needs analysis_update, and the build also yields to the execution permissions.
 */
const COMMAND_PERMISSIONS: Record<string, readonly string[]> = {
  [AnalysisCommand.CONFIGURATION_LOCK]: [P.ANALYSIS_UPDATE],
  [AnalysisCommand.CONFIGURATION_UNLOCK]: [P.ANALYSIS_UPDATE],
  [AnalysisCommand.SPIN_UP]: [P.ANALYSIS_UPDATE],
  [AnalysisCommand.TEAR_DOWN]: [P.ANALYSIS_UPDATE],
  [AnalysisCommand.BUILD_START]: [P.ANALYSIS_UPDATE, P.ANALYSIS_EXECUTION_START],
  [AnalysisCommand.BUILD_STOP]: [P.ANALYSIS_UPDATE, P.ANALYSIS_EXECUTION_STOP],
  [AnalysisCommand.BUILD_STATUS]: [P.ANALYSIS_UPDATE, P.ANALYSIS_EXECUTION_START, P.ANALYSIS_EXECUTION_STOP],
};

/**
 * `POST analyses/{id}/command {command, ...}`: answers 202 with the analysis after the command, or
 * 400 with the message of docs/product/analysis-platform.md §5 when the analysis' state does not allow it.
 */
export function analysisCommandRoutes(app: FastifyInstance, context: AnalysisContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/analyses/:id/command',
    {
      schema: {
        tags: ['analyses'],
        summary: 'Run an analysis command (lock, unlock, build start, stop, check, ...)',
        params: Params,
        body: AnalysisCommandRequestSchema,
        response: { 202: recordSchemaOf(analyses) },
      },
    },
    async (request, reply) => {
      const { command } = request.body;
      const permissions = COMMAND_PERMISSIONS[command] ?? [P.ANALYSIS_UPDATE];
      await context.access.preCheck(request, permissions);
      if (command !== AnalysisCommand.SPIN_UP && command !== AnalysisCommand.TEAR_DOWN) {
        // The state commands find, lock and check the analysis in their own transaction.
        const done = await runStateCommand(context, request, request.params.id, command, (analysis) =>
          context.access.check(request, permissions, analysis),
        );
        return reply.status(202).send(done);
      }
      const analysis = await requireAnalysis(context.db, context.access, request, request.params.id);
      await context.access.check(request, permissions, analysis);
      // Once built, the two commands start and stop the runs at the nodes; before, they create and
      // remove the analysis' buckets.
      if (command === AnalysisCommand.SPIN_UP) {
        const done = controlsRuns(analysis)
          ? await restartRuns(context, request, analysis)
          : await spinUp(context, request, analysis);
        return reply.status(202).send(done);
      }
      const done = controlsRuns(analysis)
        ? await stopRuns(context, request, analysis)
        : await tearDown(context, request, analysis);
      return reply.status(202).send(done);
    },
  );
}
