import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { createTestApp, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

export interface StorageTestApp extends TestApp {
  /** `http://127.0.0.1:<port>`: uploads go over a real socket so they stream as in production. */
  baseUrl: string;
  admin: Caller;
}

/** The whole app listening on a loopback port, with the admin signed in. */
export async function createStorageTestApp(
  environment: Record<string, string> = {},
): Promise<StorageTestApp> {
  const context = await createTestApp(environment);
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = context.app.server.address() as AddressInfo;
  return { ...context, baseUrl: `http://127.0.0.1:${port}`, admin: await signIn(context.app) };
}

/**
 * A user (in the master realm unless a realm is named) holding exactly the given permissions through
 * a role of their own, signed in.
 */
export async function createUserWith(
  context: StorageTestApp,
  permissionNames: string[],
  realm?: { id: string; name: string },
): Promise<Caller & { id: string }> {
  const { admin } = context;
  const name = `user-${randomUUID().slice(0, 8)}`;
  const password = 'Storage-Passw0rd';
  const user = await admin.post('/auth/users', { name, password, ...(realm ? { realm_id: realm.id } : {}) });
  if (user.statusCode !== 201) throw new Error(`creating ${name} failed: ${user.body}`);
  if (permissionNames.length > 0) {
    const role = (
      await admin.post('/auth/roles', { name: `role-${name}`, ...(realm ? { realm_id: realm.id } : {}) })
    ).json();
    const found = (await admin.get(`/auth/permissions?filter[name]=${permissionNames.join(',')}`)).json();
    for (const permission of found.data as { id: string }[]) {
      await admin.post('/auth/role-permissions', { role_id: role.id, permission_id: permission.id });
    }
    await admin.post('/auth/user-roles', { user_id: user.json().id, role_id: role.id });
  }
  const caller = await signIn(context.app, name, password, realm?.name);
  return Object.assign(caller, { id: user.json().id as string });
}

export interface UploadFile {
  path: string;
  content: string | Uint8Array;
}

/** Uploads files with the platform's FormData, as a browser would. */
export function upload(context: StorageTestApp, token: string, bucket: string, files: UploadFile[]) {
  const form = new FormData();
  files.forEach((file, index) => form.append(`files[${index}]`, new Blob([file.content]), file.path));
  return fetch(`${context.baseUrl}/storage/buckets/${bucket}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** A bucket file as the API sends it. */
export interface BucketFileJson {
  id: string;
  name: string;
  path: string;
  directory: string;
  hash: string;
  size: number;
  bucket_id: string;
  actor_type: string;
  actor_id: string;
  realm_id: string;
}

/** The JSON of an upload response: the created files, or an error. */
export interface UploadBody {
  data: BucketFileJson[];
  meta: { total: number };
  code?: string;
  message?: string;
}

export async function bodyOf(response: Response): Promise<UploadBody> {
  return (await response.json()) as UploadBody;
}

export function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Every entry of a tar archive with its bytes. */
export async function readTar(archive: Uint8Array | Readable): Promise<Map<string, Buffer>> {
  const extract = tar.extract();
  const source = archive instanceof Readable ? archive : Readable.from([Buffer.from(archive)]);
  source.pipe(extract as unknown as NodeJS.WritableStream);
  const entries = new Map<string, Buffer>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

/** Every file below a directory (relative paths), or none when it does not exist. */
export async function filesUnder(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Where the filesystem driver of a test app keeps complete objects and objects being written. */
export function storageDirectories(context: TestApp) {
  return {
    objects: path.join(context.config.dataDir, 'storage', 'objects'),
    temporary: path.join(context.config.dataDir, 'storage', 'tmp'),
  };
}

export interface RawUploadOptions {
  url: string;
  token: string;
  /** The parts' (filename, body) in order; bodies are streamed as they are produced. */
  parts: Array<{ filename: string; body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> }>;
  /** E.g. a keep-alive agent with one socket, to send the next request over the same connection. */
  agent?: http.Agent;
}

/**
 * A hand-built multipart request over node:http, for what FormData cannot do: bodies generated on
 * the fly (large uploads) and requests cut off mid-body. Returns the request so a test may destroy it.
 */
export function rawUpload(options: RawUploadOptions) {
  const boundary = `----storage-test-${randomUUID()}`;
  const request = http.request(options.url, {
    method: 'POST',
    ...(options.agent ? { agent: options.agent } : {}),
    headers: {
      authorization: `Bearer ${options.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  const response = new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ statusCode: incoming.statusCode ?? 0, body }));
      incoming.on('error', reject);
    });
    request.on('error', reject);
  });
  async function* body() {
    for (const [index, part] of options.parts.entries()) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[${index}]"; filename="${part.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      yield* part.body;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  /**
   * Sends the whole body. `endDelayMs` holds back what follows the closing
   * boundary (an optional epilogue, the chunked body's final chunk), as a slow network would.
   */
  const send = async ({ endDelayMs = 0, epilogue }: { endDelayMs?: number; epilogue?: Uint8Array } = {}) => {
    // One chunk at a time, each handed to the socket before the next is produced, so a generator may
    // refill the same buffer.
    const write = (chunk: Uint8Array) =>
      new Promise<void>((resolve, reject) =>
        request.write(chunk, (error) => (error ? reject(error) : resolve())),
      );
    for await (const chunk of body()) await write(chunk);
    if (endDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, endDelayMs));
    // RFC 2046 lets anything follow the closing boundary; parsers stop before it.
    if (epilogue) await write(epilogue);
    request.end();
  };
  return { request, response, send, body };
}

/** Polls until `check` passes or the time is up (for effects that settle after a connection drops). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
