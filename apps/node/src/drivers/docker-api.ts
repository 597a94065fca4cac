import http from 'node:http';
import type { Readable } from 'node:stream';

/** The Docker Engine API version the agent speaks; Docker 20.10+ and Podman's compatible API serve it. */
export const DOCKER_API_VERSION = 'v1.41';

export class DockerApiError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'DockerApiError';
  }
}

interface CallOptions {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A minimal client of the Docker Engine API over its unix socket. */
export class DockerApi {
  constructor(private readonly socketPath: string) {}

  /** A call whose answer is read as a stream (pull progress, logs); fails on an error status. */
  stream(options: CallOptions): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
      const request = http.request(
        {
          socketPath: this.socketPath,
          method: options.method,
          path: `/${DOCKER_API_VERSION}${options.path}`,
          headers: {
            host: 'docker',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
            ...options.headers,
          },
        },
        (response) => {
          if ((response.statusCode ?? 500) < 400) return resolve(response);
          void readAll(response).then((text) => {
            let message = text;
            try {
              message = (JSON.parse(text) as { message?: string }).message ?? text;
            } catch {
              // not JSON
            }
            reject(new DockerApiError(`Docker: ${message.trim()}`, response.statusCode ?? 500));
          }, reject);
        },
      );
      request.once('error', (error) =>
        reject(new Error(`The Docker socket ${this.socketPath} cannot be reached: ${error.message}`)),
      );
      request.end(payload);
    });
  }

  /** A call answered with JSON (or nothing). */
  async call<T>(options: CallOptions): Promise<T> {
    const text = await readAll(await this.stream(options));
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Splits a container's log stream (no TTY): frames of an 8-byte header (stream 1 stdout, 2 stderr;
 * 3 zero bytes; the payload's length, big-endian) and the payload; calls `onLine` per line.
 */
export async function demultiplexLines(
  stream: Readable,
  onLine: (stream: 'stdout' | 'stderr', line: string) => void,
): Promise<void> {
  let buffer = Buffer.alloc(0);
  const partial = { stdout: '', stderr: '' };
  const emit = (name: 'stdout' | 'stderr', text: string) => {
    const lines = (partial[name] + text).split('\n');
    partial[name] = lines.pop() ?? '';
    for (const line of lines) onLine(name, line.replace(/\r$/, ''));
  };
  for await (const chunk of stream) {
    buffer = Buffer.concat([buffer, chunk as Buffer]);
    while (buffer.length >= 8) {
      const size = buffer.readUInt32BE(4);
      if (buffer.length < 8 + size) break;
      const name = buffer[0] === 2 ? 'stderr' : 'stdout';
      emit(name, buffer.subarray(8, 8 + size).toString('utf8'));
      buffer = buffer.subarray(8 + size);
    }
  }
  for (const name of ['stdout', 'stderr'] as const) if (partial[name]) onLine(name, partial[name]);
}
