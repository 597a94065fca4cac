import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { digesting } from './digest.ts';
import { ObjectNotFoundError, type StorageDriver, type StoredObject } from './driver.ts';
import { assertValidKey } from './keys.ts';

/**
 * Objects as files under a root directory (`DATA_DIR/storage` by default): `objects/<key>` holds
 * complete objects, `tmp/` the ones being written. A write goes to a temporary file that is renamed
 * into place once complete, so a reader never sees half an object and a failed write leaves nothing.
 */
export class FilesystemDriver implements StorageDriver {
  private readonly objects: string;
  private readonly temporary: string;

  constructor(root: string) {
    const resolved = path.resolve(root);
    this.objects = path.join(resolved, 'objects');
    this.temporary = path.join(resolved, 'tmp');
  }

  async put(key: string, source: Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(this.temporary, { recursive: true });
    const temporary = path.join(this.temporary, randomUUID());
    const measured = digesting(source);
    try {
      // flush: the data reaches the disk before the rename makes the object visible.
      await pipeline(measured.stream, createWriteStream(temporary, { flags: 'wx', flush: true }));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
      return measured.result();
    } catch (error) {
      source.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    // Opening first turns a missing file into an error before anything has been sent.
    const handle = await open(this.pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new ObjectNotFoundError(key) : error;
    });
    return handle.createReadStream({ autoClose: true });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async close(): Promise<void> {}

  async sweepPartials(idleMs: number): Promise<number> {
    const names = await readdir(this.temporary).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const cutoff = Date.now() - idleMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.temporary, name);
      // A write in progress (on this or another replica sharing the directory) keeps its file fresh.
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtimeMs > cutoff) continue;
      await rm(file, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }

  /** The file of a key, which is always inside the objects directory. */
  private pathOf(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.objects, ...key.split('/'));
    // Defence in depth: valid keys cannot escape, but the check costs nothing.
    if (!resolved.startsWith(this.objects + path.sep))
      throw new Error(`Storage key escapes the root: ${key}`);
    return resolved;
  }
}
