import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from './parse.ts';
import { userQuery } from './query-fixtures.test-support.ts';

/** The parameters as Fastify's default query-string parser hands them over. */
async function parsedBy(search: string): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  const app = Fastify();
  app.get('/users', async (request) => parseListQuery(request.query, userQuery));
  const response = await app.inject({ method: 'GET', url: `/users?${search}` });
  await app.close();
  return { statusCode: response.statusCode, body: response.json() };
}

describe("Fastify's default query-string parser", () => {
  it('delivers the URL-encoded form the clients build (rapiq encodes keys and values)', async () => {
    const search = [
      `${encodeURIComponent('filter[name]')}=${encodeURIComponent('~al')}`,
      `${encodeURIComponent('filter[realm.name]')}=master`,
      `fields=${encodeURIComponent('+secret')}`,
      'include=realm',
      `sort=${encodeURIComponent('-count')}`,
      `${encodeURIComponent('page[limit]')}=20`,
      `${encodeURIComponent('page[offset]')}=40`,
      'realm_id=ignored',
    ].join('&');
    const { statusCode, body } = await parsedBy(search);
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({
      filters: [
        { parameter: 'filter[name]', operator: 'like', match: 'prefix', values: ['al'] },
        { parameter: 'filter[realm.name]', relation: 'realm', operator: 'eq', value: 'master' },
      ],
      include: [{ relation: 'realm' }],
      sort: [
        { field: 'count', direction: 'DESC' },
        { field: 'id', direction: 'ASC' },
      ],
      page: { limit: 20, offset: 40 },
    });
    expect(body.fields).toContain('secret');
  });

  it('delivers unencoded brackets and a raw + the same way', async () => {
    const { body } = await parsedBy('filter[count]=>=3&fields=+secret&page[limit]=5');
    expect(body).toMatchObject({ filters: [{ operator: 'gte', value: 3 }], page: { limit: 5 } });
    expect(body.fields).toContain('secret');
    expect(body.fields).toContain('name');
  });

  it('answers 400 for a repeated parameter and names it', async () => {
    const { statusCode, body } = await parsedBy('filter[name]=a&filter[name]=b');
    expect(statusCode).toBe(400);
    expect(body.message).toBe(
      'The query parameter "filter[name]" is invalid: the parameter may be given only once',
    );
  });
});
