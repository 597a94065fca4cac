import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { OciClient, type ImageConfig as OciImageConfig } from '@federa/oci';
import { DigestMismatchError, type ImagePuller, type ImageReference } from '../drivers/driver.ts';

/** A stream of a blob that fails at its end when the content is not the digest's. */
export function verifiedBlob(source: Readable, digest: string): Readable {
  const hash = createHash('sha256');
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      const actual = `sha256:${hash.digest('hex')}`;
      callback(
        actual === digest ? null : new Error(`The layer ${digest} arrived with other content (${actual}).`),
      );
    },
  });
  source.once('error', (error) => check.destroy(error));
  return source.pipe(check);
}

/**
 * The address of a registry host: as recorded when it names a scheme, plain HTTP for a registry on
 * this machine (the loopback registry of a demo or a test), HTTPS otherwise.
 */
export function registryUrlOf(host: string): string {
  if (/^https?:\/\//.test(host)) return host.replace(/\/+$/, '');
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const local = name === 'localhost' || name === '::1' || name.startsWith('127.');
  return `${local ? 'http' : 'https'}://${host}`;
}

/**
 * Pulls an analysis image over the OCI distribution API with the node project's credentials: the
 * manifest the tag names must have exactly the digest the hub recorded for the build (otherwise the
 * image was replaced after the build and is refused); the configuration is read, and the code layer
 * (the last one) is streamed and checked against its digest while it is unpacked.
 */
export const ociPuller: ImagePuller = async (image: ImageReference) => {
  const client = new OciClient({
    url: registryUrlOf(image.registry),
    ...(image.credentials ? { credentials: image.credentials } : {}),
  });
  const fetched = await client.getImageManifest(image.repository, image.tag);
  if (!fetched) throw new Error(`The registry has no image ${image.reference}.`);
  if (fetched.digest !== image.digest) throw new DigestMismatchError(image.digest, fetched.digest);
  const config = await client.getBlobJson<OciImageConfig>(image.repository, fetched.manifest.config.digest);
  const code = fetched.manifest.layers.at(-1);
  if (!code) throw new Error(`The image ${image.reference} has no layers.`);
  return {
    digest: fetched.digest,
    config: config.config ?? {},
    codeLayer: async () => verifiedBlob(await client.getBlob(image.repository, code.digest), code.digest),
  };
};
