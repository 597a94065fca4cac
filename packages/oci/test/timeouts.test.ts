import http from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchWithTimeout, OciClient, RegistryTimeoutError } from '../src/index.ts';

/**
 * A loopback TCP server that accepts connections and never answers. With `answerHeadersThenStall`, it
 * sends the status line and headers of a blob and then falls silent in the middle of the body.
 */
async function silentServer(options: { answerHeadersThenStall?: boolean } = {}) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    // Read what is sent, so an upload is taken until the kernel buffers, and never write a reply.
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    if (options.answerHeadersThenStall) {
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\ncontent-length: 1000\r\n\r\n',
      );
      socket.write('part of the body');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('registry timeouts', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('ends a request the registry accepts and never answers, naming the registry and the time', async () => {
    const server = await silentServer();
    servers.push(server);
    const client = new OciClient({ url: server.url, timeoutMs: 300 });
    const failure = client.ping();
    await expect(failure).rejects.toBeInstanceOf(RegistryTimeoutError);
    await expect(failure).rejects.toThrow(`The registry at ${server.host} did not answer within 0.3 s.`);
  });

  it('ends a download whose body stops coming', async () => {
    const server = await silentServer({ answerHeadersThenStall: true });
    servers.push(server);
    const client = new OciClient({ url: server.url, timeoutMs: 300 });
    const blob = await client.getBlob('library/any', `sha256:${'0'.repeat(64)}`);
    const reading = (async () => {
      for await (const chunk of blob!) void chunk;
    })();
    await expect(reading).rejects.toThrow(`The registry at ${server.host} did not answer within 0.3 s.`);
  });

  /** A registry that opens uploads and then stops taking the PATCH body. */
  async function uploadServer() {
    const server = http.createServer((request, response) => {
      if (request.method === 'POST') {
        response.writeHead(202, { location: '/v2/library/any/blobs/uploads/1' }).end();
      } else if (request.method === 'PATCH') {
        request.pause();
      } else {
        request.resume();
        response.writeHead(201).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const close = async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    };
    servers.push({ close });
    return `http://127.0.0.1:${port}`;
  }

  /** A layer of `chunks` × 64 KiB, produced as it is taken. */
  const layer = (chunks: number) =>
    Readable.from(
      (function* () {
        for (let index = 0; index < chunks; index += 1) yield Buffer.alloc(64 * 1024, index);
      })(),
    );

  it('ends an upload the registry stops taking', async () => {
    const url = await uploadServer();
    const client = new OciClient({ url, timeoutMs: 300 });
    const failure = client.uploadBlob('library/any', layer(200));
    await expect(failure).rejects.toBeInstanceOf(RegistryTimeoutError);
  });

  it('lets an upload run longer than the timeout while the registry keeps taking it', async () => {
    // A registry that takes a chunk every 25 ms: 40 chunks, a second in all, never silent for long.
    let taken = 0;
    const slowRegistry: typeof fetch = async (_input, init) => {
      const reader = (init!.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        const { done, value } = await reader.read();
        if (done) break;
        taken += value.length;
      }
      return new Response(null, { status: 201 });
    };
    const timed = fetchWithTimeout(slowRegistry, 500);
    const body = Readable.toWeb(layer(40)) as unknown as ReadableStream<Uint8Array>;
    const response = await timed('http://registry.test/v2/library/any/blobs/uploads/1', {
      method: 'PATCH',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(201);
    expect(taken).toBe(40 * 64 * 1024);
  });
});
