import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { collectingYoungGarbage } from './young-garbage.ts';

describe('collectingYoungGarbage', () => {
  it('passes every byte on unchanged, in order, across many collections', async () => {
    const chunks = Array.from({ length: 64 }, (_, index) => `chunk ${index};`);
    const passed = collectingYoungGarbage(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), 16);
    expect(await text(passed)).toBe(chunks.join(''));
  });

  it('ends with the error of its source', async () => {
    const source = new Readable({ read() {} });
    const passed = collectingYoungGarbage(source);
    source.push(Buffer.from('partial'));
    source.destroy(new Error('The file is larger than the maximum.'));
    await expect(text(passed)).rejects.toThrow('The file is larger than the maximum.');
  });

  it('stops its source when the reader gives up', async () => {
    const source = new Readable({ read() {} });
    const passed = collectingYoungGarbage(source);
    passed.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});
