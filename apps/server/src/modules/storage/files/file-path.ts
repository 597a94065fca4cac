import { badRequest } from '#platform/http/errors.ts';

/** Where an uploaded file sits in its bucket. */
export interface FilePath {
  /** The relative path as uploaded, e.g. `src/lib/util.py`. */
  path: string;
  /** The last segment, e.g. `util.py`. */
  name: string;
  /** The path without its last segment, `.` at the top of the bucket. */
  directory: string;
}

/** Bytes: keeps the unique (bucket, path) index within PostgreSQL's index entry limit. */
export const MAX_PATH_BYTES = 1024;
/** Bytes per segment: what common filesystems accept when an archive is extracted. */
const MAX_SEGMENT_BYTES = 255;

/**
 * Reads the relative path a multipart filename carries. Paths end up in tar archives that are
 * extracted elsewhere, so anything that could escape the extraction directory is refused rather than
 * repaired: absolute paths, drive letters, `.` and `..` segments, empty segments, backslashes and
 * control characters (including NUL).
 */
export function parseFilePath(raw: string): FilePath {
  const refuse = (reason: string) =>
    badRequest(`The file path ${JSON.stringify(raw)} is not allowed: ${reason}.`);
  if (raw.length === 0) throw refuse('it is empty');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw refuse('it contains a control character');
  if (raw.includes('\\')) throw refuse('use "/" to separate directories');
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) throw refuse('it must be relative');
  if (Buffer.byteLength(raw) > MAX_PATH_BYTES) throw refuse(`it is longer than ${MAX_PATH_BYTES} bytes`);
  const segments = raw.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw refuse('it must not contain empty, "." or ".." segments');
    }
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw refuse(`a name is longer than ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
  return {
    path: raw,
    name: segments.at(-1)!,
    directory: segments.length > 1 ? segments.slice(0, -1).join('/') : '.',
  };
}
