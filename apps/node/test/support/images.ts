import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import {
  DigestMismatchError,
  type ImageConfig,
  type ImagePuller,
  type PulledImage,
} from '../../src/drivers/driver.ts';

export interface TestImage {
  digest: string;
  config: ImageConfig;
  layer: Buffer;
}

/** A gzip-compressed layer holding `files` (paths without the leading slash). */
export async function layerOf(files: Record<string, string>): Promise<Buffer> {
  const pack = tar.pack();
  for (const [name, content] of Object.entries(files)) pack.entry({ name, mode: 0o644 }, content);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

/**
 * An analysis image as the hub's build makes it: the code under /opt/code in the last layer, the
 * command `python /opt/code/<entrypoint>`. The digest is that of its manifest, as a registry has it.
 */
export async function analysisImage(
  files: Record<string, string>,
  entrypoint = 'main.py',
): Promise<TestImage> {
  const layer = await layerOf(
    Object.fromEntries(Object.entries(files).map(([name, body]) => [`opt/code/${name}`, body])),
  );
  const config: ImageConfig = {
    Cmd: ['python', `/opt/code/${entrypoint}`],
    Env: ['PATH=/usr/local/bin:/usr/bin', 'LANG=C.UTF-8'],
  };
  const sha = (data: Buffer | string) => `sha256:${createHash('sha256').update(data).digest('hex')}`;
  const configBlob = JSON.stringify({ architecture: 'amd64', os: 'linux', config });
  const manifest = JSON.stringify({
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config: {
      mediaType: 'application/vnd.oci.image.config.v1+json',
      digest: sha(configBlob),
      size: configBlob.length,
    },
    layers: [
      { mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', digest: sha(layer), size: layer.length },
    ],
  });
  return { digest: sha(manifest), config, layer };
}

/**
 * Stands in for the registry until the agent pulls over the OCI API: serves the images by reference
 * and, as the real pull does, refuses one whose digest is not the recorded one.
 */
export function memoryPuller(images: Map<string, TestImage>): ImagePuller & { pulls: string[] } {
  const pulls: string[] = [];
  const pull = async (reference: Parameters<ImagePuller>[0]): Promise<PulledImage> => {
    pulls.push(reference.reference);
    const image = images.get(reference.repository);
    if (!image) throw new Error(`${reference.reference}: manifest unknown`);
    if (image.digest !== reference.digest) throw new DigestMismatchError(reference.digest, image.digest);
    return { digest: image.digest, config: image.config, codeLayer: async () => Readable.from(image.layer) };
  };
  return Object.assign(pull, { pulls });
}
