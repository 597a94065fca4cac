import type { FastifyBaseLogger } from 'fastify';
import type { StorageDriver } from './driver.ts';

/** A partial file untouched this long belongs to a write that will never finish. */
export const PARTIAL_IDLE_MS = 60 * 60 * 1000;
/** How often leftovers are looked for while the server runs (and once at start). */
export const PARTIAL_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Removes, at start and then periodically, the partial files of uploads a killed process never
 * finished (they would otherwise fill `DATA_DIR/storage/tmp` forever). Returns the stop function.
 */
export function sweepPartialUploads(driver: StorageDriver, log: FastifyBaseLogger): () => void {
  if (!driver.sweepPartials) return () => {};
  const sweep = () =>
    driver.sweepPartials!(PARTIAL_IDLE_MS).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed the partial files of interrupted uploads');
      },
      (error: unknown) => log.warn({ err: error }, 'sweeping partial uploads failed'),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), PARTIAL_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
