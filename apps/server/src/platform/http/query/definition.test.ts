import { describe, expect, it } from 'vitest';
import { defineResourceQuery } from './definition.ts';
import { realms, users } from './query-fixtures.test-support.ts';

describe('defineResourceQuery', () => {
  it('resolves columns, defaults and limits', () => {
    const query = defineResourceQuery({
      table: users,
      fields: { default: ['name'] },
      filters: ['name'],
      sorts: [],
    });
    expect(query.name).toBe('users');
    expect(query.defaultFields).toEqual(['id', 'name']);
    expect(query.columns.get('created_at')?.kind).toBe('timestamp');
    expect(query.columns.get('role')?.kind).toBe('enum');
    expect(query.columns.get('big')?.kind).toBe('int64');
    expect(query.columns.get('settings')?.kind).toBe('unsupported');
    expect([query.defaultLimit, query.maxLimit]).toEqual([10, 50]);
  });

  it('throws at start-up on declaration mistakes', () => {
    const base = { table: users, fields: { default: ['name'] as const }, filters: [], sorts: [] };
    // Runtime checks for what the types already forbid (declarations built from data, casts).
    const cast = (value: unknown) => value as never;
    expect(() => defineResourceQuery({ ...base, filters: cast(['nope']) })).toThrow(
      /filters names the unknown column "nope"/,
    );
    expect(() => defineResourceQuery({ ...base, filters: ['settings'] })).toThrow(
      /jsonb\) cannot be filtered/,
    );
    expect(() => defineResourceQuery({ ...base, fields: { default: ['name'], hidden: ['name'] } })).toThrow(
      /both a default and a hidden field/,
    );
    expect(() => defineResourceQuery({ ...base, maxLimit: 0 })).toThrow(/maxLimit/);
    expect(() => defineResourceQuery({ ...base, maxLimit: 20, defaultLimit: 30 })).toThrow(/defaultLimit/);
    expect(() =>
      defineResourceQuery({
        ...base,
        relations: { name: { table: realms, localKey: 'realm_id', foreignKey: 'id', fields: ['name'] } },
      }),
    ).toThrow(/shadows a column/);
    expect(() =>
      defineResourceQuery({
        ...base,
        relations: {
          realm: { table: realms, localKey: 'realm_id', foreignKey: cast('nope'), fields: ['name'] },
        },
      }),
    ).toThrow(/relations.realm.foreignKey names "nope", unknown in realms/);
  });
});
