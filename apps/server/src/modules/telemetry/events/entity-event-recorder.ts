import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '#platform/db/index.ts';
import type { DomainEventBus, EntityEvent, EntityEventActor } from '#platform/events/domain-events.ts';
import { entityDiff } from './entity-diff.ts';
import { expiryAfterDays, type EventInput } from './event-row.ts';
import { insertEvent, insertEventOnce } from './event-store.ts';

/** The entity type of telemetry events themselves: recording their changes would never end. */
export const EVENT_ENTITY_TYPE = 'event';
/**
 * Types announced live but not part of the audit trail: telemetry's own events, and log lines (they
 * are kept as logs already; an audit entry per build step would bury the changes people look for).
 */
const NOT_AUDITED = new Set([EVENT_ENTITY_TYPE, 'analysisLog']);

export interface EntityEventRecorderOptions {
  db: Executor;
  /** How long an entity event is kept. */
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** The display name of an actor, when it can be found. */
  actorName?: (actor: EntityEventActor) => Promise<string | undefined>;
}

/**
 * Records every entity change published on the domain event bus as an event of scope `entity`
 * (name `created`, `updated` or `deleted`), as the original's entity subscriber does. Recording runs
 * after the change was committed and answered; a failure is logged and never reaches the writer.
 * Each recorded event is published in turn, so audit lists update live.
 */
export class EntityEventRecorder {
  private readonly pending = new Set<Promise<void>>();
  private bus: DomainEventBus | undefined;

  constructor(private readonly options: EntityEventRecorderOptions) {}

  /** Subscribes to the bus; returns the unsubscribe. */
  listen(bus: DomainEventBus): () => void {
    this.bus = bus;
    return bus.subscribe((event) => {
      if (NOT_AUDITED.has(event.type)) return;
      const recording = this.record(event).finally(() => this.pending.delete(recording));
      this.pending.add(recording);
      // The outbox forgets the event only once it is recorded.
      return recording;
    });
  }

  /** Waits until every event received so far is stored (for shutdown and tests). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async record(event: EntityEvent): Promise<void> {
    try {
      const input = await this.toInput(event);
      // An event from the outbox is stored under the outbox entry's id: delivered twice, stored once.
      const row = event.outboxId
        ? await insertEventOnce(this.options.db, event.outboxId, input)
        : await insertEvent(this.options.db, input);
      if (!row) return;
      // The audit trail is live: the recorded event reaches realtime subscribers like any created
      // record (the recorder skips events of its own type, so this does not recurse).
      this.bus?.publish({
        type: EVENT_ENTITY_TYPE,
        event: 'created',
        data: row,
        realmIds: row.realm_id ? [row.realm_id] : [],
      });
    } catch (error) {
      this.options.log.error(
        { err: error, type: event.type, event: event.event },
        'recording an entity event failed',
      );
    }
  }

  private async toInput(event: EntityEvent): Promise<EventInput> {
    const id = event.data.id;
    const realmId = event.realmIds[0] ?? event.data.realm_id;
    return {
      name: event.event,
      scope: 'entity',
      ref_type: event.type,
      ref_id: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
      realm_id: typeof realmId === 'string' ? realmId : null,
      actor: event.actor && { ...event.actor, name: await this.actorName(event.actor) },
      request: event.request,
      // As the original: only an update says what changed; a create or delete names the record.
      data:
        event.event === 'updated' && event.previous ? { diff: entityDiff(event.data, event.previous) } : {},
      expires_at: expiryAfterDays(this.options.retentionDays),
    };
  }

  private async actorName(actor: EntityEventActor): Promise<string | null> {
    if (actor.name !== undefined) return actor.name;
    if (!this.options.actorName) return null;
    try {
      return (await this.options.actorName(actor)) ?? null;
    } catch {
      // A name is a convenience; the event is recorded without it.
      return null;
    }
  }
}
