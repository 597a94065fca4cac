import {
  createLayer,
  isIndexMediaType,
  MediaType,
  RegistryError,
  sha256Digest,
  type ImageConfig,
  type ImageManifest,
  type OciClient,
} from '@federa/oci';
import { PermanentJobError } from '#platform/jobs/worker.ts';
import type { StorageDriver } from '#modules/storage/index.ts';
import { objectKeyOf } from '#modules/storage/index.ts';
import type { BuildInputs } from './build-inputs.ts';
import { CODE_DIRECTORY, imageCommand } from './image-command.ts';
import { analysisRepository, ANALYSIS_IMAGE_TAG, masterImageRepository } from './registry-client.ts';

/** Labels every analysis image carries, so an image can be traced back to what built it. */
export const ImageLabel = {
  ANALYSIS: 'org.federa.analysis.id',
  PROJECT: 'org.federa.project.id',
} as const;

export interface BuildProgress {
  /** A step to write to the analysis log. */
  step(message: string): Promise<void>;
  /** Throws when the build must stop (cancelled, or the worker lost the job). */
  checkpoint(): Promise<void>;
}

export interface BuiltImage {
  digest: string;
  /** Repositories holding the image now (for the cleanup of a stopped build). */
  repositories: string[];
  /** Bytes uploaded (the code layer once, configuration per node when not mounted). */
  bytesSent: number;
}

/**
 * Builds the analysis image without a container engine: the master image's manifest and
 * configuration from the registry, one reproducible layer with the code bucket's files under
 * /opt/code/, the command and labels set in a new configuration, and the result pushed to every
 * node's project. The layer is streamed from storage into the first node's repository and mounted
 * into the others; the manifest is written last, so a tag only ever names a complete image.
 */
export async function buildAndPushImage(
  client: OciClient,
  driver: StorageDriver,
  inputs: BuildInputs,
  progress: BuildProgress,
): Promise<BuiltImage> {
  const { analysis, masterImage, entrypoint, files, targets } = inputs;
  const baseRepository = masterImageRepository(masterImage.virtual_path);
  await progress.step(`Reading the master image ${client.host}/${baseRepository}:latest.`);
  const base = await client.getImageManifest(baseRepository, 'latest');
  if (!base) {
    // An operator has to put it there (master-image mirror command); trying again will not help.
    throw new PermanentJobError(
      `The master image ${client.host}/${baseRepository}:latest is not in the registry.`,
    );
  }
  if (isIndexMediaType(base.mediaType))
    throw new RegistryError('The master image resolved to another index.', 502);
  const baseConfig = await client.getBlobJson<ImageConfig>(baseRepository, base.manifest.config.digest);
  await progress.checkpoint();

  const repositories = targets.map((target) => analysisRepository(target.project, analysis.id));
  const first = repositories[0]!;
  await progress.step(`Packing ${files.length} code file(s) into a layer and pushing it to ${first}.`);
  const layer = createLayer(
    files.map((file) => ({
      path: file.path,
      size: Number(file.size),
      open: () => driver.get(objectKeyOf(file)),
    })),
    { directory: CODE_DIRECTORY },
  );
  const uploaded = await client.uploadBlob(first, layer.stream);
  const layerInfo = await layer.result;
  let bytesSent = uploaded.size;
  await progress.checkpoint();

  const docker = base.mediaType === MediaType.DOCKER_MANIFEST;
  const cmd = imageCommand({
    command: masterImage.command,
    analysisArguments: analysis.image_command_arguments,
    masterImageArguments: masterImage.command_arguments,
    entrypoint: { directory: entrypoint.directory, name: entrypoint.name },
  });
  const config: ImageConfig = {
    ...baseConfig,
    config: {
      ...baseConfig.config,
      // Only the command changes, as the original's Dockerfile (FROM, CMD) did.
      Cmd: cmd,
      Labels: {
        ...(baseConfig.config?.Labels ?? {}),
        [ImageLabel.ANALYSIS]: analysis.id,
        [ImageLabel.PROJECT]: analysis.project_id,
      },
    },
    rootfs: { type: 'layers', diff_ids: [...baseConfig.rootfs.diff_ids, layerInfo.diffId] },
    history: [
      ...(baseConfig.history ?? []),
      {
        created: '1970-01-01T00:00:00Z',
        created_by: `COPY code ${CODE_DIRECTORY} (analysis ${analysis.id})`,
      },
    ],
  };
  const configRaw = Buffer.from(JSON.stringify(config));
  const manifest: ImageManifest = {
    schemaVersion: 2,
    mediaType: docker ? MediaType.DOCKER_MANIFEST : MediaType.OCI_MANIFEST,
    config: {
      mediaType: docker ? MediaType.DOCKER_CONFIG : MediaType.OCI_CONFIG,
      digest: sha256Digest(configRaw),
      size: configRaw.length,
    },
    layers: [
      ...base.manifest.layers,
      {
        mediaType: docker ? MediaType.DOCKER_LAYER_GZIP : MediaType.OCI_LAYER_GZIP,
        digest: layerInfo.digest,
        size: layerInfo.size,
      },
    ],
  };

  for (const repository of repositories) {
    await progress.step(`Pushing the image to ${client.host}/${repository}:${ANALYSIS_IMAGE_TAG}.`);
    // The master image's layers by mount from the master project; the code layer from the first node.
    for (const blob of base.manifest.layers) {
      if ((await client.headBlob(repository, blob.digest)) !== undefined) continue;
      if (await client.mountBlob(repository, blob.digest, baseRepository)) continue;
      bytesSent += (
        await client.uploadBlob(repository, await client.getBlob(baseRepository, blob.digest), blob)
      ).size;
    }
    if (repository !== first && (await client.headBlob(repository, layerInfo.digest)) === undefined) {
      if (!(await client.mountBlob(repository, layerInfo.digest, first))) {
        const stream = await client.getBlob(first, layerInfo.digest);
        bytesSent += (await client.uploadBlob(repository, stream, { digest: layerInfo.digest })).size;
      }
    }
    if ((await client.headBlob(repository, manifest.config.digest)) === undefined) {
      bytesSent += (await client.uploadBlob(repository, configRaw)).size;
    }
    await progress.checkpoint();
    await client.putManifest(repository, ANALYSIS_IMAGE_TAG, JSON.stringify(manifest), manifest.mediaType!);
  }
  return { digest: sha256Digest(JSON.stringify(manifest)), repositories, bytesSent };
}
