import type { Database } from '#platform/db/index.ts';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import type { EventOutbox } from '#platform/events/event-outbox.ts';
import { badRequest } from '#platform/http/errors.ts';
import { scanCatalog, CatalogError } from './scan.ts';
import { checkoutCatalog } from './source.ts';
import { applyCatalog, type SyncSummary } from './sync.ts';
import { withSyncLock } from './sync-lock.ts';

export interface SynchronizeOptions {
  db: Database;
  /** The changes are stored and announced through it, so a crash after the commit loses none. */
  outbox: EventOutbox;
  /** A catalog directory or a git repository (MASTER_IMAGES_SOURCE). */
  source: string;
  /** Who asked for the sync, carried by every change (the audit trail). */
  cause?: Pick<EntityEvent, 'actor' | 'request'>;
}

/**
 * The whole catalog sync (docs/decisions/0014): one at a time, read the source, store the result
 * with its announcements. A broken catalog changes nothing and answers 400 with the reason.
 */
export async function synchronizeMasterImages(options: SynchronizeOptions): Promise<SyncSummary> {
  return withSyncLock(options.db, async () => {
    const checkout = await checkoutCatalog(options.source).catch(rethrowCatalogError);
    try {
      const catalog = await scanCatalog(checkout.root).catch(rethrowCatalogError);
      return await applyCatalog(options.outbox, catalog, options.cause);
    } finally {
      await checkout.release();
    }
  });
}

function rethrowCatalogError(error: unknown): never {
  if (error instanceof CatalogError) throw badRequest(error.message);
  throw error;
}
