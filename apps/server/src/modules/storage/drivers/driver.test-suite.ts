import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { ObjectNotFoundError, type StorageDriver } from './driver.ts';

export interface DriverUnderTest {
  driver(): StorageDriver;
  /** Keys of complete objects the backing store holds, however it stores them. */
  storedKeys(): Promise<string[]>;
}

function sha256Hex(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A source that yields `bytes` and then fails, as an aborted client upload does. */
function failingSource(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(bytes, 1);
      throw new Error('client went away');
    })(),
  );
}

/** The behaviour every driver shares, run against each of them. */
export function describeDriverContract(subject: DriverUnderTest, largeSize: number): void {
  it('stores, measures and returns an object', async () => {
    const content = Buffer.from('hello storage\n');
    const stored = await subject.driver().put('bucket-a/file-1', Readable.from([content]));
    expect(stored).toEqual({ size: content.length, hash: sha256Hex(content) });
    expect(await buffer(await subject.driver().get('bucket-a/file-1'))).toEqual(content);
  });

  it('stores empty objects and objects larger than one part', async () => {
    expect(await subject.driver().put('bucket-a/empty', Readable.from([]))).toMatchObject({ size: 0 });
    expect((await buffer(await subject.driver().get('bucket-a/empty'))).length).toBe(0);

    const chunk = Buffer.alloc(256 * 1024);
    const chunks = Array.from({ length: Math.ceil(largeSize / chunk.length) }, (_, index) =>
      Buffer.from(chunk.fill(index % 256)),
    );
    const content = Buffer.concat(chunks);
    const stored = await subject.driver().put('bucket-a/large', Readable.from(chunks));
    expect(stored).toEqual({ size: content.length, hash: sha256Hex(content) });
    const read = await buffer(await subject.driver().get('bucket-a/large'));
    expect(read.length).toBe(content.length);
    expect(read.equals(content)).toBe(true);
  });

  it('leaves nothing behind when the source fails midway', async () => {
    await expect(subject.driver().put('bucket-b/broken', failingSource(10_000))).rejects.toThrow(
      'client went away',
    );
    await expect(subject.driver().put('bucket-b/broken-large', failingSource(largeSize))).rejects.toThrow(
      'client went away',
    );
    expect((await subject.storedKeys()).filter((key) => key.startsWith('bucket-b/'))).toEqual([]);
    await expect(subject.driver().get('bucket-b/broken')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('deletes one object, and every object under a prefix', async () => {
    for (const key of ['bucket-c/one', 'bucket-c/two', 'bucket-c/three', 'bucket-cc/other']) {
      await subject.driver().put(key, Readable.from([Buffer.from(key)]));
    }
    await subject.driver().delete('bucket-c/one');
    await subject.driver().delete('bucket-c/never-existed');
    await expect(subject.driver().get('bucket-c/one')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect((await buffer(await subject.driver().get('bucket-c/two'))).toString()).toBe('bucket-c/two');

    await subject.driver().deletePrefix('bucket-c');
    const keys = await subject.storedKeys();
    expect(keys.filter((key) => key.startsWith('bucket-c/'))).toEqual([]);
    // A prefix is a folder: a sibling whose name merely starts the same way stays.
    expect(keys).toContain('bucket-cc/other');
    await subject.driver().deletePrefix('bucket-never-used');
  });

  it('refuses keys that could leave its space', async () => {
    for (const key of ['../escape', 'a/../../b', '/absolute', 'a//b', '', 'a\\b', './a']) {
      await expect(subject.driver().put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(subject.driver().get(key)).rejects.toThrow('Invalid storage key');
    }
    await expect(subject.driver().deletePrefix('..')).rejects.toThrow('Invalid storage key');
  });
}
