import { describe, expect, it } from 'vitest';
import { nowInNanoseconds, readNanoseconds } from './nanoseconds.ts';

describe('nanosecond timestamps', () => {
  it('reads digit strings exactly, beyond 2^53', () => {
    expect(readNanoseconds('1700000000000000001')).toEqual({ time: '1700000000000000001' });
    expect(readNanoseconds('0001')).toEqual({ time: '1' });
    expect(readNanoseconds(1_700_000_000)).toEqual({ time: '1700000000' });
  });

  it('refuses what is not an exact non-negative integer', () => {
    for (const value of ['1.5', '-1', '', '1e18', 'soon', '99999999999999999999', 2 ** 60, -1, 1.5, null]) {
      expect(readNanoseconds(value)).toHaveProperty('error');
    }
  });

  it('tells the time now, increasing within a millisecond', () => {
    const before = BigInt(Date.now()) * 1_000_000n;
    const first = BigInt(nowInNanoseconds());
    const second = BigInt(nowInNanoseconds());
    expect(first).toBeGreaterThanOrEqual(before - 1_000_000n);
    expect(second).toBeGreaterThan(first);
  });
});
