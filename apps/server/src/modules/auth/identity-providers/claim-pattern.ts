/**
 * Claim patterns of role mappings (as Authup matches them). `path` is a dot path into the claims where
 * `*` stands for every element of an array or every value of an object (`realm_access.roles.*`).
 * A value found there matches when it equals `expected` (numbers and booleans compared as text) or,
 * with `isRegex`, when the case-insensitive regular expression finds it. An array at the end of the
 * path matches when one of its elements does, so `groups` = `admins` works without a wildcard.
 */
export function claimMatches(claims: unknown, path: string, expected: string, isRegex: boolean): boolean {
  let test: (candidate: string) => boolean;
  if (isRegex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(expected, 'i');
    } catch {
      return false;
    }
    test = (candidate) => pattern.test(candidate);
  } else {
    test = (candidate) => candidate === expected;
  }
  return valuesAt(claims, path.split('.')).some((value) =>
    primitives(value).some((candidate) => test(candidate)),
  );
}

/** Every value the path reaches. */
function valuesAt(root: unknown, segments: readonly string[]): unknown[] {
  let current: unknown[] = [root];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of current) {
      if (value === null || typeof value !== 'object') continue;
      if (segment === '*') next.push(...(Array.isArray(value) ? value : Object.values(value)));
      else if (Object.hasOwn(value, segment)) next.push((value as Record<string, unknown>)[segment]);
    }
    current = next;
  }
  return current;
}

/** A found value as text candidates: itself, or the elements of an array; objects never match. */
function primitives(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
    .map((item) => String(item));
}
