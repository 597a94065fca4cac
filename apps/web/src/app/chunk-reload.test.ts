import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadOnceForChunkError,
  shouldReloadForChunkError,
  type ChunkReloadEnvironment,
} from './chunk-reload.ts';

function environment(now: number, stored?: string) {
  const values = new Map<string, string>(stored === undefined ? [] : [[CHUNK_RELOAD_KEY, stored]]);
  const reloads: number[] = [];
  const env: ChunkReloadEnvironment = {
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
    },
    now: () => now,
    reload: () => void reloads.push(now),
  };
  return { env, values, reloads };
}

describe('chunk reload', () => {
  it('recognises the errors of failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads only when the last reload is more than 10 seconds ago', () => {
    expect(shouldReloadForChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadForChunkError(1_000, 11_000)).toBe(false);
    expect(shouldReloadForChunkError(1_000, 11_001)).toBe(true);
    expect(shouldReloadForChunkError(Number.NaN, 5)).toBe(true);
  });

  it('reloads once, records the time, and refuses a second reload within the window', () => {
    const first = environment(50_000);
    expect(reloadOnceForChunkError(first.env)).toBe(true);
    expect(first.reloads).toEqual([50_000]);
    expect(first.values.get(CHUNK_RELOAD_KEY)).toBe('50000');

    const afterReload = environment(55_000, '50000');
    expect(reloadOnceForChunkError(afterReload.env)).toBe(false);
    expect(afterReload.reloads).toEqual([]);

    const later = environment(70_000, '50000');
    expect(reloadOnceForChunkError(later.env)).toBe(true);
  });
});
