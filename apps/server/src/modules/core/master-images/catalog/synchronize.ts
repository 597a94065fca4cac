import type { Database } from '../../../../platform/db/index.ts';
import type { EntityEvent } from '../../../../platform/events/domain-events.ts';
import { badRequest } from '../../../../platform/http/errors.ts';
import { scanCatalog, CatalogError } from './scan.ts';
import { checkoutCatalog } from './source.ts';
import { applyCatalog, type SyncSummary } from './sync.ts';
import { withSyncLock } from './sync-lock.ts';

export interface SynchronizeOptions {
  db: Database;
  /** A catalog directory or a git repository (MASTER_IMAGES_SOURCE). */
  source: string;
  publish(event: EntityEvent): void;
}

/**
 * The whole catalog sync (docs/decisions/0014): one at a time, read the source, store the result, then
 * announce every change. A broken catalog changes nothing and answers 400 with the reason.
 */
export async function synchronizeMasterImages(options: SynchronizeOptions): Promise<SyncSummary> {
  const { summary, changes } = await withSyncLock(options.db, async () => {
    const checkout = await checkoutCatalog(options.source).catch(rethrowCatalogError);
    try {
      const catalog = await scanCatalog(checkout.root).catch(rethrowCatalogError);
      return await applyCatalog(options.db, catalog);
    } finally {
      await checkout.release();
    }
  });
  // Master images are global records: only the master realm's namespace sees them.
  for (const change of changes) options.publish({ ...change, realmIds: [] });
  return summary;
}

function rethrowCatalogError(error: unknown): never {
  if (error instanceof CatalogError) throw badRequest(error.message);
  throw error;
}
