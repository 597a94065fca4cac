import { AnalysisBucketType } from '@federa/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#platform/db/index.ts';
import { PermanentJobError } from '#platform/jobs/worker.ts';
import { storageBucketFiles, type StorageBucketFile } from '#modules/storage/index.ts';
import {
  analyses,
  analysisBucketFiles,
  analysisBuckets,
  analysisNodes,
  masterImages,
  nodes,
  registries,
  registryProjects,
} from '../db/index.ts';

export type BuildAnalysis = typeof analyses.$inferSelect;
export type BuildRegistry = typeof registries.$inferSelect;
export type BuildMasterImage = typeof masterImages.$inferSelect;

export interface BuildTarget {
  nodeId: string;
  nodeName: string;
  /** The node's project in the registry (the first path segment of its repositories). */
  project: string;
}

export interface BuildInputs {
  analysis: BuildAnalysis;
  registry: BuildRegistry;
  masterImage: BuildMasterImage;
  entrypoint: StorageBucketFile;
  /** The code bucket's files in path order. */
  files: StorageBucketFile[];
  targets: BuildTarget[];
}

/**
 * Everything a build needs, read fresh for every attempt. What is missing cannot be fixed by trying
 * again, so it fails the build at once with a reason a person can act on.
 */
export async function loadBuildInputs(
  db: Database,
  analysisId: string,
  registryId: string | null,
): Promise<BuildInputs> {
  const [analysis] = await db.select().from(analyses).where(eq(analyses.id, analysisId));
  if (!analysis) throw new PermanentJobError('The analysis does not exist any more.');
  const chosenRegistry = registryId ?? analysis.registry_id;
  const [registry] = chosenRegistry
    ? await db.select().from(registries).where(eq(registries.id, chosenRegistry))
    : [];
  if (!registry) throw new PermanentJobError('The registry of the build does not exist any more.');
  const [masterImage] = analysis.master_image_id
    ? await db.select().from(masterImages).where(eq(masterImages.id, analysis.master_image_id))
    : [];
  if (!masterImage) throw new PermanentJobError('The analysis has no master image.');

  const [code] = await db
    .select({ id: analysisBuckets.id, external_id: analysisBuckets.external_id })
    .from(analysisBuckets)
    .where(
      and(eq(analysisBuckets.analysis_id, analysisId), eq(analysisBuckets.type, AnalysisBucketType.CODE)),
    );
  if (!code?.external_id) throw new PermanentJobError('The analysis bucket for code files does not exist.');
  const [root] = await db
    .select({ external_id: analysisBucketFiles.external_id })
    .from(analysisBucketFiles)
    .where(and(eq(analysisBucketFiles.bucket_id, code.id), eq(analysisBucketFiles.root, true)))
    .limit(1);
  const files = await db
    .select()
    .from(storageBucketFiles)
    .where(eq(storageBucketFiles.bucket_id, code.external_id))
    .orderBy(asc(storageBucketFiles.path));
  const entrypoint = root ? files.find((file) => file.id === root.external_id) : undefined;
  if (!entrypoint) throw new PermanentJobError('The analysis has no entrypoint file.');

  const rows = await db
    .select({
      nodeId: nodes.id,
      nodeName: nodes.name,
      project: registryProjects.external_name,
      projectRegistry: registryProjects.registry_id,
    })
    .from(analysisNodes)
    .innerJoin(nodes, eq(nodes.id, analysisNodes.node_id))
    .leftJoin(registryProjects, eq(registryProjects.id, nodes.registry_project_id))
    .where(eq(analysisNodes.analysis_id, analysisId))
    .orderBy(asc(nodes.name));
  if (rows.length === 0) throw new PermanentJobError('The analysis has no nodes.');
  const targets: BuildTarget[] = [];
  for (const row of rows) {
    if (!row.project || row.projectRegistry !== registry.id) {
      throw new PermanentJobError(
        `The node ${row.nodeName} has no project in the registry ${registry.name} yet.`,
      );
    }
    targets.push({ nodeId: row.nodeId, nodeName: row.nodeName, project: row.project });
  }
  return { analysis, registry, masterImage, entrypoint, files, targets };
}
