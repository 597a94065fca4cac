import { describe, expect, it } from 'vitest';
import { parseListQuery } from './parse.ts';
import { findFilter } from './parse-filter.ts';
import { userQuery } from './query-fixtures.test-support.ts';
import { expectInvalidQuery } from './query.test-support.ts';

const UUID_A = '0b7a3bb4-2a47-4f55-9d0e-0d0f6f0a0001';
const UUID_B = '0b7a3bb4-2a47-4f55-9d0e-0d0f6f0a0002';

const filtersOf = (raw: Record<string, unknown>) => parseListQuery(raw, userQuery).filters;
const filterOf = (key: string, value: string) => filtersOf({ [`filter[${key}]`]: value })[0];

describe('filter parsing', () => {
  it('reads equality, negation and null', () => {
    expect(filterOf('name', 'abc')).toEqual({
      parameter: 'filter[name]',
      field: 'name',
      operator: 'eq',
      value: 'abc',
    });
    expect(filterOf('name', '!abc')).toMatchObject({ operator: 'ne', value: 'abc' });
    expect(filterOf('realm_id', 'null')).toMatchObject({ operator: 'isNull' });
    expect(filterOf('realm_id', 'NULL')).toMatchObject({ operator: 'isNull' });
    expect(filterOf('realm_id', '!null')).toMatchObject({ operator: 'isNotNull' });
  });

  it('reads like filters: prefix, suffix, contains, negated, and comma alternatives', () => {
    expect(filterOf('name', '~ab')).toMatchObject({ operator: 'like', match: 'prefix', values: ['ab'] });
    expect(filterOf('name', 'ab~')).toMatchObject({ operator: 'like', match: 'suffix', values: ['ab'] });
    expect(filterOf('name', '~ab~')).toMatchObject({ operator: 'like', match: 'contains', values: ['ab'] });
    expect(filterOf('name', '!~ab')).toMatchObject({ operator: 'notLike', match: 'prefix', values: ['ab'] });
    expect(filterOf('name', '~a,b')).toMatchObject({ operator: 'like', values: ['a', 'b'] });
    expect(filterOf('name', '~')).toMatchObject({ operator: 'like', match: 'prefix', values: [''] });
    expect(filterOf('display_name', '~50%_x')).toMatchObject({ operator: 'like', values: ['50%_x'] });
  });

  it('reads lists, with null as an alternative', () => {
    expect(filterOf('id', `${UUID_A},${UUID_B.toUpperCase()}`)).toMatchObject({
      operator: 'in',
      values: [UUID_A, UUID_B],
      orNull: false,
    });
    expect(filterOf('id', `!${UUID_A},${UUID_B}`)).toMatchObject({
      operator: 'notIn',
      values: [UUID_A, UUID_B],
    });
    expect(filterOf('realm_id', `${UUID_A},null`)).toMatchObject({
      operator: 'in',
      values: [UUID_A],
      orNull: true,
    });
    expect(filterOf('count', '1,2,2,')).toMatchObject({ operator: 'in', values: [1, 2] });
    expect(filterOf('realm_id', 'null,')).toMatchObject({ operator: 'isNull' });
  });

  it('reads comparisons, inverting them under negation', () => {
    expect(filterOf('count', '<5')).toMatchObject({ operator: 'lt', value: 5 });
    expect(filterOf('count', '<=5')).toMatchObject({ operator: 'lte', value: 5 });
    expect(filterOf('count', '>5')).toMatchObject({ operator: 'gt', value: 5 });
    expect(filterOf('count', '>=-5')).toMatchObject({ operator: 'gte', value: -5 });
    expect(filterOf('count', '!<5')).toMatchObject({ operator: 'gte', value: 5 });
    expect(filterOf('count', '!>=5')).toMatchObject({ operator: 'lt', value: 5 });
    expect(filterOf('name', '>m')).toMatchObject({ operator: 'gt', value: 'm' });
    expect(filterOf('created_at', '>2024-01-02')).toMatchObject({
      operator: 'gt',
      value: new Date('2024-01-02T00:00:00.000Z'),
    });
  });

  it('coerces values to the column type', () => {
    expect(filterOf('active', 'true')).toMatchObject({ value: true });
    expect(filterOf('active', 'FALSE')).toMatchObject({ value: false });
    expect(filterOf('count', '0042')).toMatchObject({ value: 42 });
    expect(filterOf('big', '9007199254740993')).toMatchObject({ value: '9007199254740993' });
    expect(filterOf('role', 'admin')).toMatchObject({ value: 'admin' });
    expect(filterOf('created_at', '2024-03-01T10:00:00+02:00')).toMatchObject({
      value: new Date('2024-03-01T08:00:00.000Z'),
    });
    expect(filterOf('created_at', '2024-03-01 10:00')).toMatchObject({
      value: new Date('2024-03-01T10:00:00Z'),
    });
  });

  it.each([
    ['id', 'abc', 'is not a valid UUID'],
    ['id', "1' OR '1'='1", 'is not a valid UUID'],
    ['count', 'abc', 'is not an integer'],
    ['count', '1.5', 'is not an integer'],
    ['count', '99999999999', 'is not an integer between'],
    ['count', '<1e3', 'is not an integer'],
    ['big', '99999999999999999999', 'is not an integer between'],
    ['active', 'yes', 'is not true or false'],
    ['role', 'owner', 'is not one of admin, member'],
    ['created_at', 'yesterday', 'is not an ISO-8601'],
    ['created_at', '2024-02-30', 'is not an ISO-8601'],
    ['created_at', '2024-01-01T25:00', 'is not an ISO-8601'],
    ['created_at', '>12345-01-01', 'is not an ISO-8601'],
    ['realm_id', `${UUID_A},nope`, 'is not a valid UUID'],
  ])('refuses filter[%s]=%s', (key, value, reason) => {
    expectInvalidQuery(() => filterOf(key, value), `filter[${key}]`, reason);
  });

  it('refuses operators the column type cannot take', () => {
    expectInvalidQuery(() => filterOf('id', `~${UUID_A}`), 'filter[id]', 'does not support "~"');
    expectInvalidQuery(() => filterOf('count', '~1'), 'filter[count]', 'does not support "~"');
    expectInvalidQuery(() => filterOf('role', '~adm'), 'filter[role]', 'does not support "~"');
    expectInvalidQuery(() => filterOf('active', '<true'), 'filter[active]', 'does not support "<"');
    expectInvalidQuery(() => filterOf('id', `>${UUID_A}`), 'filter[id]', 'does not support ">"');
  });

  it('refuses incomplete expressions', () => {
    expectInvalidQuery(() => filterOf('name', '!'), 'filter[name]', 'missing after "!"');
    expectInvalidQuery(() => filterOf('count', '<'), 'filter[count]', 'missing after "<"');
    expectInvalidQuery(() => filterOf('count', '>=1,2'), 'filter[count]', 'single value');
    expectInvalidQuery(() => filterOf('count', '<null'), 'filter[count]', 'cannot compare with null');
    expectInvalidQuery(() => filterOf('count', ',,,'), 'filter[count]', 'list is empty');
    expectInvalidQuery(
      () => filterOf('count', Array.from({ length: 501 }, (_, index) => index).join(',')),
      'filter[count]',
      'at most 500',
    );
  });

  it('ignores empty filters, as the originals do', () => {
    expect(filtersOf({ 'filter[name]': '', 'filter[count]': '  ' })).toEqual([]);
  });

  it('names an unknown filter and lists the allowed ones', () => {
    const message = expectInvalidQuery(() => filterOf('nme', 'x'), 'filter[nme]');
    expect(message).toBe(
      'The query parameter "filter[nme]" is invalid: unknown filter "nme" (allowed: id, name, display_name, ' +
        'active, count, big, role, realm_id, created_at, realm.name)',
    );
    // a column that exists but is not declared filterable
    expectInvalidQuery(() => filterOf('secret', '~$2'), 'filter[secret]', 'unknown filter "secret"');
  });

  it('refuses the bare and over-nested forms', () => {
    expectInvalidQuery(() => filtersOf({ filter: 'abc' }), 'filter', 'use filter[<field>]=<value>');
    expectInvalidQuery(
      () => filtersOf({ 'filter[name][x]': 'abc' }),
      'filter[name][x]',
      'unknown filter "name.x"',
    );
  });

  it('reads filters on a filterable relation in dotted and nested form', () => {
    expect(filterOf('realm.name', 'master')).toEqual({
      parameter: 'filter[realm.name]',
      field: 'name',
      relation: 'realm',
      operator: 'eq',
      value: 'master',
    });
    expect(filtersOf({ filter: { realm: { name: '~ma' } } })[0]).toMatchObject({
      parameter: 'filter[realm][name]',
      relation: 'realm',
      operator: 'like',
    });
    expectInvalidQuery(
      () => filtersOf({ 'filter[realm.name]': 'a', 'filter[realm][name]': 'b' }),
      'filter[realm][name]',
      'given more than once',
    );
    expectInvalidQuery(() => filterOf('realm.id', 'x'), 'filter[realm.id]', 'unknown filter "realm.id"');
    expectInvalidQuery(() => filterOf('project.name', 'x'), 'filter[project.name]', 'unknown filter');
  });

  it('treats injection attempts as data or as unknown names, never as SQL', () => {
    expect(filterOf('name', "' OR 1=1--")).toMatchObject({ operator: 'eq', value: "' OR 1=1--" });
    expect(filterOf('name', "~'; drop table users; --")).toMatchObject({
      operator: 'like',
      values: ["'; drop table users; --"],
    });
    expectInvalidQuery(
      () => filterOf('name;drop table x', 'a'),
      'filter[name;drop table x]',
      'unknown filter',
    );
    expectInvalidQuery(() => filterOf('name" OR "1"="1', 'a'), 'filter[name" OR "1"="1]', 'unknown filter');
    expectInvalidQuery(() => filterOf('count', '1;drop table users'), 'filter[count]', 'is not an integer');
    expectInvalidQuery(() => filterOf('created_at', "2024-01-01'::date--"), 'filter[created_at]', 'ISO-8601');
  });

  it('finds a filter by field for routes that require one', () => {
    const filters = filtersOf({ 'filter[realm_id]': UUID_A, 'filter[realm.name]': 'x' });
    expect(findFilter(filters, 'realm_id')).toMatchObject({ operator: 'eq', value: UUID_A });
    expect(findFilter(filters, 'name')).toBeUndefined();
  });
});
