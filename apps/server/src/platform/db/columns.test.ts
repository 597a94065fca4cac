import { describe, expect, it } from 'vitest';
import { toIsoTimestamp } from './columns.ts';

describe('toIsoTimestamp', () => {
  it.each([
    ['2026-11-22 03:45:36.751+00', '2026-11-22T03:45:36.751Z'],
    ['2026-11-22 03:45:36.751999+00', '2026-11-22T03:45:36.751Z'],
    ['2026-11-22 03:45:36.5+00', '2026-11-22T03:45:36.500Z'],
    ['2026-11-22 03:45:36+00', '2026-11-22T03:45:36.000Z'],
    ['2026-11-22 03:45:36.25+02', '2026-11-22T01:45:36.250Z'],
    ['2026-11-22 01:15:00+05:30', '2026-11-21T19:45:00.000Z'],
    ['2026-01-01 00:30:00-01', '2026-01-01T01:30:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(toIsoTimestamp(text)).toBe(iso);
  });

  it('gives the same instant as Date for any UTC text PostgreSQL produces', () => {
    // 2,000 instants spread over 1970-2096 with every kind of millisecond and microsecond part.
    for (let index = 0; index < 2000; index++) {
      const millis = index * 1_999_999_937;
      const micros = String((index * 7919) % 1000).padStart(3, '0');
      const text = `${new Date(millis).toISOString().replace('T', ' ').slice(0, 23)}${micros}+00`;
      expect(toIsoTimestamp(text), text).toBe(new Date(millis).toISOString());
    }
  });

  it('passes Date values through as ISO-8601', () => {
    expect(toIsoTimestamp(new Date('2026-11-22T03:45:36.751Z'))).toBe('2026-11-22T03:45:36.751Z');
  });
});
