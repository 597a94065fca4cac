import { describe, expect, it } from 'vitest';
import type { ColumnKind } from './column-kind.ts';
import { coerceFilterValue } from './coerce-value.ts';
import { expectInvalidQuery } from './query.test-support.ts';

const coerce = (kind: ColumnKind, raw: string) => coerceFilterValue('filter[x]', raw, { label: 'x', kind });

describe('coerceFilterValue', () => {
  it('keeps string-mode timestamps as normalized ISO strings with full precision', () => {
    expect(coerce('timestampString', '2024-03-01T10:00:00.123456+0200')).toBe(
      '2024-03-01T10:00:00.123456+02:00',
    );
    expect(coerce('timestampString', '2024-03-01')).toBe('2024-03-01T00:00:00Z');
    expect(coerce('timestamp', '2024-03-01T10:00:00.5z')).toEqual(new Date('2024-03-01T10:00:00.500Z'));
  });

  it('reads dates', () => {
    expect(coerce('dateString', '2024-02-29')).toBe('2024-02-29');
    expect(coerce('date', '2024-02-29')).toEqual(new Date('2024-02-29T00:00:00Z'));
    expectInvalidQuery(() => coerce('dateString', '2023-02-29'), 'filter[x]', 'a date (YYYY-MM-DD)');
    expectInvalidQuery(() => coerce('date', '2024-02-01T00:00'), 'filter[x]', 'a date (YYYY-MM-DD)');
  });

  it('reads numbers within the column range', () => {
    expect(coerce('int2', '-32768')).toBe(-32768);
    expectInvalidQuery(() => coerce('int2', '32768'), 'filter[x]', 'between -32768 and 32767');
    expect(coerce('int53', '9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expectInvalidQuery(() => coerce('int53', '9007199254740992'), 'filter[x]', 'between');
    expect(coerce('float', '-1.5e3')).toBe(-1500);
    expectInvalidQuery(() => coerce('float', '1e999'), 'filter[x]', 'a number');
    expectInvalidQuery(() => coerce('float', 'NaN'), 'filter[x]', 'a number');
    expect(coerce('numeric', '12.50')).toBe('12.50');
    expectInvalidQuery(() => coerce('numeric', '1e5'), 'filter[x]', 'a decimal number');
  });

  it('refuses time zones and clock values out of range', () => {
    expectInvalidQuery(() => coerce('timestamp', '2024-01-01T10:00+25:00'), 'filter[x]', 'ISO-8601');
    expectInvalidQuery(() => coerce('timestamp', '2024-01-01T10:60'), 'filter[x]', 'ISO-8601');
    expectInvalidQuery(() => coerce('timestamp', '2024-13-01'), 'filter[x]', 'ISO-8601');
  });

  it('never lets an unsupported column be filtered', () => {
    expectInvalidQuery(() => coerce('unsupported', '{}'), 'filter[x]', 'cannot be filtered');
  });
});
