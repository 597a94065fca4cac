import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

const loads = () => {
  let count = 0;
  return { load: (value: string) => () => Promise.resolve(`${value}#${++count}`), count: () => count };
};

describe('VersionedCache', () => {
  it('keeps at most maxEntries, dropping the least recently used first', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    const { load, count } = loads();
    await cache.get('a', 1, load('a'));
    await cache.get('b', 1, load('b'));
    await cache.get('a', 1, load('a')); // a is now the most recently used
    await cache.get('c', 1, load('c')); // b goes
    expect(cache.size).toBe(2);
    expect(count()).toBe(3);
    expect(await cache.get('a', 1, load('a'))).toBe('a#1');
    expect(await cache.get('c', 1, load('c'))).toBe('c#3');
    expect(await cache.get('b', 1, load('b'))).toBe('b#4');
    expect(cache.size).toBe(2);
  });

  it('keeps nothing with maxEntries 0, and answers every lookup by loading', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 0, ttlMs: 60_000 });
    const { load } = loads();
    expect(await cache.get('a', 1, load('a'))).toBe('a#1');
    expect(await cache.get('a', 1, load('a'))).toBe('a#2');
    expect(cache.size).toBe(0);
  });

  it('never answers with an entry loaded at another version', async () => {
    const cache = new VersionedCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    const { load } = loads();
    await cache.get('a', 1, load('a'));
    expect(await cache.get('a', 2, load('a'))).toBe('a#2');
  });
});
