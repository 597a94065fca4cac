import type { FastifyInstance } from 'fastify';
import type { DomainEventBus } from '#platform/events/domain-events.ts';
import { registerResource, type Row } from '#platform/http/resource/index.ts';
import { analysisBucketFileResource, followEntrypointChanges } from './analysis-bucket-file.resource.ts';
import { analysisBucketResource, analysisNodeEventResource } from './analysis-bucket.resource.ts';
import { followConfigurationChecks } from './analysis-check-followers.ts';
import { analysisCommandRoutes } from './analysis-command.routes.ts';
import { analysisDownloadRoutes } from './analysis-download.routes.ts';
import { followAnalysisChanges } from './analysis-followers.ts';
import { analysisLogRoutes } from './analysis-logs.routes.ts';
import { analysisNodeResource } from './analysis-node.resource.ts';
import { analysisPermissionResource } from './analysis-permission.resource.ts';
import { analysisResource } from './analysis.resource.ts';
import { startBuildTimeoutSweeper } from './build-timeout.ts';
import type { AnalysisContext } from './context.ts';
import { registerReadOnlyResource } from './read-only-resource.ts';
import { followStorageDeletions } from './storage-deletions.ts';

export type { AnalysisContext } from './context.ts';
export { analysisLogLabels, analysisNodeLogLabels } from './analysis-logs.routes.ts';

/**
 * The analysis side of the hub core: analyses and their nodes, buckets, files, permissions, events
 * and logs, the analysis commands and the code and result downloads.
 */
export function registerAnalyses(
  app: FastifyInstance,
  context: AnalysisContext,
  events: DomainEventBus,
): void {
  const { access } = context;
  const removedBuckets = new Map<string, string[]>();
  const clearedRoots = new Map<string, Row[]>();
  const services = { db: context.db, access, publish: context.publish, outbox: context.outbox };

  analysisCommandRoutes(app, context);
  analysisDownloadRoutes(app, context);
  analysisLogRoutes(app, context);
  for (const definition of [
    analysisResource({ access, removedBuckets }),
    analysisNodeResource(access),
    analysisBucketFileResource(access, clearedRoots),
    analysisPermissionResource(access),
  ]) {
    registerResource(app, definition, services);
  }
  registerReadOnlyResource(app, analysisBucketResource, access, context.db);
  registerReadOnlyResource(app, analysisNodeEventResource, access, context.db);

  const unsubscribers = [
    followAnalysisChanges(events, context),
    followEntrypointChanges(events, context.publish, clearedRoots),
    followStorageDeletions(events, context),
    followConfigurationChecks(events, context),
  ];
  // The worker role reports builds that stopped making progress as failed, without anyone checking.
  if (app.config.roles.includes('worker')) {
    app.addHook('onReady', async () => {
      unsubscribers.push(startBuildTimeoutSweeper(context));
    });
  }
  app.addHook('onClose', async () => unsubscribers.forEach((unsubscribe) => unsubscribe()));
}
