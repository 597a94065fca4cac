/**
 * After a deployment the browser may still run the previous build and ask for lazy chunks that no
 * longer exist. Reloading fetches the new build; a timestamp in sessionStorage makes sure this
 * happens at most once per 10 seconds, so a chunk that is really broken never causes a reload loop.
 */
export const CHUNK_RELOAD_KEY = 'federa.chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 10_000;

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
];

/** True for the errors browsers raise when a lazily imported module cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' || CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
  );
}

/** True when no reload happened within the guard window before `now`. */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  return (
    lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS
  );
}

export interface ChunkReloadEnvironment {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly now: () => number;
  readonly reload: () => void;
}

function browserEnvironment(): ChunkReloadEnvironment {
  return { storage: window.sessionStorage, now: Date.now, reload: () => window.location.reload() };
}

/** Whether a reload for a missing chunk may happen now (none happened within the guard window). */
export function chunkReloadAllowed(environment: ChunkReloadEnvironment = browserEnvironment()): boolean {
  const stored = environment.storage.getItem(CHUNK_RELOAD_KEY);
  return shouldReloadForChunkError(stored === null ? null : Number(stored), environment.now());
}

/** Reloads the page unless it was reloaded for this reason moments ago; returns whether it did. */
export function reloadOnceForChunkError(environment: ChunkReloadEnvironment = browserEnvironment()): boolean {
  if (!chunkReloadAllowed(environment)) return false;
  environment.storage.setItem(CHUNK_RELOAD_KEY, String(environment.now()));
  environment.reload();
  return true;
}

/** Vite reports failed preloads of lazy chunks with this event; reload instead of failing. */
export function installChunkReloadHandler(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}
