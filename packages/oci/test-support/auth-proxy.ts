import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';

/*
 * Puts authentication in front of a test registry the way real registries ask for it: `basic`
 * answers 401 with `WWW-Authenticate: Basic`; `bearer` answers with a Bearer challenge naming a
 * token endpoint on the same server (docker's token protocol), which hands out tokens for the
 * credentials. Everything else is passed through to the registry unchanged.
 */

/** Headers that belong to one connection (or that fetch sets itself), never forwarded. */
const HOP_BY_HOP = new Set([
  'authorization',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'expect',
  'content-length',
]);

export interface AuthProxy {
  url: string;
  /** The token requests seen (scopes asked for), to check what a client requested. */
  tokenRequests: string[][];
  stop: () => Promise<void>;
}

export async function startAuthProxy(
  registryUrl: string,
  options: { scheme: 'basic' | 'bearer'; username: string; password: string },
): Promise<AuthProxy> {
  const expectedBasic = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const tokens = new Set<string>();
  const tokenRequests: string[][] = [];
  let url = '';

  const server = http.createServer((request, response) => {
    void (async () => {
      const requestUrl = new URL(request.url ?? '/', 'http://proxy');
      if (requestUrl.pathname === '/token') {
        tokenRequests.push(requestUrl.searchParams.getAll('scope'));
        if (request.headers.authorization !== expectedBasic) {
          response.writeHead(401).end();
          return;
        }
        const token = `token-${tokens.size + 1}-${Math.random().toString(36).slice(2)}`;
        tokens.add(token);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ token, expires_in: 300 }));
        return;
      }
      const authorization = request.headers.authorization ?? '';
      const allowed =
        options.scheme === 'basic'
          ? authorization === expectedBasic
          : tokens.has(authorization.replace(/^Bearer /, ''));
      if (!allowed) {
        const challenge =
          options.scheme === 'basic'
            ? 'Basic realm="test registry"'
            : `Bearer realm="${url}/token",service="test-registry",scope="repository:unknown:pull"`;
        response.writeHead(401, { 'www-authenticate': challenge, 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ errors: [{ code: 'UNAUTHORIZED', message: 'authentication required' }] }),
        );
        // Drain what the client sent, so it sees the answer instead of a reset.
        request.resume();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (HOP_BY_HOP.has(name) || value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const upstream = await fetch(`${registryUrl}${request.url}`, {
        method: request.method,
        headers,
        body: hasBody ? (Readable.toWeb(request) as unknown as ReadableStream<Uint8Array>) : undefined,
        duplex: 'half',
        redirect: 'manual',
      } as RequestInit);
      const answer: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (name === 'transfer-encoding' || name === 'connection') return;
        // Upload locations point at the registry; rewrite them to go through the proxy.
        answer[name] = name === 'location' ? value.replace(registryUrl, url) : value;
      });
      response.writeHead(upstream.status, answer);
      if (upstream.body) {
        Readable.fromWeb(upstream.body as unknown as NodeWebReadableStream<Uint8Array>).pipe(response);
      } else {
        response.end();
      }
    })().catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tokenRequests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
