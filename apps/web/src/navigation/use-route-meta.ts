import { useMemo } from 'react';
import { useMatches } from 'react-router';
import { resolveRouteMeta, type ResolvedRouteMeta } from './route-meta.ts';

/** Route metadata of the current location (see `resolveRouteMeta`). */
export function useRouteMeta(): ResolvedRouteMeta {
  const matches = useMatches();
  return useMemo(() => resolveRouteMeta(matches.map((match) => match.handle)), [matches]);
}
