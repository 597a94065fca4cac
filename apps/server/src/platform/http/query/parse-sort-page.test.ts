import { describe, expect, it } from 'vitest';
import { defineResourceQuery } from './definition.ts';
import { parseListQuery } from './parse.ts';
import { realmQuery, userQuery, users } from './query-fixtures.test-support.ts';
import { expectInvalidQuery } from './query.test-support.ts';

const parse = (raw: Record<string, unknown>) => parseListQuery(raw, userQuery);

describe('sort', () => {
  it('reads ascending and descending keys and appends the id tiebreaker', () => {
    expect(parse({ sort: '-created_at,name' }).sort).toEqual([
      { field: 'created_at', direction: 'DESC' },
      { field: 'name', direction: 'ASC' },
      { field: 'id', direction: 'ASC' },
    ]);
    expect(parse({ sort: '-id' }).sort).toEqual([{ field: 'id', direction: 'DESC' }]);
    expect(parse({ sort: ' count, ' }).sort).toEqual([
      { field: 'count', direction: 'ASC' },
      { field: 'id', direction: 'ASC' },
    ]);
  });

  it('uses the declared default order, or id alone', () => {
    expect(parse({}).sort).toEqual([
      { field: 'created_at', direction: 'DESC' },
      { field: 'id', direction: 'ASC' },
    ]);
    expect(parseListQuery({}, realmQuery).sort).toEqual([{ field: 'id', direction: 'ASC' }]);
  });

  it('reads the object form', () => {
    expect(parse({ sort: { name: 'desc' } }).sort[0]).toEqual({ field: 'name', direction: 'DESC' });
    expect(parse({ 'sort[count]': 'ASC' }).sort[0]).toEqual({ field: 'count', direction: 'ASC' });
    expectInvalidQuery(() => parse({ 'sort[count]': 'sideways' }), 'sort[count]', 'not a sort direction');
    expectInvalidQuery(() => parse({ 'sort[count][x]': 'ASC' }), 'sort[count][x]', 'nested too deeply');
  });

  it('refuses unknown, unsortable, repeated and hostile keys', () => {
    const message = expectInvalidQuery(() => parse({ sort: 'nme' }), 'sort');
    expect(message).toBe(
      'The query parameter "sort" is invalid: unknown sort key "nme" (allowed: id, name, count, created_at)',
    );
    expectInvalidQuery(() => parse({ sort: 'secret' }), 'sort', 'unknown sort key "secret"');
    expectInvalidQuery(() => parse({ sort: 'name;drop' }), 'sort', 'unknown sort key "name;drop"');
    expectInvalidQuery(() => parse({ sort: 'name desc' }), 'sort', 'unknown sort key "name desc"');
    expectInvalidQuery(() => parse({ sort: '(select 1)' }), 'sort', 'unknown sort key');
    expectInvalidQuery(() => parse({ sort: 'name,-name' }), 'sort', 'given more than once');
    expectInvalidQuery(() => parse({ sort: '-' }), 'sort', 'unknown sort key ""');
  });
});

describe('page', () => {
  it('defaults to limit 10, offset 0', () => {
    expect(parse({}).page).toEqual({ limit: 10, offset: 0 });
  });

  it('reads limit and offset', () => {
    expect(parse({ 'page[limit]': '25', 'page[offset]': '50' }).page).toEqual({ limit: 25, offset: 50 });
    expect(parse({ page: { limit: 5, offset: 0 } }).page).toEqual({ limit: 5, offset: 0 });
    expect(parse({ 'page[limit]': '', 'page[offset]': ' 7 ' }).page).toEqual({ limit: 10, offset: 7 });
  });

  it('clamps a limit above the maximum, to the definition maximum when raised', () => {
    expect(parse({ 'page[limit]': '1000' }).page.limit).toBe(50);
    expect(parse({ 'page[limit]': '9999999999' }).page.limit).toBe(50);
    expect(parseListQuery({ 'page[limit]': '1000' }, realmQuery).page.limit).toBe(100);
    const small = defineResourceQuery({
      table: users,
      fields: { default: ['id'] },
      filters: [],
      sorts: [],
      maxLimit: 5,
    });
    expect(parseListQuery({}, small).page.limit).toBe(5);
  });

  it('keeps the default for limit 0, as rapiq does', () => {
    expect(parse({ 'page[limit]': '0' }).page.limit).toBe(10);
  });

  it.each([
    ['page[limit]', '-1', 'non-negative integer'],
    ['page[limit]', '1.5', 'non-negative integer'],
    ['page[limit]', 'ten', 'non-negative integer'],
    ['page[limit]', '1e3', 'non-negative integer'],
    ['page[limit]', '0x10', 'non-negative integer'],
    ['page[limit]', '10;drop table users', 'non-negative integer'],
    ['page[limit]', '1'.repeat(400), 'too large'],
    ['page[offset]', '-5', 'non-negative integer'],
    ['page[offset]', 'Infinity', 'non-negative integer'],
    ['page[offset]', '99999999999', 'too large'],
  ])('refuses %s=%s', (parameter, value, reason) => {
    expectInvalidQuery(() => parse({ [parameter]: value }), parameter, reason);
  });

  it('refuses other page keys and the bare form', () => {
    expectInvalidQuery(
      () => parse({ 'page[foo]': '1' }),
      'page[foo]',
      'use page[limit], page[offset] or page[after]',
    );
    expectInvalidQuery(() => parse({ 'page[size]': '1' }), 'page[size]');
    expectInvalidQuery(() => parse({ page: '2' }), 'page', 'use page[limit], page[offset] or page[after]');
    expectInvalidQuery(() => parse({ 'page[limit][x]': '2' }), 'page[limit][x]');
  });
});
