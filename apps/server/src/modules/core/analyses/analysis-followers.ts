import { aggregateAnalysisRunStatus, CoreEntityType } from '@federa/schemas';
import { eq } from 'drizzle-orm';
import type { DomainEventBus, EntityEvent } from '#platform/events/domain-events.ts';
import { idFollowing } from '#platform/events/derived-id.ts';
import { analyses, analysisBuckets, analysisNodeEvents, analysisNodes } from '../db/index.ts';
import type { AnalysisContext } from './context.ts';

/** Run events of analysis nodes are kept four weeks, as in the original hub (docs/decisions/0010). */
const RUN_EVENT_RETENTION_MS = 28 * 24 * 60 * 60 * 1000;

/**
 * What follows committed analysis changes, driven by domain events: the buckets of a new analysis
 * are announced, the stored objects of a deleted analysis are removed, and a node's run-status change
 * is recorded as a telemetry event (scope `run`) linked as an analysis-node event, and moves the
 * analysis' run status. What they write and announce goes through the outbox, and the event that
 * triggered them is forgotten only once they finished, so a crash in between repeats them.
 * Returns the unsubscribe function.
 */
export function followAnalysisChanges(events: DomainEventBus, context: AnalysisContext): () => void {
  return events.subscribe(async (event) => {
    if (event.type === CoreEntityType.ANALYSIS && event.event === 'created') {
      await announceBuckets(context, event);
    } else if (event.type === CoreEntityType.ANALYSIS_NODE && event.event === 'updated') {
      if (event.previous && event.previous.run_status !== event.data.run_status) {
        await recordRunStatus(context, event);
        await updateAnalysisRunStatus(context, event.data.analysis_id as string);
      }
    }
  });
}

async function announceBuckets(context: AnalysisContext, event: EntityEvent): Promise<void> {
  // Through the outbox as well: a crash right after this read still announces the buckets.
  await context.outbox.transaction(async (tx, emit) => {
    const rows = await tx
      .select()
      .from(analysisBuckets)
      .where(eq(analysisBuckets.analysis_id, event.data.id as string));
    for (const row of rows) {
      emit({
        type: CoreEntityType.ANALYSIS_BUCKET,
        event: 'created',
        data: row,
        realmIds: [row.realm_id],
        ...(event.actor ? { actor: event.actor } : {}),
        ...(event.request ? { request: event.request } : {}),
      });
    }
  });
}

/** The analysis' run status follows its nodes' (aggregateAnalysisRunStatus), announced when it changes. */
async function updateAnalysisRunStatus(context: AnalysisContext, analysisId: string): Promise<void> {
  await context.outbox.transaction(async (tx, emit) => {
    const [previous] = await tx.select().from(analyses).where(eq(analyses.id, analysisId)).for('update');
    if (!previous) return;
    const rows = await tx
      .select({ run_status: analysisNodes.run_status })
      .from(analysisNodes)
      .where(eq(analysisNodes.analysis_id, analysisId));
    const runStatus = aggregateAnalysisRunStatus(rows.map((row) => row.run_status));
    if (runStatus === previous.run_status) return;
    const [updated] = await tx
      .update(analyses)
      .set({ run_status: runStatus })
      .where(eq(analyses.id, analysisId))
      .returning();
    emit({
      type: CoreEntityType.ANALYSIS,
      event: 'updated',
      data: updated!,
      realmIds: [updated!.realm_id],
      previous,
    });
  });
}

/**
 * Records the run-status change as a telemetry event linked to the analysis node, with its
 * announcements, in one transaction. A change delivered again after a crash is recorded once: the
 * event's id follows from the outbox entry that carried the change.
 */
async function recordRunStatus(context: AnalysisContext, event: EntityEvent): Promise<void> {
  const row = event.data as {
    id: string;
    run_status: string | null;
    analysis_id: string;
    analysis_realm_id: string;
    node_id: string;
    node_realm_id: string;
  };
  await context.outbox.transaction(async (tx, emit) => {
    const recorded = await context.telemetry.recordEventIn(
      tx,
      emit,
      {
        name: row.run_status ?? 'none',
        scope: 'run',
        ref_type: CoreEntityType.ANALYSIS_NODE,
        ref_id: row.id,
        realm_id: row.node_realm_id,
        actor: event.actor,
        request: event.request,
        data: {
          analysis_id: row.analysis_id,
          analysis_realm_id: row.analysis_realm_id,
          node_id: row.node_id,
          node_realm_id: row.node_realm_id,
        },
        expires_at: new Date(Date.now() + RUN_EVENT_RETENTION_MS),
      },
      event.outboxId ? idFollowing(event.outboxId, 'run-status') : undefined,
    );
    if (!recorded) return;
    const [link] = await tx
      .insert(analysisNodeEvents)
      .values({
        event_id: recorded.id,
        analysis_id: row.analysis_id,
        analysis_realm_id: row.analysis_realm_id,
        node_id: row.node_id,
        node_realm_id: row.node_realm_id,
      })
      .returning();
    emit({
      type: CoreEntityType.ANALYSIS_NODE_EVENT,
      event: 'created',
      data: link!,
      realmIds: [...new Set([row.analysis_realm_id, row.node_realm_id])],
    });
  });
}
