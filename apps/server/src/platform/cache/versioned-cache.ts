export interface VersionedCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  maxEntries: number;
  /** How long an entry may be used at all, whatever the version says (bounds memory, not staleness). */
  ttlMs: number;
}

interface Entry<T> {
  version: number;
  expiresAt: number;
  value: Promise<T>;
}

/**
 * A small LRU cache whose entries are tagged with the data version they were loaded at. A lookup
 * names the version the caller knows to be current (read from the database in the same request), so
 * an entry loaded at any other version is never used: correctness does not depend on anyone clearing
 * the cache. Loads in flight are shared; a failed load is not kept.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: VersionedCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const existing = this.entries.get(key);
    if (existing && existing.version === version && existing.expiresAt > now) {
      // Most recently used last, so the first key is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, existing);
      return existing.value;
    }
    const value = load();
    // An entry of a newer version is not replaced by a load for an older one.
    if (!existing || existing.version <= version || existing.expiresAt <= now) {
      const entry: Entry<T> = { version, expiresAt: now + this.options.ttlMs, value };
      this.entries.delete(key);
      this.entries.set(key, entry);
      value.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
      while (this.entries.size > this.options.maxEntries) {
        this.entries.delete(this.entries.keys().next().value!);
      }
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
