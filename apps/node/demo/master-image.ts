import { Readable } from 'node:stream';
import { createLayer, MediaType, OciClient } from '@federa/oci';

/**
 * Puts a master image into the demo registry at `master/<virtual path>:latest`, where the hub's
 * build reads it. The process driver runs the code layer with the host's interpreter, so the base
 * only needs to be a valid image: one small layer.
 */
export async function pushMasterImage(registryUrl: string, virtualPath: string): Promise<void> {
  const client = new OciClient({ url: registryUrl });
  const repository = `master/${virtualPath}`;
  const note = Buffer.from(
    'Demo master image: the process driver runs the code with the host interpreter.\n',
  );
  const layer = createLayer([{ path: 'README', size: note.length, open: () => Readable.from([note]) }], {
    directory: '/usr/share/federa/',
  });
  const uploaded = await client.uploadBlob(repository, layer.stream);
  const { diffId } = await layer.result;
  const config = Buffer.from(
    JSON.stringify({
      architecture: 'amd64',
      os: 'linux',
      config: { Env: ['PATH=/usr/local/bin:/usr/bin:/bin'], Cmd: ['python'] },
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
}
