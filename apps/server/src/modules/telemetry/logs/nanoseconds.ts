/**
 * Nanosecond timestamps as decimal strings: they exceed Number.MAX_SAFE_INTEGER (2^53), so they never
 * pass through a JavaScript number.
 */

/** The largest 64-bit value (the year 2262 in nanoseconds), what producers' clocks can hold. */
const MAX_NANOSECONDS = 9_223_372_036_854_775_807n;

// The wall clock has millisecond resolution; the monotonic clock fills in the nanoseconds. Reading
// the wall clock on every call keeps a line's time from falling behind it (an offset taken once at
// start-up lags by up to a millisecond and drifts as the clock is adjusted); the last time handed out
// keeps lines written in the same millisecond in order.
let lastHandedOut = 0n;

export function nowInNanoseconds(): string {
  const wallMilliseconds = BigInt(Date.now()) * 1_000_000n;
  const withinMillisecond = process.hrtime.bigint() % 1_000_000n;
  const candidate = wallMilliseconds + withinMillisecond;
  lastHandedOut = candidate > lastHandedOut ? candidate : lastHandedOut + 1n;
  return lastHandedOut.toString();
}

/**
 * A time as sent by a producer: a string of digits, or an integer number small enough to be exact.
 * Returns the canonical decimal string, or an error message.
 */
export function readNanoseconds(value: unknown): { time: string } | { error: string } {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      return { error: 'must be a non-negative integer; send larger values as a string of digits' };
    }
    return { time: String(value) };
  }
  if (typeof value === 'bigint') value = value.toString();
  if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) {
    return { error: 'must be a nanosecond timestamp: a string of digits' };
  }
  const parsed = BigInt(value);
  if (parsed > MAX_NANOSECONDS) return { error: 'is too large' };
  return { time: parsed.toString() };
}
