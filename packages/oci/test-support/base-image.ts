import { createReadStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { OciClient } from '../src/client.ts';
import { createLayer, type LayerFile } from '../src/layer.ts';
import { MediaType, type ImageConfig, type ImageIndex, type ImageManifest } from '../src/media-types.ts';

/*
 * Small base images pushed by the tests themselves: one layer holding Debian's statically linked
 * busybox (`busybox-static`) as /bin/busybox, or a few bytes of text where it is not installed.
 */

export interface PushedImage {
  /** Digest of what the tag names (the index, when `index` was asked for). */
  digest: string;
  /** Digest of the linux/amd64 image manifest. */
  manifestDigest: string;
  config: ImageConfig;
}

export interface BaseImageOptions {
  /** Push an image index with a linux/amd64 and a linux/arm64 entry instead of a plain manifest. */
  index?: boolean;
  /** Docker's schema-2 media types instead of OCI's. */
  docker?: boolean;
  cmd?: string[];
}

const BUSYBOX = '/bin/busybox';

function baseFiles(): LayerFile[] {
  if (existsSync(BUSYBOX)) {
    return [{ path: 'busybox', size: statSync(BUSYBOX).size, open: () => createReadStream(BUSYBOX) }];
  }
  const text = Buffer.from('#!/bin/sh\necho base image\n');
  return [{ path: 'busybox', size: text.length, open: () => Readable.from([text]) }];
}

async function pushPlatform(
  client: OciClient,
  repository: string,
  architecture: string,
  options: BaseImageOptions,
): Promise<{ digest: string; size: number; mediaType: string; config: ImageConfig }> {
  const layer = createLayer(baseFiles(), { directory: '/bin/' });
  const uploaded = await client.uploadBlob(repository, layer.stream);
  const { diffId } = await layer.result;
  const config: ImageConfig = {
    architecture,
    os: 'linux',
    config: {
      Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
      Cmd: options.cmd ?? ['/bin/busybox', 'sh'],
      Labels: { 'org.example.base': architecture },
    },
    rootfs: { type: 'layers', diff_ids: [diffId] },
    history: [{ created: '1970-01-01T00:00:00Z', created_by: 'federa test base image' }],
  };
  const configRaw = Buffer.from(JSON.stringify(config));
  const configBlob = await client.uploadBlob(repository, configRaw);
  const manifest: ImageManifest = {
    schemaVersion: 2,
    mediaType: options.docker ? MediaType.DOCKER_MANIFEST : MediaType.OCI_MANIFEST,
    config: {
      mediaType: options.docker ? MediaType.DOCKER_CONFIG : MediaType.OCI_CONFIG,
      digest: configBlob.digest,
      size: configBlob.size,
    },
    layers: [
      {
        mediaType: options.docker ? MediaType.DOCKER_LAYER_GZIP : MediaType.OCI_LAYER_GZIP,
        digest: uploaded.digest,
        size: uploaded.size,
      },
    ],
  };
  const raw = Buffer.from(JSON.stringify(manifest));
  const digest = await client.putManifest(repository, `${architecture}-only`, raw, manifest.mediaType!);
  return { digest, size: raw.length, mediaType: manifest.mediaType!, config };
}

/** Pushes a base image to `repository:tag` of the registry at `url` (no credentials). */
export async function pushBaseImage(
  url: string,
  repository: string,
  tag = 'latest',
  options: BaseImageOptions = {},
): Promise<PushedImage> {
  const client = new OciClient({ url });
  const amd64 = await pushPlatform(client, repository, 'amd64', options);
  if (!options.index) {
    const fetched = await client.getManifest(repository, amd64.digest);
    const digest = await client.putManifest(repository, tag, fetched!.raw, amd64.mediaType);
    return { digest, manifestDigest: amd64.digest, config: amd64.config };
  }
  const arm64 = await pushPlatform(client, repository, 'arm64', options);
  const index: ImageIndex = {
    schemaVersion: 2,
    mediaType: options.docker ? MediaType.DOCKER_MANIFEST_LIST : MediaType.OCI_INDEX,
    manifests: [
      {
        mediaType: arm64.mediaType,
        digest: arm64.digest,
        size: arm64.size,
        platform: { os: 'linux', architecture: 'arm64' },
      },
      {
        mediaType: amd64.mediaType,
        digest: amd64.digest,
        size: amd64.size,
        platform: { os: 'linux', architecture: 'amd64' },
      },
    ],
  };
  const digest = await client.putManifest(
    repository,
    tag,
    Buffer.from(JSON.stringify(index)),
    index.mediaType!,
  );
  return { digest, manifestDigest: amd64.digest, config: amd64.config };
}
