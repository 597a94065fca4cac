import { createHash } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';

/** One file of a layer: its path below the layer's directory, its exact size and how to read it. */
export interface LayerFile {
  path: string;
  size: number;
  open: () => Readable | Promise<Readable>;
}

export interface LayerResult {
  /** Digest and size of the compressed layer, as the manifest lists it. */
  digest: string;
  size: number;
  /** Digest of the uncompressed tar, as the image configuration's `rootfs.diff_ids` lists it. */
  diffId: string;
}

export interface LayerOptions {
  /** The directory the files land in, e.g. `/opt/code/`; every directory on the way gets an entry. */
  directory: string;
  /** Mode of the files (directories are always 0755). */
  fileMode?: number;
}

/** Every layer entry carries this time, so the same files give the same bytes and digest. */
const FIXED_TIME = new Date(0);

/**
 * A gzip-compressed tar layer holding `files` under `directory`, built as a stream. The bytes depend
 * only on the paths, sizes and contents: entries sorted by path, owner root, fixed times and modes.
 * `result` settles with the digests once the stream was read to its end.
 */
export function createLayer(
  files: LayerFile[],
  options: LayerOptions,
): { stream: Readable; result: Promise<LayerResult> } {
  const base = normalizeDirectory(options.directory);
  const sorted = [...files]
    .map((file) => ({ ...file, path: normalizeFilePath(file.path) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (let index = 1; index < sorted.length; index += 1) {
    if (sorted[index]!.path === sorted[index - 1]!.path)
      throw new Error(`the layer lists ${sorted[index]!.path} twice`);
  }
  const directories = new Set<string>();
  const addParents = (path: string): void => {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth += 1)
      directories.add(`${parts.slice(0, depth).join('/')}/`);
  };
  addParents(`${base}x`);
  for (const file of sorted) addParents(`${base}${file.path}`);

  const pack = tar.pack();
  const uncompressedHash = createHash('sha256');
  const compressedHash = createHash('sha256');
  let size = 0;
  const output = new PassThrough();

  const result = (async (): Promise<LayerResult> => {
    const write = (async () => {
      // Directories first (sorted, so parents precede children), then the files in path order.
      for (const directory of [...directories].sort()) {
        await entry(pack, { name: directory, type: 'directory', mode: 0o755 });
      }
      for (const file of sorted) {
        const source = await file.open();
        await entry(
          pack,
          { name: `${base}${file.path}`, type: 'file', mode: options.fileMode ?? 0o755, size: file.size },
          source,
        );
      }
      pack.finalize();
    })();
    write.catch((error: unknown) => pack.destroy(error as Error));
    await Promise.all([
      write,
      pipeline(
        pack,
        tap((chunk) => uncompressedHash.update(chunk)),
        createGzip({ level: 6 }),
        tap((chunk) => {
          compressedHash.update(chunk);
          size += chunk.length;
        }),
        output,
      ),
    ]);
    return {
      digest: `sha256:${compressedHash.digest('hex')}`,
      size,
      diffId: `sha256:${uncompressedHash.digest('hex')}`,
    };
  })();
  // The caller reads `stream`; a failure also ends it, so an upload never takes a cut layer as whole.
  result.catch((error: unknown) => output.destroy(error as Error));
  return { stream: output, result };
}

function entry(
  pack: tar.Pack,
  header: { name: string; type: 'file' | 'directory'; mode: number; size?: number },
  source?: Readable,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const fixed = { ...header, mtime: FIXED_TIME, uid: 0, gid: 0, uname: '', gname: '' };
    const sink = pack.entry(fixed, (error) => (error ? reject(error) : resolve()));
    if (!source) return;
    source.once('error', (error) => {
      sink.destroy(error);
      reject(error);
    });
    source.pipe(sink);
  });
}

function tap(observe: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      observe(chunk);
      callback(null, chunk);
    },
  });
}

function normalizeDirectory(directory: string): string {
  const trimmed = directory.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed ? `${trimmed}/` : '';
}

/** A relative path without `.`/`..` segments: a layer never writes outside its directory. */
function normalizeFilePath(path: string): string {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0 || parts.includes('..'))
    throw new Error(`the layer file path "${path}" is not allowed`);
  return parts.join('/');
}
