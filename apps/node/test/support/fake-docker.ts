import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/** What one container of the fake does when started. */
export interface ContainerScript {
  output?: { stream: 'stdout' | 'stderr'; text: string }[];
  exitCode?: number;
  /** Runs until killed or stopped (then exits 137 / 143). */
  hang?: boolean;
  oomKilled?: boolean;
}

export interface FakeDocker {
  socketPath: string;
  /** Every request: method, path (with query), headers, parsed JSON body. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** The digest each pulled image (`name:tag`) gets, as `RepoDigests` reports it. */
  digests: Map<string, string>;
  /** A pull of these names fails with the error line the daemon streams. */
  pullErrors: Map<string, string>;
  script: ContainerScript;
  containers: Map<string, { state: 'created' | 'running' | 'exited'; exitCode?: number }>;
  stop(): Promise<void>;
}

/** One frame of a multiplexed log stream (no TTY). */
function frame(stream: 'stdout' | 'stderr', text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream === 'stdout' ? 1 : 2;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

/**
 * A stand-in for the Docker Engine daemon where none can run: an HTTP server on a unix socket that
 * answers the Engine API (v1.41) endpoints the docker driver uses, as the published API describes
 * them — image pull (progress stream, errors as stream lines), image inspect (`RepoDigests`),
 * container create, start, logs (multiplexed), wait, kill, stop, inspect (`State.OOMKilled`) and
 * remove. Containers do not run anything; they follow `script`.
 */
export async function startFakeDocker(): Promise<FakeDocker> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'federa-docker-'));
  const socketPath = path.join(dir, 'docker.sock');
  const fake: FakeDocker = {
    socketPath,
    requests: [],
    digests: new Map(),
    pullErrors: new Map(),
    script: {},
    containers: new Map(),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
  const exits = new Map<string, (code: number) => void>();
  const exited = new Map<string, Promise<number>>();
  const pulled = new Set<string>();
  let next = 0;

  const json = (response: http.ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const notFound = (response: http.ServerResponse, what: string) =>
    json(response, 404, { message: `No such ${what}` });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      const url = new URL(request.url ?? '/', 'http://docker');
      fake.requests.push({
        method: request.method ?? '',
        path: `${url.pathname}${url.search}`,
        headers: request.headers,
        body,
      });
      const route = url.pathname.replace(/^\/v1\.\d+/, '');
      const method = request.method;
      let match: RegExpExecArray | null;

      if (method === 'POST' && route === '/images/create') {
        const name = `${url.searchParams.get('fromImage')}:${url.searchParams.get('tag') ?? 'latest'}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(
          `${JSON.stringify({ status: `Pulling from ${url.searchParams.get('fromImage')}`, id: 'latest' })}\n`,
        );
        const error = fake.pullErrors.get(name);
        if (error) response.end(`${JSON.stringify({ errorDetail: { message: error }, error })}\n`);
        else {
          pulled.add(name);
          response.end(`${JSON.stringify({ status: `Digest: ${fake.digests.get(name) ?? ''}` })}\n`);
        }
        return;
      }
      if (method === 'GET' && (match = /^\/images\/(.+)\/json$/.exec(route))) {
        const name = decodeURIComponent(match[1]!);
        if (!pulled.has(name)) return notFound(response, `image: ${name}`);
        const repository = name.slice(0, name.lastIndexOf(':'));
        return json(response, 200, {
          Id: 'sha256:fake',
          RepoTags: [name],
          RepoDigests: [`${repository}@${fake.digests.get(name)}`],
        });
      }
      if (method === 'POST' && route === '/containers/create') {
        const image = (body as { Image: string }).Image;
        const [repository, digest] = image.split('@');
        const known = [...fake.digests].some(
          ([name, value]) => name.startsWith(`${repository}:`) && value === digest,
        );
        if (!known) return notFound(response, `image: ${image}`);
        const id = `container${(next += 1)}`;
        fake.containers.set(id, { state: 'created' });
        let resolve!: (code: number) => void;
        exited.set(id, new Promise<number>((done) => (resolve = done)));
        exits.set(id, (code) => {
          const container = fake.containers.get(id);
          if (container && container.state !== 'exited')
            Object.assign(container, { state: 'exited', exitCode: code });
          resolve(code);
        });
        return json(response, 201, { Id: id, Warnings: [] });
      }
      if ((match = /^\/containers\/([^/]+)(?:\/(\w+))?$/.exec(route))) {
        const id = match[1]!;
        const action = match[2];
        const container = fake.containers.get(id);
        if (!container) return notFound(response, `container: ${id}`);
        if (method === 'POST' && action === 'start') {
          container.state = 'running';
          if (!fake.script.hang) setTimeout(() => exits.get(id)!(fake.script.exitCode ?? 0), 20);
          response.writeHead(204).end();
          return;
        }
        if (method === 'GET' && action === 'logs') {
          response.writeHead(200, { 'content-type': 'application/vnd.docker.raw-stream' });
          for (const item of fake.script.output ?? []) response.write(frame(item.stream, item.text));
          void exited.get(id)!.then(() => response.end());
          return;
        }
        if (method === 'POST' && action === 'wait') {
          void exited.get(id)!.then((code) => json(response, 200, { StatusCode: code, Error: null }));
          return;
        }
        if (method === 'POST' && (action === 'kill' || action === 'stop')) {
          exits.get(id)!(action === 'kill' ? 137 : 143);
          response.writeHead(204).end();
          return;
        }
        if (method === 'GET' && action === 'json') {
          return json(response, 200, {
            Id: id,
            State: {
              Status: container.state,
              ExitCode: container.exitCode ?? 0,
              OOMKilled: !!fake.script.oomKilled,
            },
          });
        }
        if (method === 'DELETE' && !action) {
          exits.get(id)!(137);
          fake.containers.delete(id);
          response.writeHead(204).end();
          return;
        }
      }
      json(response, 404, { message: `page not found: ${method} ${url.pathname}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return fake;
}
