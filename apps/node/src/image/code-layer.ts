import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

/** A layer blob, gzip-compressed (`application/vnd.oci.image.layer.v1.tar+gzip`) or a plain tar. */
async function decompressed(layer: Readable): Promise<Readable> {
  const iterator = layer[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value as Buffer);
  async function* rest() {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  const source = Readable.from(rest());
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  return gzip ? source.pipe(createGunzip()) : source.pipe(new PassThrough());
}

/** The path an entry would be written to, or undefined when it would leave `root` (or is a whiteout). */
export function entryTarget(root: string, name: string): string | undefined {
  const normalized = path.posix.normalize(`/${name}`);
  if (path.posix.basename(normalized).startsWith('.wh.')) return undefined;
  const target = path.join(root, normalized);
  return target === root || target.startsWith(`${root}${path.sep}`) ? target : undefined;
}

/**
 * Unpacks an image layer into `root`: directories and regular files only (links, devices and
 * whiteouts are skipped), never outside `root`. Returns the paths written, relative to `root`.
 */
export async function unpackLayer(layer: Readable, root: string): Promise<string[]> {
  await mkdir(root, { recursive: true });
  const written: string[] = [];
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const target = entryTarget(root, header.name);
    const done = (error?: unknown) => (error ? extract.destroy(error as Error) : next());
    if (!target || (header.type !== 'file' && header.type !== 'directory')) {
      stream.on('end', () => done());
      stream.resume();
      return;
    }
    if (header.type === 'directory') {
      stream.on('end', () => mkdir(target, { recursive: true }).then(() => done(), done));
      stream.resume();
      return;
    }
    mkdir(path.dirname(target), { recursive: true })
      .then(() => pipeline(stream, createWriteStream(target, { mode: (header.mode ?? 0o644) & 0o755 })))
      .then(() => {
        written.push(path.relative(root, target));
        done();
      }, done);
  });
  await pipeline(await decompressed(layer), extract);
  return written;
}
