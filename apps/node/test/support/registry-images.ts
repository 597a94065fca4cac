import { Readable } from 'node:stream';
import { createLayer, MediaType, OciClient, sha256Digest } from '@federa/oci';

/**
 * Pushes an analysis image as the hub's build makes it: one layer with the code under /opt/code/,
 * the command `python /opt/code/<entrypoint>`. Answers the manifest digest the build records.
 */
export async function pushAnalysisImage(
  registryUrl: string,
  repository: string,
  files: Record<string, string>,
  entrypoint = 'main.py',
): Promise<string> {
  const client = new OciClient({ url: registryUrl });
  const layer = createLayer(
    Object.entries(files).map(([path, content]) => ({
      path,
      size: Buffer.byteLength(content),
      open: () => Readable.from([Buffer.from(content)]),
    })),
    { directory: '/opt/code/' },
  );
  const uploaded = await client.uploadBlob(repository, layer.stream);
  const { diffId } = await layer.result;
  const config = Buffer.from(
    JSON.stringify({
      architecture: 'amd64',
      os: 'linux',
      config: { Cmd: ['python', `/opt/code/${entrypoint}`], Env: ['PATH=/usr/local/bin:/usr/bin:/bin'] },
      rootfs: { type: 'layers', diff_ids: [diffId] },
    }),
  );
  const configBlob = await client.uploadBlob(repository, config);
  const manifest = Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType: MediaType.OCI_MANIFEST,
      config: { mediaType: MediaType.OCI_CONFIG, digest: configBlob.digest, size: config.length },
      layers: [{ mediaType: MediaType.OCI_LAYER_GZIP, digest: uploaded.digest, size: uploaded.size }],
    }),
  );
  await client.putManifest(repository, 'latest', manifest, MediaType.OCI_MANIFEST);
  return sha256Digest(manifest);
}
