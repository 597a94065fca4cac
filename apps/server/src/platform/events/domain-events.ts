import type { EntityEventName } from '@federa/schemas';

export type { EntityEventName };

/** Something that happened to an entity, published after the change was committed. */
export interface EntityEvent {
  /** Entity type in camelCase, e.g. `realm`, `userRole`, `analysisNode` (the realtime resource type). */
  type: string;
  event: EntityEventName;
  data: Record<string, unknown>;
  /**
   * Realms that may see the change: the realm(s) of the record (two-sided records have two), or
   * empty for a global record, which only the master realm sees.
   */
  realmIds: string[];
  /** Who caused the change, when a signed-in request did (the audit trail of telemetry events). */
  actor?: EntityEventActor;
  /** The request that caused the change; never its body, headers beyond the user agent, or query. */
  request?: EntityEventRequest;
  /** For `updated`: the record before the change, shaped like `data`, so listeners can tell what changed. */
  previous?: Record<string, unknown>;
  /**
   * The outbox entry that carried the event (docs/decisions/0100-transactional-outbox.md). An event
   * may be delivered again after a crash; listeners that must not act twice deduplicate by it.
   */
  outboxId?: string;
}

export interface EntityEventActor {
  /** `user`, `robot` or `client`. */
  type: string;
  id: string;
  /** The account's name when the change was made, if the request knew it (saves a lookup). */
  name?: string;
}

export interface EntityEventRequest {
  method: string;
  /** The path without the query string, which may carry codes or tokens. */
  path: string;
  ipAddress?: string;
  userAgent?: string;
}

export type EntityEventListener = (event: EntityEvent) => void | Promise<void>;

/**
 * In-process bus for entity events. Writers publish after their transaction committed; the realtime
 * gateway and telemetry subscribe. A failing listener is reported, never allowed to fail the write.
 */
export class DomainEventBus {
  private readonly listeners = new Set<EntityEventListener>();

  constructor(
    private readonly onListenerError: (error: unknown, event: EntityEvent) => void = () => undefined,
  ) {}

  subscribe(listener: EntityEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: EntityEvent): void {
    void this.deliver(event);
  }

  /**
   * Calls every listener at once, as `publish` does, and resolves when all of them have finished
   * (failures reported, not thrown): the outbox forgets an event only after that.
   */
  async deliver(event: EntityEvent): Promise<void> {
    const running: Promise<void>[] = [];
    for (const listener of this.listeners) {
      try {
        const result = listener(event);
        if (result instanceof Promise) {
          running.push(result.catch((error: unknown) => this.onListenerError(error, event)));
        }
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
    await Promise.all(running);
  }
}
