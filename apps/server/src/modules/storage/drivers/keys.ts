/** One key segment: what bucket and file ids (uuids) and simple names consist of. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Refuses keys that could address anything outside the driver's space: empty or dot segments,
 * separators other than `/`, absolute paths. Keys are built by the module from ids, so a failure
 * here is a programming error, not a client error.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
