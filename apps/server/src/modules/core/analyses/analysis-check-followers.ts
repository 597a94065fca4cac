import { CoreEntityType } from '@federa/schemas';
import { eq, inArray } from 'drizzle-orm';
import type { DomainEventBus, EntityEvent } from '#platform/events/domain-events.ts';
import { analyses, analysisNodes } from '../db/index.ts';
import type { AnalysisContext } from './context.ts';

/**
 * The analyses whose configuration checks (and node count) a committed change may have moved. The
 * database changed them in the same transaction (migration 0011); this only tells the listeners.
 */
async function affectedAnalyses(context: AnalysisContext, event: EntityEvent): Promise<string[]> {
  const { type, data, previous } = event;
  if (type === CoreEntityType.ANALYSIS_NODE && (event.event === 'created' || event.event === 'deleted')) {
    return [data.analysis_id as string];
  }
  if (type === CoreEntityType.ANALYSIS_BUCKET_FILE) {
    const moved = event.event === 'updated' ? previous?.root !== data.root : data.root === true;
    return moved ? [data.analysis_id as string] : [];
  }
  if (type === CoreEntityType.NODE && event.event === 'updated' && previous && previous.type !== data.type) {
    const rows = await context.db
      .selectDistinct({ id: analysisNodes.analysis_id })
      .from(analysisNodes)
      .where(eq(analysisNodes.node_id, data.id as string));
    return rows.map((row) => row.id);
  }
  return [];
}

/**
 * Announces an analysis as updated when its nodes or its entrypoint changed, so a wizard or a list
 * following realtime events shows each step's check without asking again. Returns the unsubscribe
 * function.
 */
export function followConfigurationChecks(events: DomainEventBus, context: AnalysisContext): () => void {
  return events.subscribe(async (event) => {
    const ids = await affectedAnalyses(context, event);
    if (ids.length === 0) return;
    await context.outbox.transaction(async (tx, emit) => {
      const rows = await tx.select().from(analyses).where(inArray(analyses.id, ids));
      for (const row of rows) {
        emit({
          type: CoreEntityType.ANALYSIS,
          event: 'updated',
          data: row,
          realmIds: [row.realm_id],
          ...(event.actor ? { actor: event.actor } : {}),
          ...(event.request ? { request: event.request } : {}),
        });
      }
    });
  });
}
