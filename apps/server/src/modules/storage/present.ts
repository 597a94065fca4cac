import type { Row } from '#platform/http/resource/index.ts';

/**
 * Sizes are 64-bit in the database and bigint in memory; JSON has no bigint. A size is sent as a
 * number, which is exact up to 8 PiB, and as a decimal string beyond that rather than rounded.
 */
export function presentSize(size: unknown): unknown {
  if (typeof size !== 'bigint') return size;
  return size <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(size) : size.toString();
}

/** A storage row as the API sends it. */
export function present(row: Row): Row {
  return 'size' in row ? { ...row, size: presentSize(row.size) } : row;
}
