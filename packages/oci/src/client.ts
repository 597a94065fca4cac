import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import {
  basicAuthorization,
  parseChallenge,
  RegistryError,
  TokenCache,
  type RegistryCredentials,
} from './auth.ts';
import {
  isIndexMediaType,
  MANIFEST_ACCEPT,
  type Descriptor,
  type ImageIndex,
  type ImageManifest,
  type Platform,
} from './media-types.ts';
import { DEFAULT_REGISTRY_TIMEOUT_MS, fetchWithTimeout } from './timeouts.ts';

export interface OciClientOptions {
  /** Where the registry answers, e.g. `https://registry.example.org` or `http://127.0.0.1:5000`. */
  url: string;
  credentials?: RegistryCredentials;
  fetch?: typeof fetch;
  /**
   * How long the registry may stay silent: until it answers, and between two chunks of a body in
   * flight (uploads and downloads are limited by inactivity, not total time). Default 10 s; 0 = never.
   */
  timeoutMs?: number;
}

export interface FetchedManifest {
  /** The digest of the exact bytes the registry served (what a tag or a pull by digest names). */
  digest: string;
  mediaType: string;
  /** The bytes as served: re-pushing them unchanged keeps the digest. */
  raw: Buffer;
}

export interface ManifestHead {
  digest: string;
  mediaType: string;
  size: number;
}

export interface BlobUpload {
  digest: string;
  size: number;
}

type Body = Buffer | string | Readable | undefined;

interface RequestOptions {
  scopes: string[];
  headers?: Record<string, string>;
  body?: Body;
}

export const DEFAULT_PLATFORM: Platform = { os: 'linux', architecture: 'amd64' };

export function sha256Digest(data: Buffer | string): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

function pullScope(repository: string): string {
  return `repository:${repository}:pull`;
}

function pushScope(repository: string): string {
  return `repository:${repository}:pull,push`;
}

/**
 * A client for the OCI distribution API (what Docker's registry, Harbor and every other registry
 * speak): manifests, blobs as streams, uploads streamed in one PATCH, cross-repository mounts. It
 * answers the registry's authentication challenge (Basic or Bearer) by itself. Nothing here holds a
 * layer in memory.
 */
export class OciClient {
  readonly url: string;
  readonly #fetch: typeof fetch;
  readonly #credentials: RegistryCredentials | undefined;
  readonly #tokens: TokenCache;
  /** Set once the registry asked for Basic: every later request carries it without a round trip. */
  #basic = false;

  constructor(options: OciClientOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.#fetch = fetchWithTimeout(options.fetch ?? fetch, options.timeoutMs ?? DEFAULT_REGISTRY_TIMEOUT_MS);
    this.#credentials = options.credentials;
    this.#tokens = new TokenCache(options.credentials, this.#fetch);
  }

  /** The registry's host (and port), as image names carry it. */
  get host(): string {
    return new URL(this.url).host;
  }

  /** Checks that the registry answers the API and accepts the credentials. */
  async ping(): Promise<void> {
    const response = await this.#request('GET', '/v2/', { scopes: [] });
    await expectOk(response, 'the registry API');
  }

  async headManifest(repository: string, reference: string): Promise<ManifestHead | undefined> {
    const response = await this.#request('HEAD', `/v2/${repository}/manifests/${reference}`, {
      scopes: [pullScope(repository)],
      headers: { accept: MANIFEST_ACCEPT },
    });
    if (response.status === 404) return undefined;
    await expectOk(response, `the manifest ${repository}:${reference}`);
    return {
      digest: response.headers.get('docker-content-digest') ?? '',
      mediaType: response.headers.get('content-type') ?? '',
      size: Number(response.headers.get('content-length') ?? 0),
    };
  }

  /** The manifest (or image index) as stored; undefined when the tag or digest does not exist. */
  async getManifest(repository: string, reference: string): Promise<FetchedManifest | undefined> {
    const response = await this.#request('GET', `/v2/${repository}/manifests/${reference}`, {
      scopes: [pullScope(repository)],
      headers: { accept: MANIFEST_ACCEPT },
    });
    if (response.status === 404) return undefined;
    await expectOk(response, `the manifest ${repository}:${reference}`);
    const raw = Buffer.from(await response.arrayBuffer());
    const digest = sha256Digest(raw);
    if (reference.startsWith('sha256:') && reference !== digest) {
      throw new RegistryError(
        `the registry served ${repository}@${reference} with the wrong digest ${digest}`,
        502,
      );
    }
    const parsed = JSON.parse(raw.toString('utf8')) as { mediaType?: string };
    const mediaType = parsed.mediaType ?? response.headers.get('content-type') ?? '';
    return { digest, mediaType, raw };
  }

  /**
   * The image manifest for one platform: a tag pointing at an image index (multi-platform image)
   * resolves to the entry for `platform` (linux/amd64 unless told otherwise).
   */
  async getImageManifest(
    repository: string,
    reference: string,
    platform: Platform = DEFAULT_PLATFORM,
  ): Promise<(FetchedManifest & { manifest: ImageManifest }) | undefined> {
    const fetched = await this.getManifest(repository, reference);
    if (!fetched) return undefined;
    if (!isIndexMediaType(fetched.mediaType)) {
      return { ...fetched, manifest: JSON.parse(fetched.raw.toString('utf8')) as ImageManifest };
    }
    const index = JSON.parse(fetched.raw.toString('utf8')) as ImageIndex;
    const entry = selectPlatform(index.manifests, platform);
    if (!entry) {
      throw new RegistryError(
        `${repository}:${reference} has no image for ${platform.os}/${platform.architecture}`,
        404,
        ['MANIFEST_UNKNOWN'],
      );
    }
    const resolved = await this.getManifest(repository, entry.digest);
    if (!resolved) throw new RegistryError(`${repository}@${entry.digest} is listed but missing`, 404);
    return { ...resolved, manifest: JSON.parse(resolved.raw.toString('utf8')) as ImageManifest };
  }

  /** Stores a manifest under a tag or its digest; answers the digest the registry computed. */
  async putManifest(
    repository: string,
    reference: string,
    raw: Buffer | string,
    mediaType: string,
  ): Promise<string> {
    const response = await this.#request('PUT', `/v2/${repository}/manifests/${reference}`, {
      scopes: [pushScope(repository)],
      headers: { 'content-type': mediaType },
      body: raw,
    });
    await expectOk(response, `storing the manifest ${repository}:${reference}`);
    return response.headers.get('docker-content-digest') ?? sha256Digest(raw);
  }

  /** Deletes a manifest by digest (which removes every tag naming it); false when it was not there. */
  async deleteManifest(repository: string, digest: string): Promise<boolean> {
    const response = await this.#request('DELETE', `/v2/${repository}/manifests/${digest}`, {
      scopes: [pushScope(repository), `repository:${repository}:delete`],
    });
    if (response.status === 404) return false;
    await expectOk(response, `deleting the manifest ${repository}@${digest}`);
    return true;
  }

  async listTags(repository: string): Promise<string[]> {
    const response = await this.#request('GET', `/v2/${repository}/tags/list`, {
      scopes: [pullScope(repository)],
    });
    if (response.status === 404) return [];
    await expectOk(response, `the tags of ${repository}`);
    const body = (await response.json()) as { tags?: string[] | null };
    return body.tags ?? [];
  }

  /** The blob's size when the repository holds it, else undefined. */
  async headBlob(repository: string, digest: string): Promise<number | undefined> {
    const response = await this.#request('HEAD', `/v2/${repository}/blobs/${digest}`, {
      scopes: [pullScope(repository)],
    });
    if (response.status === 404) return undefined;
    await expectOk(response, `the blob ${repository}@${digest}`);
    return Number(response.headers.get('content-length') ?? 0);
  }

  /** The blob as a stream (nothing buffered). */
  async getBlob(repository: string, digest: string): Promise<Readable> {
    const response = await this.#request('GET', `/v2/${repository}/blobs/${digest}`, {
      scopes: [pullScope(repository)],
    });
    await expectOk(response, `the blob ${repository}@${digest}`);
    if (!response.body) return Readable.from([]);
    return Readable.fromWeb(response.body as unknown as NodeWebReadableStream<Uint8Array>);
  }

  /** A small blob (an image configuration) read whole and checked against its digest. */
  async getBlobJson<T>(repository: string, digest: string): Promise<T> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.getBlob(repository, digest)) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (sha256Digest(raw) !== digest) {
      throw new RegistryError(`the registry served the blob ${digest} with other content`, 502);
    }
    return JSON.parse(raw.toString('utf8')) as T;
  }

  /**
   * Makes a blob of another repository on the same registry available in `repository` without
   * sending it again. False when the registry did not mount it (then the caller uploads).
   */
  async mountBlob(repository: string, digest: string, fromRepository: string): Promise<boolean> {
    const query = new URLSearchParams({ mount: digest, from: fromRepository });
    const response = await this.#request('POST', `/v2/${repository}/blobs/uploads/?${query}`, {
      scopes: [pushScope(repository), pullScope(fromRepository)],
    });
    if (response.status === 201) return true;
    await expectOk(response, `mounting ${digest} into ${repository}`);
    // 202: the registry opened an ordinary upload instead; close it, nothing will be sent to it.
    const location = response.headers.get('location');
    if (location) {
      await this.#request('DELETE', location, { scopes: [pushScope(repository)] }).catch(() => undefined);
    }
    return false;
  }

  /**
   * Uploads a blob. A Buffer goes in one PUT; a stream goes in one PATCH while its digest is computed
   * on the way, so it is never held in memory. With `expected` the upload is skipped when the
   * repository already holds the blob, and a different digest is an error.
   */
  async uploadBlob(
    repository: string,
    source: Buffer | Readable,
    expected?: Partial<BlobUpload>,
  ): Promise<BlobUpload> {
    if (expected?.digest) {
      const size = await this.headBlob(repository, expected.digest);
      if (size !== undefined) return { digest: expected.digest, size };
    }
    const scopes = [pushScope(repository)];
    const started = await this.#request('POST', `/v2/${repository}/blobs/uploads/`, { scopes });
    await expectOk(started, `starting an upload to ${repository}`);
    let location = requireLocation(started);

    let digest: string;
    let size: number;
    if (Buffer.isBuffer(source)) {
      digest = sha256Digest(source);
      size = source.length;
      if (expected?.digest && expected.digest !== digest) {
        throw new RegistryError(`the blob's content has the digest ${digest}, not ${expected.digest}`, 400);
      }
      const response = await this.#request('PUT', withDigest(location, digest), {
        scopes,
        headers: { 'content-type': 'application/octet-stream' },
        body: source,
      });
      await expectOk(response, `uploading ${digest} to ${repository}`);
      return { digest, size };
    }

    const hash = createHash('sha256');
    size = 0;
    const counted = source.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      }),
    );
    source.once('error', (error) => counted.destroy(error));
    const patched = await this.#request('PATCH', location, {
      scopes,
      headers: { 'content-type': 'application/octet-stream' },
      body: counted,
    });
    await expectOk(patched, `uploading to ${repository}`);
    location = patched.headers.get('location') ?? location;
    digest = `sha256:${hash.digest('hex')}`;
    if (expected?.digest && expected.digest !== digest) {
      await this.#request('DELETE', location, { scopes }).catch(() => undefined);
      throw new RegistryError(`the blob's content has the digest ${digest}, not ${expected.digest}`, 400);
    }
    const finished = await this.#request('PUT', withDigest(location, digest), { scopes });
    await expectOk(finished, `finishing the upload of ${digest} to ${repository}`);
    return { digest, size };
  }

  async #request(method: string, path: string, options: RequestOptions): Promise<Response> {
    const url = new URL(path, `${this.url}/`);
    const send = async (authorization: string | undefined): Promise<Response> => {
      const headers: Record<string, string> = { ...options.headers };
      if (authorization) headers.authorization = authorization;
      const body = options.body;
      const init: RequestInit & { duplex?: 'half' } = { method, headers, redirect: 'follow' };
      if (body instanceof Readable) {
        init.body = Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
        init.duplex = 'half';
      } else if (body !== undefined) {
        init.body = (
          typeof body === 'string' ? body : new Uint8Array(body.buffer, body.byteOffset, body.length)
        ) as RequestInit['body'];
        headers['content-length'] = String(Buffer.byteLength(body));
      } else if (method === 'PUT' || method === 'POST' || method === 'PATCH') {
        headers['content-length'] = '0';
      }
      return this.#fetch(url, init);
    };

    let response = await send(this.#authorization(options.scopes));
    if (response.status !== 401) return response;
    // A stream cannot be sent twice; uploads authenticate on the POST that opens them.
    if (options.body instanceof Readable) return response;
    const challenge = parseChallenge(response.headers.get('www-authenticate'));
    await response.body?.cancel();
    if (challenge?.scheme === 'basic') {
      if (!this.#credentials)
        throw new RegistryError('the registry needs credentials and none are configured', 401);
      this.#basic = true;
      response = await send(basicAuthorization(this.#credentials));
    } else if (challenge?.scheme === 'bearer') {
      const token = await this.#tokens.fetch(challenge, options.scopes);
      response = await send(`Bearer ${token}`);
    }
    return response;
  }

  #authorization(scopes: string[]): string | undefined {
    if (this.#basic && this.#credentials) return basicAuthorization(this.#credentials);
    const token = this.#tokens.get(scopes);
    return token ? `Bearer ${token}` : undefined;
  }
}

/** The index entry for a platform (an exact variant match wins over none). */
export function selectPlatform(manifests: Descriptor[], platform: Platform): Descriptor | undefined {
  const candidates = manifests.filter(
    (entry) => entry.platform?.os === platform.os && entry.platform?.architecture === platform.architecture,
  );
  if (platform.variant) {
    const exact = candidates.find((entry) => entry.platform?.variant === platform.variant);
    if (exact) return exact;
  }
  return candidates[0];
}

function withDigest(location: string, digest: string): string {
  const separator = location.includes('?') ? '&' : '?';
  return `${location}${separator}digest=${encodeURIComponent(digest)}`;
}

function requireLocation(response: Response): string {
  const location = response.headers.get('location');
  if (!location) throw new RegistryError('the registry opened an upload without a location', 502);
  return location;
}

async function expectOk(response: Response, what: string): Promise<void> {
  if (response.ok) return;
  let codes: string[] = [];
  let detail = '';
  try {
    const body = (await response.json()) as { errors?: { code?: string; message?: string }[] };
    codes = (body.errors ?? []).map((error) => error.code ?? '').filter(Boolean);
    detail = (body.errors ?? []).map((error) => error.message ?? error.code).join('; ');
  } catch {
    // Not a distribution-spec error body; the status says enough.
  }
  const reason = detail ? `: ${detail}` : '';
  throw new RegistryError(`${what} failed with HTTP ${response.status}${reason}`, response.status, codes);
}
