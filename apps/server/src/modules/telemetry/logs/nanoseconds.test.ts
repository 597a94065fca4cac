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

  it('tells the time now: never behind the wall clock, increasing within a millisecond', () => {
    let previous = 0n;
    for (let call = 0; call < 5_000; call += 1) {
      const before = BigInt(Date.now()) * 1_000_000n;
      const time = BigInt(nowInNanoseconds());
      const after = BigInt(Date.now() + 1) * 1_000_000n;
      expect(time).toBeGreaterThanOrEqual(before);
      expect(time).toBeLessThanOrEqual(after);
      expect(time).toBeGreaterThan(previous);
      previous = time;
    }
  });
});
