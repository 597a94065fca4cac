import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RealmSchema } from '@federa/schemas';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ClientError, ClientErrorCode, UNKNOWN_ERROR_MESSAGE } from './errors.ts';
import { baseUrlsFor, HttpClient } from './http-client.ts';
import { objectFields, type ResponseSchema } from './response-schema.ts';

const REALM = {
  id: 'r1',
  name: 'master',
  display_name: null,
  description: null,
  built_in: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A project as far as these tests read it, checked without zod (as the node agent checks). */
const ProjectName: ResponseSchema<{ id: string; name: string }> = {
  parse(body) {
    const { id, name } = objectFields(body, 'a project');
    if (typeof id !== 'string' || typeof name !== 'string')
      throw new TypeError('a project needs id and name');
    return { id, name };
  },
};

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

async function readAll(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

/** A real HTTP server on loopback that answers according to the path it is asked for. */
describe('HttpClient', () => {
  let server: Server;
  let origin: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      seen.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        body: await readAll(request),
      });
      const path = request.url!.split('?')[0];
      if (path === '/core/projects') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ data: [{ id: '1', name: 'p' }], meta: { total: 1, limit: 10, offset: 0 } }),
        );
      } else if (path === '/auth/realms/r1') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(REALM));
      } else if (path === '/core/conflict') {
        response.writeHead(409, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 409, code: 'conflict', message: 'Name taken.' }));
      } else if (path === '/core/opaque') {
        response.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
        response.end('<html>proxy error</html>');
      } else if (path === '/core/silent') {
        response.writeHead(500, '');
        response.end();
      } else {
        response.writeHead(202, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: 'a/b', name: 'x' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists a resource with query options and the authorization header', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin), authorization: () => 'Bearer abc' });
    const result = await client.resource('core', 'projects', ProjectName).getMany({
      filter: { name: '~p' },
      page: { limit: 10 },
    });
    expect(result.meta.total).toBe(1);
    expect(result.data[0]!.name).toBe('p');
    const request = seen.at(-1)!;
    expect(request.authorization).toBe('Bearer abc');
    expect(decodeURIComponent(request.url)).toBe('/core/projects?filter[name]=~p&page[limit]=10');
  });

  it('sends updates as JSON to POST {resource}/{id}', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    const updated = await client.resource('core', 'projects', ProjectName).update('a/b', { name: 'x' });
    expect(updated).toEqual({ id: 'a/b', name: 'x' });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/core/projects/a%2Fb');
    expect(JSON.parse(request.body)).toEqual({ name: 'x' });
  });

  it('returns the answer as its schema parses it, typed by the schema', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    const realm = await client.get('auth', 'realms/r1', { schema: RealmSchema });
    expect(realm).toEqual(REALM);
    expectTypeOf(realm.name).toEqualTypeOf<string>();
    expectTypeOf(realm.display_name).toEqualTypeOf<string | null>();
    const page = await client.resource('core', 'projects', ProjectName).getMany();
    expectTypeOf(page.data).toEqualTypeOf<Array<{ id: string; name: string }>>();
    expect(page.data).toEqual([{ id: '1', name: 'p' }]);
  });

  it('returns unknown for a request without a schema, and offers no type to assume', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    const body = await client.get('auth', 'realms/r1');
    expectTypeOf(body).toEqualTypeOf<unknown>();
    expect(body).toEqual(REALM);
    // @ts-expect-error a type argument without a schema would be a cast
    await client.get<typeof REALM>('auth', 'realms/r1');
  });

  it('refuses an answer its schema does not read as an unexpected response', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    const error = await client
      .get('core', 'projects', { schema: RealmSchema })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      code: ClientErrorCode.UNEXPECTED_RESPONSE,
      message: `The answer to GET ${origin}/core/projects is not what this program expects.`,
      body: { data: [{ id: '1', name: 'p' }], meta: { total: 1, limit: 10, offset: 0 } },
    });
    // A list whose records do not match is refused the same way.
    await expect(client.resource('core', 'projects', RealmSchema).getMany()).rejects.toMatchObject({
      code: ClientErrorCode.UNEXPECTED_RESPONSE,
    });
  });

  it('throws the response message and code for a 4xx', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    const error = await client.get('core', 'conflict').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ message: 'Name taken.', statusCode: 409, code: 'conflict' });
  });

  it('falls back to the status text, then to the unknown-error message', async () => {
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    await expect(client.get('core', 'opaque')).rejects.toMatchObject({
      message: 'Bad Gateway',
      statusCode: 502,
    });
    await expect(client.get('core', 'silent')).rejects.toMatchObject({
      message: UNKNOWN_ERROR_MESSAGE,
      statusCode: 500,
    });
  });

  it('reports a refused connection as ECONNRESET and an abort as ECONNABORTED', async () => {
    const closed = new HttpClient({ baseUrls: baseUrlsFor('http://127.0.0.1:1') });
    await expect(closed.get('core', 'projects')).rejects.toMatchObject({ code: 'ECONNRESET' });
    const client = new HttpClient({ baseUrls: baseUrlsFor(origin) });
    await expect(client.get('core', 'projects', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ECONNABORTED',
    });
  });
});
