import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for HashiCorp Vault on loopback (no Vault binary can run here), following its published
 * HTTP API for the endpoints the product uses, for one KV mount of version 1 or 2:
 * - v1: `GET|POST|PUT|DELETE /v1/{mount}/{path}`; a read answers `{ data: {...} }`.
 * - v2: `GET|POST|PUT /v1/{mount}/data/{path}` (write body `{ data: {...} }`, read answers
 *   `{ data: { data: {...}, metadata: {...} } }`), `DELETE /v1/{mount}/metadata/{path}` (all versions).
 * Every request needs `X-Vault-Token`; a wrong one answers 403 `{ errors: ["permission denied"] }`,
 * an unknown path 404 `{ errors: [] }`, a write 204 (v1) or 200 with the version metadata (v2).
 */
export interface FakeVault {
  address: string;
  token: string;
  /** What is stored, by path below the mount (the latest version for v2). */
  entries: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startFakeVault(options: {
  mount: string;
  kvVersion: 1 | 2;
  token?: string;
}): Promise<FakeVault> {
  const token = options.token ?? 'fake-vault-root-token';
  const entries = new Map<string, Record<string, unknown>>();
  const versions = new Map<string, number>();
  const prefix = `/v1/${options.mount}/`;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body?: unknown) => {
        response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
        response.end(body === undefined ? undefined : JSON.stringify(body));
      };
      if (request.headers['x-vault-token'] !== token) return send(403, { errors: ['permission denied'] });
      const url = new URL(request.url ?? '/', 'http://vault');
      if (!url.pathname.startsWith(prefix)) return send(404, { errors: [] });
      let rest = decodeURIComponent(url.pathname.slice(prefix.length));
      let kind: 'data' | 'metadata' = 'data';
      if (options.kvVersion === 2) {
        const [head, ...tail] = rest.split('/');
        if (head !== 'data' && head !== 'metadata') return send(404, { errors: [] });
        kind = head;
        rest = tail.join('/');
      }
      const method = request.method ?? 'GET';
      if (method === 'GET' && kind === 'data') {
        const entry = entries.get(rest);
        if (!entry) return send(404, { errors: [] });
        if (options.kvVersion === 1)
          return send(200, { data: entry, lease_duration: 2764800, renewable: false });
        return send(200, {
          data: {
            data: entry,
            metadata: { version: versions.get(rest), destroyed: false, deletion_time: '' },
          },
        });
      }
      if ((method === 'POST' || method === 'PUT') && kind === 'data') {
        const body = (await readJson(request)) as Record<string, unknown> | undefined;
        const data = options.kvVersion === 2 ? (body?.data as Record<string, unknown> | undefined) : body;
        if (!data || typeof data !== 'object') return send(400, { errors: ['no data provided'] });
        entries.set(rest, data);
        const version = (versions.get(rest) ?? 0) + 1;
        versions.set(rest, version);
        if (options.kvVersion === 1) return send(204);
        return send(200, { data: { version, created_time: new Date().toISOString(), destroyed: false } });
      }
      if (method === 'DELETE' && (options.kvVersion === 1 || kind === 'metadata')) {
        entries.delete(rest);
        versions.delete(rest);
        return send(204);
      }
      return send(405, { errors: [] });
    })().catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    entries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
