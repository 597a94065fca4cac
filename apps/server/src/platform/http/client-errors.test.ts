import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';

/** Sends raw bytes to the listening server and returns everything it answers before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.setTimeout(5000, () => reject(new Error(`no answer to ${JSON.stringify(request.slice(0, 40))}`)));
    socket.end(request);
  });
}

function parse(answer: string) {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]);
  return { status, head: head!, body: JSON.parse(rest.join('\r\n\r\n')) as Record<string, unknown> };
}

describe('requests the HTTP parser refuses', () => {
  let ctx: TestApp;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('answers oversized headers with 431 and the standard body', async () => {
    const answer = await rawExchange(
      port,
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    const { status, body } = parse(answer);
    expect(status).toBe(431);
    expect(body).toEqual({ statusCode: 431, code: 'request_headers_too_large', message: expect.any(String) });
  });

  it('answers an oversized URL with 431 and the standard body', async () => {
    const answer = await rawExchange(
      port,
      `GET /auth/realms/${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(parse(answer).body).toMatchObject({ statusCode: 431, code: 'request_headers_too_large' });
  });

  it('answers a bad request line with 400 and the standard body', async () => {
    const { status, body } = parse(await rawExchange(port, 'GARBAGE\r\n\r\n'));
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, code: 'bad_request', message: expect.any(String) });
  });

  it('answers bad chunking with 400 and the standard body', async () => {
    const answer = await rawExchange(
      port,
      'POST /auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n',
    );
    const { status, body } = parse(answer);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'bad_request', message: expect.any(String) });
  });
});
