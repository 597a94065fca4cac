import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { partSizeOf, readParts } from './s3-parts.ts';

const collect = async (chunks: Buffer[], initial: number) => {
  const parts: Buffer[] = [];
  for await (const part of readParts(Readable.from(chunks), initial)) parts.push(part);
  return parts;
};

describe('readParts', () => {
  it('cuts a stream into parts of the part size, the last one shorter', async () => {
    const chunks = [Buffer.from('abcde'), Buffer.from('fg'), Buffer.from('hijklmnopq'), Buffer.from('r')];
    const parts = await collect(chunks, 4);
    expect(parts.map((part) => part.toString())).toEqual(['abcd', 'efgh', 'ijkl', 'mnop', 'qr']);
  });

  it('yields one empty part for an empty stream and no empty trailing part', async () => {
    expect((await collect([], 4)).map((part) => part.length)).toEqual([0]);
    expect((await collect([Buffer.from('abcdefgh')], 4)).map((part) => part.toString())).toEqual([
      'abcd',
      'efgh',
    ]);
  });

  it('doubles the part size every thousand parts, so S3’s 10 000-part limit is never reached', () => {
    expect(partSizeOf(0, 8)).toBe(8);
    expect(partSizeOf(999, 8)).toBe(8);
    expect(partSizeOf(1000, 8)).toBe(16);
    expect(partSizeOf(9999, 8)).toBe(8 * 2 ** 9);
    let total = 0;
    for (let index = 0; index < 10_000; index += 1) total += partSizeOf(index);
    expect(total).toBeGreaterThan(5 * 1024 ** 4);
  });
});
