import type { Readable } from 'node:stream';

/** Where the part size of a multipart upload starts: the S3 minimum is 5 MiB for every part but the last. */
export const INITIAL_PART_SIZE = 8 * 1024 * 1024;
/** S3 allows at most 10 000 parts; growing the part size every 1000 parts keeps any object within that. */
const PARTS_PER_SIZE_STEP = 1000;

/** The size of part `index` (0-based): 8 MiB for the first thousand, then doubling every thousand. */
export function partSizeOf(index: number, initial = INITIAL_PART_SIZE): number {
  return initial * 2 ** Math.floor(index / PARTS_PER_SIZE_STEP);
}

/**
 * Cuts a stream into parts of `partSizeOf(i)` bytes (the last one shorter), holding at most one
 * part (plus one incoming chunk) in memory at a time.
 */
export async function* readParts(source: Readable, initial = INITIAL_PART_SIZE): AsyncGenerator<Buffer> {
  let index = 0;
  let wanted = partSizeOf(index, initial);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    let rest = chunk;
    while (pendingBytes + rest.length >= wanted) {
      const take = wanted - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending, wanted);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
      index += 1;
      wanted = partSizeOf(index, initial);
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0 || index === 0) yield Buffer.concat(pending, pendingBytes);
}
