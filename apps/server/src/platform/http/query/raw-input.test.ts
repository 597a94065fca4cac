import { describe, expect, it } from 'vitest';
import { readQueryEntries } from './raw-input.ts';
import { expectInvalidQuery } from './query.test-support.ts';

describe('readQueryEntries', () => {
  it('reads the flat form Fastify produces and ignores other parameters', () => {
    const entries = readQueryEntries({
      'filter[name]': '~ab',
      'page[limit]': '5',
      fields: 'id,name',
      realm_id: 'x',
      filterx: 'y',
      'pages[limit]': '1',
    });
    expect(entries).toEqual([
      { parameter: 'filter[name]', name: 'filter', path: ['name'], value: '~ab' },
      { parameter: 'page[limit]', name: 'page', path: ['limit'], value: '5' },
      { parameter: 'fields', name: 'fields', path: [], value: 'id,name' },
    ]);
  });

  it('reads the nested form, stringifying numbers, booleans and null', () => {
    const entries = readQueryEntries({
      filter: { name: '~ab', active: true, count: 3, realm_id: null, skipped: undefined },
      page: { limit: 10 },
      sort: '-name',
    });
    expect(entries.map((entry) => [entry.parameter, entry.value])).toEqual([
      ['filter[name]', '~ab'],
      ['filter[active]', 'true'],
      ['filter[count]', '3'],
      ['filter[realm_id]', 'null'],
      ['page[limit]', '10'],
      ['sort', '-name'],
    ]);
  });

  it('accepts a null-prototype record and treats a missing query as empty', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { include: 'realm' });
    expect(readQueryEntries(query)).toHaveLength(1);
    expect(readQueryEntries(undefined)).toEqual([]);
    expect(readQueryEntries(null)).toEqual([]);
  });

  it.each([
    ['filter[name', 'filter[name'],
    ['filter]', 'filter]'],
    ['filter[a]b', 'filter[a]b'],
    ['filter[[a]]', 'filter[[a]]'],
    ['page[limit]]', 'page[limit]]'],
  ])('refuses malformed brackets in %s', (key, parameter) => {
    expectInvalidQuery(() => readQueryEntries({ [key]: 'x' }), parameter, 'malformed brackets');
  });

  it('refuses empty brackets and nesting deeper than two levels', () => {
    expectInvalidQuery(() => readQueryEntries({ 'filter[]': 'x' }), 'filter[]', 'empty brackets');
    expectInvalidQuery(() => readQueryEntries({ 'fields[]': 'x' }), 'fields[]', 'empty brackets');
    expectInvalidQuery(
      () => readQueryEntries({ 'filter[a][b][c]': 'x' }),
      'filter[a][b][c]',
      'nested too deeply',
    );
    expectInvalidQuery(
      () => readQueryEntries({ filter: { a: { b: { c: { d: 'x' } } } } }),
      'filter[a][b][c]',
      'nested too deeply',
    );
    expectInvalidQuery(() => readQueryEntries({ filter: { 'a]': 'x' } }), 'filter[a]]', 'malformed brackets');
  });

  it('refuses a parameter given twice, in either form', () => {
    expectInvalidQuery(() => readQueryEntries({ 'filter[name]': ['a', 'b'] }), 'filter[name]', 'only once');
    expectInvalidQuery(() => readQueryEntries({ sort: ['name', '-name'] }), 'sort', 'only once');
    expectInvalidQuery(() => readQueryEntries({ 'page[limit]': ['1', '2'] }), 'page[limit]', 'only once');
    expectInvalidQuery(
      () => readQueryEntries({ 'filter[name]': 'a', filter: { name: 'b' } }),
      'filter[name]',
      'only once',
    );
  });

  it('refuses NUL characters, oversized values and names, and odd value types', () => {
    expectInvalidQuery(() => readQueryEntries({ 'filter[name]': 'a\u0000b' }), 'filter[name]', 'NUL');
    expectInvalidQuery(() => readQueryEntries({ fields: 'a'.repeat(20_000) }), 'fields', 'too long');
    const message = expectInvalidQuery(
      () => readQueryEntries({ [`filter[${'x'.repeat(300)}]`]: 'a' }),
      `filter[${'x'.repeat(57)}…`,
      'too long',
    );
    expect(message.length).toBeLessThan(200);
    expectInvalidQuery(
      () => readQueryEntries({ filter: { ['y'.repeat(300)]: 'a' } }),
      `filter[${'y'.repeat(57)}…`,
      'too long',
    );
    expectInvalidQuery(
      () => readQueryEntries({ page: { limit: Number.NaN } }),
      'page[limit]',
      'unsupported value',
    );
    expectInvalidQuery(() => readQueryEntries({ page: { limit: 1n } }), 'page[limit]', 'unsupported value');
  });

  it('keeps prototype keys as plain data', () => {
    const raw = JSON.parse('{"filter":{"__proto__":{"polluted":"yes"}}}') as unknown;
    const entries = readQueryEntries(raw);
    expect(entries).toEqual([
      {
        parameter: 'filter[__proto__][polluted]',
        name: 'filter',
        path: ['__proto__', 'polluted'],
        value: 'yes',
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
