import type { MenuItem } from './types.ts';

/** Weights of the active-item scoring; the components that apply are added up. */
export const ACTIVE_SCORE = {
  rootUrl: 1,
  default: 1,
  exactUrl: 3,
  prefixUrl: 2,
  exactActiveMatch: 6,
  prefixActiveMatch: 4,
} as const;

/** Drops query, hash and a trailing slash, so `/projects/` and `/projects?x` equal `/projects`. */
export function normalizePath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '' || pathname === '/') return '/';
  return pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function urlScore(url: string, path: string): number {
  const target = normalizePath(url);
  if (target === path) return ACTIVE_SCORE.exactUrl;
  // The root url is a prefix of every path, so it only counts as the weakest match.
  if (target === '/') return ACTIVE_SCORE.rootUrl;
  return path.startsWith(`${target}/`) ? ACTIVE_SCORE.prefixUrl : 0;
}

function activeMatchScore(activeMatch: string, path: string): number {
  if (normalizePath(activeMatch) === path) return ACTIVE_SCORE.exactActiveMatch;
  return path.startsWith(activeMatch) ? ACTIVE_SCORE.prefixActiveMatch : 0;
}

/** How well an item matches the path; 0 means not at all. Separators and headings never match. */
export function scoreMenuItem(item: MenuItem, path: string): number {
  if (item.type === 'separator') return 0;
  const current = normalizePath(path);
  let score = 0;
  if (item.url !== undefined) score += urlScore(item.url, current);
  if (item.activeMatch !== undefined) score += activeMatchScore(item.activeMatch, current);
  if (item.default) score += ACTIVE_SCORE.default;
  return score;
}

function flatten(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/**
 * The item (searching children too) with the highest score for the path. On a tie the longer url
 * wins (`/a/b` is more specific than `/a` for `/a/b/c`), then the earlier item, so a sub-page link
 * without `activeMatch` never loses to its parent merely by coming later.
 */
export function findActiveMenuItem(items: readonly MenuItem[], path: string): MenuItem | undefined {
  let best: MenuItem | undefined;
  let bestScore = 0;
  for (const item of flatten(items)) {
    const score = scoreMenuItem(item, path);
    const moreSpecific = score === bestScore && (item.url?.length ?? 0) > (best?.url?.length ?? 0);
    if (score > bestScore || (score > 0 && moreSpecific)) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}
