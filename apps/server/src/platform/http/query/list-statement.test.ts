import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  conditionValues,
  conditionWithPlaceholders,
  renderCondition,
  StatementNames,
} from './list-statement.ts';
import { users } from './query-fixtures.test-support.ts';

// Rendering needs the dialect only, no connection.
const db = drizzle.mock();

describe('conditionWithPlaceholders', () => {
  it('turns each bound value of a condition into a placeholder, so the text serves other values', () => {
    const rendered = renderCondition(db, sql`${users.name} = ${'alice'} and ${users.count} > ${3}`)!;
    expect(rendered.params).toEqual(['alice', 3]);
    const condition = conditionWithPlaceholders(rendered)!;
    const again = new PgDialect().sqlToQuery(sql`select 1 from ${users} where ${condition}`);
    expect(again.sql).toBe(`select 1 from "users" where ("users"."name" = $1 and "users"."count" > $2)`);
    expect(again.params.map((param) => (param as { name: string }).name)).toEqual(['where_0', 'where_1']);
    expect(conditionValues(rendered)).toEqual({ where_0: 'alice', where_1: 3 });
  });

  it('leaves a condition alone when its text does not bind $1 to $n once each, in order', () => {
    expect(conditionWithPlaceholders({ text: '"a" = $2 and "b" = $1', params: [1, 2] })).toBeUndefined();
    expect(conditionWithPlaceholders({ text: `"a" = $1 and "b" = '$2'`, params: [1] })).toBeUndefined();
    expect(conditionWithPlaceholders({ text: '"a" = $1', params: [1, 2] })).toBeUndefined();
  });

  it('renders nothing for no condition', () => {
    expect(renderCondition(db, undefined)).toBeUndefined();
    expect(conditionValues(undefined)).toEqual({});
  });
});

describe('StatementNames', () => {
  it('names a statement text the same way every time, and different texts differently', () => {
    const names = new StatementNames(10);
    const first = names.nameOf('select 1 from "projects"');
    expect(first).toMatch(/^list_[0-9a-f]{24}$/);
    expect(names.nameOf('select 1 from "projects"')).toBe(first);
    expect(names.nameOf('select 1 from "users"')).not.toBe(first);
  });

  it('hands out no more names than its budget, and keeps the ones it gave', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select 1');
    expect(names.nameOf('select 2')).toBeDefined();
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe(first);
  });
});
