import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { StoredObject } from './driver.ts';

export interface DigestingStream {
  /** The source's bytes, unchanged; fails when the source fails. */
  stream: Readable;
  /** Size and hash of what passed through; meaningful once `stream` has ended. */
  result(): StoredObject;
}

/** Measures a stream while it flows, so no driver needs to hold a whole object to hash it. */
export function digesting(source: Readable): DigestingStream {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  // pipeline (not pipe) so a failing or destroyed source fails the tap, and the driver sees the error.
  pipeline(source, tap, () => undefined);
  let digest: string | undefined;
  return {
    stream: tap,
    result: () => {
      digest ??= hash.digest('hex');
      return { size, hash: digest };
    },
  };
}
