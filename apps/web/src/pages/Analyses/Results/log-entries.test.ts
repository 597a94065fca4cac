import { describe, expect, it } from 'vitest';
import { isErrorLevel, levelColor, logTimeToDate, mergeLogEntries } from './log-entries.ts';

describe('log entries', () => {
  it('turns nanosecond times (string or number) into the instant they name', () => {
    expect(logTimeToDate('1700000000123456789').toISOString()).toBe('2023-11-14T22:13:20.123Z');
    expect(logTimeToDate(1_700_000_000_000_000_000).getTime()).toBe(1_700_000_000_000);
  });

  it('highlights warn and worse as errors and colours every level', () => {
    expect(['emerg', 'alert', 'crit', 'error', 'warn'].every(isErrorLevel)).toBe(true);
    expect(isErrorLevel('notice')).toBe(false);
    expect(levelColor('info')).toBe('#008000');
    expect(levelColor('unknown')).toBe('#808080');
  });

  describe('lines sent live', () => {
    const line = (id: string, time: string) => ({ id, time, message: `line ${id}` });
    const loaded = [line('a', '1700000000000000001'), line('b', '1700000000000000002')];

    it('appends a new line after the loaded ones', () => {
      const merged = mergeLogEntries(loaded, [line('c', '1700000000000000003')]);
      expect(merged.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    });

    it('keeps a line once when the live message and the next page both bring it', () => {
      const live = mergeLogEntries(loaded, [line('c', '1700000000000000003')]);
      const paged = mergeLogEntries(live, [
        line('c', '1700000000000000003'),
        line('d', '1700000000000000004'),
      ]);
      expect(paged.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
      expect(mergeLogEntries(paged, [line('d', '1700000000000000004')])).toBe(paged);
    });

    it('puts a line that a live one overtook in its place by time, to the nanosecond', () => {
      const live = mergeLogEntries(loaded, [line('d', '1700000000000000004')]);
      const paged = mergeLogEntries(live, [line('c', '1700000000000000003')]);
      expect(paged.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd']);
    });
  });
});
