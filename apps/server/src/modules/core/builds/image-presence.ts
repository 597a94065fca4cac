import { eq } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import type { TelemetryServices } from '#modules/telemetry/index.ts';
import { registries } from '../db/index.ts';
import { writeBuildLog } from './build-log.ts';
import { analysisRepositories } from './remove-images.ts';
import { ANALYSIS_IMAGE_TAG, registryClient } from './registry-client.ts';

/**
 * Looks up the analysis image in every node's project and writes what it found to the analysis log,
 * one line per node; nothing about the build status changes. A registry that cannot be reached is
 * reported the same way.
 */
export async function reportImagePresence(
  context: { db: Database; telemetry: TelemetryServices },
  analysis: { id: string; realm_id: string; registry_id: string | null; image_digest?: string | null },
): Promise<void> {
  const [registry] = analysis.registry_id
    ? await context.db.select().from(registries).where(eq(registries.id, analysis.registry_id))
    : [];
  if (!registry) {
    await writeBuildLog(context.telemetry, analysis, 'warn', 'Build check: the analysis has no registry.');
    return;
  }
  const client = registryClient(registry);
  for (const { nodeName, repository } of await analysisRepositories(context, analysis.id, registry.id)) {
    try {
      const head = await client.headManifest(repository, ANALYSIS_IMAGE_TAG);
      const expected = analysis.image_digest;
      const message = !head
        ? `Build check: node ${nodeName} has no image at ${client.host}/${repository}:${ANALYSIS_IMAGE_TAG}.`
        : expected && head.digest !== expected
          ? `Build check: node ${nodeName} holds ${head.digest}, not the built ${expected}.`
          : `Build check: node ${nodeName} holds ${client.host}/${repository}@${head.digest}.`;
      await writeBuildLog(context.telemetry, analysis, head ? 'info' : 'warn', message);
    } catch (error) {
      await writeBuildLog(
        context.telemetry,
        analysis,
        'error',
        `Build check: the registry could not be asked about node ${nodeName}: ${(error as Error).message}`,
      );
    }
  }
}
