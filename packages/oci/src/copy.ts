import type { OciClient } from './client.ts';
import { DEFAULT_PLATFORM } from './client.ts';
import type { Platform } from './media-types.ts';

export interface CopyResult {
  digest: string;
  /** Bytes of blobs sent (blobs the target already held or mounted are not counted). */
  bytesSent: number;
}

/**
 * Copies one platform's image from one repository to another (on the same registry or another),
 * blob by blob as streams: blobs the target holds are skipped, blobs on the same registry mounted.
 */
export async function copyImage(
  source: { client: OciClient; repository: string; reference: string },
  target: { client: OciClient; repository: string; tag: string },
  platform: Platform = DEFAULT_PLATFORM,
): Promise<CopyResult> {
  const fetched = await source.client.getImageManifest(source.repository, source.reference, platform);
  if (!fetched) throw new Error(`${source.repository}:${source.reference} does not exist`);
  const sameRegistry = source.client.url === target.client.url;
  let bytesSent = 0;
  for (const blob of [fetched.manifest.config, ...fetched.manifest.layers]) {
    if ((await target.client.headBlob(target.repository, blob.digest)) !== undefined) continue;
    if (sameRegistry && (await target.client.mountBlob(target.repository, blob.digest, source.repository)))
      continue;
    const stream = await source.client.getBlob(source.repository, blob.digest);
    const uploaded = await target.client.uploadBlob(target.repository, stream, { digest: blob.digest });
    bytesSent += uploaded.size;
  }
  const digest = await target.client.putManifest(
    target.repository,
    target.tag,
    fetched.raw,
    fetched.mediaType,
  );
  return { digest, bytesSent };
}
