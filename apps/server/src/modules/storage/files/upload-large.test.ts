import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageTestApp, rawUpload, type StorageTestApp } from '../storage.test-support.ts';

const MIB = 1024 * 1024;
const FILE_SIZE = 200 * MIB;

/**
 * Uploads and downloads stream: a file far larger than the allowed memory growth passes through the
 * server. Runs in every test run; it takes a few seconds on loopback.
 */
describe('storage: a 200 MB upload', () => {
  let ctx: StorageTestApp;

  beforeAll(async () => {
    ctx = await createStorageTestApp();
  });
  afterAll(() => ctx.close());

  it('is stored and read back with bounded memory', { timeout: 30_000 }, async () => {
    const bucket = (await ctx.admin.post('/storage/buckets', { name: 'large' })).json();
    // rawUpload asks for the next chunk only once the socket has taken the previous one, so a single
    // buffer is refilled each time: the client allocates nothing per chunk and the measurement shows
    // the server. The content is random, varied per chunk.
    const CHUNK = 256 * 1024;
    const chunk = Buffer.alloc(CHUNK);
    const source = randomBytes(CHUNK + 4096);
    const expectedHash = createHash('sha256');
    function* generated() {
      for (let index = 0; index < FILE_SIZE / CHUNK; index += 1) {
        source.copy(chunk, 0, index % 4096, (index % 4096) + CHUNK);
        chunk.writeUInt32BE(index, 0);
        expectedHash.update(chunk);
        yield chunk;
      }
    }

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    // Young-generation collections while sampling: what is measured is what the server holds, not
    // chunks that were already passed on and only wait for the collector.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
    const sampler = setInterval(() => {
      gc({ type: 'minor' });
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const raw = rawUpload({
        url: `${ctx.baseUrl}/storage/buckets/${bucket.id}/upload`,
        token: ctx.admin.token,
        parts: [{ filename: 'data/large.bin', body: generated() }],
      });
      await raw.send();
      const response = await raw.response;
      expect(response.statusCode).toBe(201);
      const [file] = JSON.parse(response.body).data;
      expect(file).toMatchObject({
        path: 'data/large.bin',
        size: FILE_SIZE,
        hash: expectedHash.digest('hex'),
      });

      // `agent: false` closes the connection after the response. A kept-alive connection whose
      // response the server is still finishing when the app closes holds the close up until the
      // keep-alive timeout.
      const download = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            `${ctx.baseUrl}/storage/bucket-files/${file.id}/stream`,
            { agent: false, headers: { authorization: `Bearer ${ctx.admin.token}` } },
            resolve,
          )
          .on('error', reject),
      );
      expect(download.headers['content-length']).toBe(String(FILE_SIZE));
      const actualHash = createHash('sha256');
      let received = 0;
      for await (const piece of download as AsyncIterable<Buffer>) {
        actualHash.update(piece);
        received += piece.length;
      }
      expect(received).toBe(FILE_SIZE);
      expect(actualHash.digest('hex')).toBe(file.hash);
    } finally {
      clearInterval(sampler);
    }
    // Client and server share this process: both sides together stay far below the file's size.
    expect(peak - baseline).toBeLessThan(100 * MIB);
  });

  it('reads an upload to its end, so the connection serves the next request', async () => {
    const bucket = (await ctx.admin.post('/storage/buckets', {})).json();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const raw = rawUpload({
        url: `${ctx.baseUrl}/storage/buckets/${bucket.id}/upload`,
        token: ctx.admin.token,
        // Larger than the socket buffers, so the server is still behind when the body ends.
        parts: [
          { filename: 'chunked.bin', body: Array.from({ length: 32 }, () => Buffer.alloc(256 * 1024, 1)) },
        ],
        agent,
      });
      const sending = raw.send({ endDelayMs: 100, epilogue: Buffer.alloc(1024 * 1024, 0x2d) });
      expect((await raw.response).statusCode).toBe(201);
      await Promise.race([
        sending,
        sleep(5000).then(() => Promise.reject(new Error('the server stopped reading the request'))),
      ]);
      const next = await new Promise<number>((resolve, reject) => {
        const request = http.get(
          `${ctx.baseUrl}/storage/buckets/${bucket.id}`,
          { agent, headers: { authorization: `Bearer ${ctx.admin.token}` }, timeout: 5000 },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('timeout', () => request.destroy(new Error('the connection hangs')));
        request.on('error', reject);
      });
      expect(next).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
