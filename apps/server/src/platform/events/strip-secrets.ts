/** Keys whose values are credentials, their hashes, or single-use codes. */
const SECRET_KEYS = new Set([
  'password',
  'password_repeat',
  'secret',
  'client_secret',
  'private_key',
  'token',
  'access_token',
  'refresh_token',
  'reset_hash',
  'activate_hash',
]);

export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  return (
    SECRET_KEYS.has(lower) ||
    lower.endsWith('_secret') ||
    lower.endsWith('_password') ||
    lower.endsWith('_hash') ||
    lower.endsWith('_token')
  );
}

/**
 * A copy without secret fields at any depth. Entity events travel to realtime subscribers and are
 * kept for days as telemetry events, so a secret must never reach them, whatever a writer or a
 * client puts into `data`. Writers already publish stripped records; this is the second line.
 */
export function stripSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => stripSecrets(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isSecretKey(key)) result[key] = stripSecrets(item);
  }
  return result as T;
}
