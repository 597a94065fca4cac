import { isSecretKey } from '#platform/events/strip-secrets.ts';

export type EntityDiff = Record<string, { next: unknown; previous: unknown }>;

const isStructured = (value: unknown) => value !== null && typeof value === 'object';

/**
 * What an update changed, as the original records it: `{field: {next, previous}}` for each changed
 * scalar field. Timestamps (`*_at`) change on every update and say nothing; nested objects and
 * arrays are left out to keep events small; secrets never appear.
 */
export function entityDiff(next: Record<string, unknown>, previous: Record<string, unknown>): EntityDiff {
  const diff: EntityDiff = {};
  for (const key of Object.keys(next)) {
    if (key.endsWith('_at') || isSecretKey(key)) continue;
    if (isStructured(next[key]) || isStructured(previous[key])) continue;
    if (next[key] !== (previous[key] ?? null)) {
      diff[key] = { next: next[key], previous: previous[key] ?? null };
    }
  }
  return diff;
}
