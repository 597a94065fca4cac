import { describe, expect, it } from 'vitest';
import { isErrorLevel, levelColor, logTimeToDate } from './log-entries.ts';

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
});
