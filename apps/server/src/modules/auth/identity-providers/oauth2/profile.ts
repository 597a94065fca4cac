import type { ExternalIdentity } from '../accounts.ts';
import type { ProfilePaths } from '../presets.ts';

function valueAt(claims: Record<string, unknown>, path: string): unknown {
  let current: unknown = claims;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The values of the paths that hold text (numbers, e.g. GitHub's user id, as text), in order. */
function texts(claims: Record<string, unknown>, paths: readonly string[]): string[] {
  return paths
    .map((path) => valueAt(claims, path))
    .filter((value) => (typeof value === 'string' && value !== '') || typeof value === 'number')
    .map((value) => String(value));
}

/** The external account described by a provider's claims; undefined without a stable id. */
export function identityFromClaims(
  claims: Record<string, unknown>,
  paths: ProfilePaths,
): ExternalIdentity | undefined {
  const [id] = texts(claims, paths.id);
  if (!id) return undefined;
  return {
    id,
    names: texts(claims, paths.name),
    email: texts(claims, paths.email)[0],
    displayName: texts(claims, paths.displayName)[0],
  };
}
