import type { Readable } from 'node:stream';

/** What a driver learnt about an object while storing it. */
export interface StoredObject {
  /** Bytes written. */
  size: number;
  /** sha256 of the content, hex. */
  hash: string;
}

/**
 * Where file contents live. Keys are `/`-separated paths of safe segments (see keys.ts); the caller
 * owns the naming scheme. Contents always travel as streams, never as whole buffers.
 */
export interface StorageDriver {
  /**
   * Stores everything `source` yields under `key`, measuring size and hash on the way. The object
   * becomes visible only once complete: when the source fails or is destroyed (client abort, size
   * limit), the promise rejects and nothing is left under `key`.
   */
  put(key: string, source: Readable): Promise<StoredObject>;
  /** The object's bytes; rejects with ObjectNotFoundError before streaming when the key is unknown. */
  get(key: string): Promise<Readable>;
  /** Removes one object; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key lies under `prefix/` (a bucket's folder). */
  deletePrefix(prefix: string): Promise<void>;
  /** Releases connections; the driver is unusable afterwards. */
  close(): Promise<void>;
  /**
   * Removes what interrupted writes left behind (a process killed during an upload) and nothing has
   * touched for `idleMs`; resolves to how many were removed. Drivers without such leftovers omit it.
   */
  sweepPartials?(idleMs: number): Promise<number>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`The stored object ${key} does not exist.`);
    this.name = 'ObjectNotFoundError';
  }
}
