/** Media types of the OCI image spec and of Docker's image manifest v2 (schema 2), which registries serve alike. */
export const MediaType = {
  OCI_MANIFEST: 'application/vnd.oci.image.manifest.v1+json',
  OCI_INDEX: 'application/vnd.oci.image.index.v1+json',
  OCI_CONFIG: 'application/vnd.oci.image.config.v1+json',
  OCI_LAYER: 'application/vnd.oci.image.layer.v1.tar',
  OCI_LAYER_GZIP: 'application/vnd.oci.image.layer.v1.tar+gzip',
  DOCKER_MANIFEST: 'application/vnd.docker.distribution.manifest.v2+json',
  DOCKER_MANIFEST_LIST: 'application/vnd.docker.distribution.manifest.list.v2+json',
  DOCKER_CONFIG: 'application/vnd.docker.container.image.v1+json',
  DOCKER_LAYER_GZIP: 'application/vnd.docker.image.rootfs.diff.tar.gzip',
} as const;

/** Everything a manifest request accepts, so the registry answers with what it stores instead of converting. */
export const MANIFEST_ACCEPT = [
  MediaType.OCI_MANIFEST,
  MediaType.OCI_INDEX,
  MediaType.DOCKER_MANIFEST,
  MediaType.DOCKER_MANIFEST_LIST,
].join(', ');

export function isIndexMediaType(mediaType: string | undefined): boolean {
  return mediaType === MediaType.OCI_INDEX || mediaType === MediaType.DOCKER_MANIFEST_LIST;
}

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  platform?: Platform;
  annotations?: Record<string, string>;
}

export interface Platform {
  architecture: string;
  os: string;
  variant?: string;
}

export interface ImageManifest {
  schemaVersion: 2;
  mediaType?: string;
  config: Descriptor;
  layers: Descriptor[];
  annotations?: Record<string, string>;
}

export interface ImageIndex {
  schemaVersion: 2;
  mediaType?: string;
  manifests: Descriptor[];
}

/** The parts of an image configuration this project reads and writes; the rest is kept as it is. */
export interface ImageConfig {
  architecture?: string;
  os?: string;
  config?: {
    Cmd?: string[] | null;
    Entrypoint?: string[] | null;
    Env?: string[] | null;
    WorkingDir?: string;
    Labels?: Record<string, string> | null;
    [key: string]: unknown;
  };
  rootfs: { type: 'layers'; diff_ids: string[] };
  history?: { created?: string; created_by?: string; comment?: string; empty_layer?: boolean }[];
  [key: string]: unknown;
}
