import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

export interface LayerEntry {
  type: string;
  mode: number;
  mtime: number;
  uid: number;
  gid: number;
  content: Buffer;
}

/** Reads a gzip-compressed tar layer into its entries by path (small test layers only). */
export async function readLayer(stream: Readable): Promise<Map<string, LayerEntry>> {
  const entries = new Map<string, LayerEntry>();
  const extract = tar.extract();
  stream.pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const header = entry.header;
    entries.set(header.name, {
      type: header.type ?? 'file',
      mode: header.mode ?? 0,
      mtime: header.mtime?.getTime() ?? -1,
      uid: header.uid ?? -1,
      gid: header.gid ?? -1,
      content: Buffer.concat(chunks),
    });
  }
  return entries;
}
