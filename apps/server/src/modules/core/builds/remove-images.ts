import { RegistryError } from '@federa/oci';
import { and, eq } from 'drizzle-orm';
import { analysisNodes, nodes, registries, registryProjects } from '../db/index.ts';
import type { BuildContext } from './build-context.ts';
import { analysisRepository, ANALYSIS_IMAGE_TAG, registryClient } from './registry-client.ts';

/** The repositories an analysis's image goes to in a registry, one per node with a project there. */
export async function analysisRepositories(
  context: Pick<BuildContext, 'db'>,
  analysisId: string,
  registryId: string,
): Promise<{ nodeName: string; repository: string }[]> {
  const rows = await context.db
    .select({ nodeName: nodes.name, project: registryProjects.external_name })
    .from(analysisNodes)
    .innerJoin(nodes, eq(nodes.id, analysisNodes.node_id))
    .innerJoin(
      registryProjects,
      and(eq(registryProjects.id, nodes.registry_project_id), eq(registryProjects.registry_id, registryId)),
    )
    .where(eq(analysisNodes.analysis_id, analysisId));
  return rows.map((row) => ({
    nodeName: row.nodeName,
    repository: analysisRepository(row.project, analysisId),
  }));
}

/** Deletes the analysis image from every node project; answers how many held one. */
export async function removeAnalysisImages(
  context: Pick<BuildContext, 'db'>,
  analysis: { id: string },
  registryId: string | null,
): Promise<number> {
  if (!registryId) return 0;
  const [registry] = await context.db.select().from(registries).where(eq(registries.id, registryId));
  if (!registry) return 0;
  const client = registryClient(registry);
  let removed = 0;
  for (const { repository } of await analysisRepositories(context, analysis.id, registryId)) {
    const head = await client.headManifest(repository, ANALYSIS_IMAGE_TAG);
    if (!head) continue;
    try {
      if (await client.deleteManifest(repository, head.digest)) removed += 1;
    } catch (error) {
      // A registry that does not allow deletes cannot honour a stop; say so instead of pretending.
      if (error instanceof RegistryError && (error.status === 405 || error.codes.includes('UNSUPPORTED'))) {
        throw new Error(`The registry does not allow deleting images (${repository}).`, { cause: error });
      }
      throw error;
    }
  }
  return removed;
}
