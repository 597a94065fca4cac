import { CoreEntityType } from '@federa/schemas';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { DomainEventBus, EntityEvent } from '#platform/events/domain-events.ts';
import { StorageEntityType } from '#modules/storage/index.ts';
import { analysisBucketFiles, analysisBuckets } from '../db/index.ts';
import type { AnalysisContext } from './context.ts';

/*
 * An analysis bucket file names its stored file by `external_id`. Both ids are uuids, so a foreign
 * key with ON DELETE CASCADE would be possible, but it is not used on purpose:
 * - a cascade removes rows silently, and realtime lists and the audit trail must hear of each
 *   removed analysis bucket file (its `analysisBucketFile` deleted event, docs/design.md §6);
 * - storage's tables belong to the storage module, which holds no foreign keys to other modules'
 *   tables either (docs/design.md §3); the core learns of storage changes through storage's domain events.
 * The cleanup therefore follows storage's deleted events after their commit. They come through the
 * outbox (docs/decisions/0100-transactional-outbox.md), so a crash between commit and cleanup only
 * delays it; in that window the configuration lock checks that the entrypoint's stored file still
 * exists (analysis-commands.service.ts).
 */

/**
 * Removes the analysis bucket files whose stored file was deleted, on its own or with its storage
 * bucket, and announces each removal. Returns the unsubscribe function.
 */
export function followStorageDeletions(events: DomainEventBus, context: AnalysisContext): () => void {
  return events.subscribe(async (event) => {
    if (event.event !== 'deleted' || typeof event.data.id !== 'string') return;
    if (event.type === StorageEntityType.BUCKET_FILE) {
      await removeLinks(context, event, eq(analysisBucketFiles.external_id, event.data.id));
    } else if (event.type === StorageEntityType.BUCKET) {
      const bucketsOfStorageBucket = context.db
        .select({ id: analysisBuckets.id })
        .from(analysisBuckets)
        .where(eq(analysisBuckets.external_id, event.data.id));
      await removeLinks(context, event, inArray(analysisBucketFiles.bucket_id, bucketsOfStorageBucket));
    }
  });
}

async function removeLinks(context: AnalysisContext, cause: EntityEvent, where: SQL): Promise<void> {
  await context.outbox.transaction(async (tx, emit) => {
    const removed = await tx.delete(analysisBucketFiles).where(where).returning();
    for (const row of removed) {
      emit({
        type: CoreEntityType.ANALYSIS_BUCKET_FILE,
        event: 'deleted',
        data: row,
        realmIds: [row.realm_id],
        // The storage delete caused it: the same actor and request in the audit trail.
        ...(cause.actor ? { actor: cause.actor } : {}),
        ...(cause.request ? { request: cause.request } : {}),
      });
    }
  });
}
