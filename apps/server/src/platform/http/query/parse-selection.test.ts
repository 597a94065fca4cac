import { describe, expect, it } from 'vitest';
import { parseListQuery, parseReadQuery } from './parse.ts';
import { userQuery } from './query-fixtures.test-support.ts';
import { expectInvalidQuery } from './query.test-support.ts';

const DEFAULTS = ['id', 'name', 'display_name', 'active', 'count', 'role', 'realm_id', 'created_at'];
const select = (raw: Record<string, unknown>) => parseListQuery(raw, userQuery);

describe('fields', () => {
  it('returns the default fields when none are asked for', () => {
    expect(select({}).fields).toEqual(DEFAULTS);
  });

  it('returns only the named fields, id always first', () => {
    expect(select({ fields: 'name,count' }).fields).toEqual(['id', 'name', 'count']);
    expect(select({ fields: 'count, name ,' }).fields).toEqual(['id', 'name', 'count']);
    expect(select({ fields: 'secret' }).fields).toEqual(['id', 'secret']);
  });

  it('adds opt-in hidden fields with + and removes defaults with -', () => {
    expect(select({ fields: '+secret' }).fields).toEqual([...DEFAULTS, 'secret']);
    expect(select({ fields: '-display_name,-created_at' }).fields).toEqual(
      DEFAULTS.filter((field) => field !== 'display_name' && field !== 'created_at'),
    );
    expect(select({ fields: 'name,+secret' }).fields).toEqual(['id', 'name', 'secret']);
    expect(select({ fields: '+secret,-name' }).fields).toEqual([
      ...DEFAULTS.filter((f) => f !== 'name'),
      'secret',
    ]);
  });

  it('reads an unencoded + (a space after URL decoding) as +', () => {
    expect(select({ fields: ' secret' }).fields).toEqual([...DEFAULTS, 'secret']);
  });

  it('refuses unknown fields, removing id, and expressions', () => {
    expectInvalidQuery(
      () => select({ fields: 'id,nope' }),
      'fields',
      'unknown field "nope" (allowed: id, name',
    );
    expectInvalidQuery(() => select({ fields: 'settings' }), 'fields', 'unknown field "settings"');
    expectInvalidQuery(() => select({ fields: 'id,(select 1)' }), 'fields', 'unknown field "(select 1)"');
    expectInvalidQuery(() => select({ fields: 'name;drop table users' }), 'fields', 'unknown field');
    expectInvalidQuery(() => select({ fields: '*' }), 'fields', 'unknown field "*"');
    expectInvalidQuery(() => select({ fields: '-id' }), 'fields', 'always returned');
    expectInvalidQuery(() => select({ fields: '+' }), 'fields', 'field name is missing');
    expectInvalidQuery(() => select({ fields: ['id', 'name'] }), 'fields', 'only once');
  });

  it('selects relation columns in dotted and bracket form, only for included relations', () => {
    expect(select({ include: 'realm', fields: 'name,realm.name' })).toMatchObject({
      fields: ['id', 'name'],
      include: [{ relation: 'realm', fields: ['id', 'name'] }],
    });
    expect(select({ include: 'realm', 'fields[realm]': 'id' }).include).toEqual([
      { relation: 'realm', fields: ['id'] },
    ]);
    expect(select({ include: 'realm', 'fields[realm]': '-name' }).include).toEqual([
      { relation: 'realm', fields: ['id'] },
    ]);
    expect(
      select({ include: 'realm', 'fields[__DEFAULT__]': 'name', 'fields[realm]': 'name' }),
    ).toMatchObject({
      fields: ['id', 'name'],
      include: [{ relation: 'realm', fields: ['id', 'name'] }],
    });
    expectInvalidQuery(
      () => select({ 'fields[realm]': 'name' }),
      'fields[realm]',
      'include=realm is required',
    );
    expectInvalidQuery(
      () => select({ include: 'realm', 'fields[realm]': 'secret' }),
      'fields[realm]',
      'unknown field',
    );
    expectInvalidQuery(() => select({ 'fields[project]': 'name' }), 'fields[project]', 'unknown relation');
    expectInvalidQuery(() => select({ fields: 'x.y' }), 'fields', 'unknown relation "x"');
    expectInvalidQuery(() => select({ 'fields[realm][x]': 'name' }), 'fields[realm][x]', 'nested too deeply');
    expectInvalidQuery(() => select({ fields: 'id', 'fields[__DEFAULT__]': 'name' }), 'fields[__DEFAULT__]');
  });
});

describe('include', () => {
  it('includes declared relations once each', () => {
    expect(select({ include: 'realm, realm,' }).include).toEqual([
      { relation: 'realm', fields: ['id', 'name'] },
    ]);
    expect(select({}).include).toEqual([]);
  });

  it('refuses unknown relations and the bracket form', () => {
    const message = expectInvalidQuery(() => select({ include: 'realm,project' }), 'include');
    expect(message).toBe(
      'The query parameter "include" is invalid: unknown relation "project" (allowed: realm)',
    );
    expectInvalidQuery(() => select({ include: 'realm.parent' }), 'include', 'unknown relation');
    expectInvalidQuery(() => select({ 'include[realm]': 'x' }), 'include[realm]', 'use include=');
  });
});

describe('parseReadQuery', () => {
  it('reads fields and include and ignores list-only parameters', () => {
    expect(
      parseReadQuery(
        { fields: '+secret', include: 'realm', 'filter[nope]': 'x', sort: 'bogus', 'page[limit]': '-1' },
        userQuery,
      ),
    ).toEqual({ fields: [...DEFAULTS, 'secret'], include: [{ relation: 'realm', fields: ['id', 'name'] }] });
  });

  it('still refuses bad fields and malformed brackets', () => {
    expectInvalidQuery(() => parseReadQuery({ fields: 'nope' }, userQuery), 'fields', 'unknown field');
    expectInvalidQuery(() => parseReadQuery({ 'filter[x': 'y' }, userQuery), 'filter[x', 'malformed');
  });
});
