import { asc, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/index.ts';
import { withTransaction } from '../db/index.ts';
import { eventOutbox } from '../db/schema/index.ts';
import type { DomainEventBus, EntityEvent } from './domain-events.ts';
import { stripSecrets } from './strip-secrets.ts';

/** Entries a sweep claims per statement, so a large backlog never holds one long lock. */
const SWEEP_BATCH = 100;

export interface EventOutboxOptions {
  db: Database;
  bus: DomainEventBus;
  /**
   * How long the writing process has to deliver its own entries before another dispatcher may; also
   * the time between sweeps for entries whose writer died (OUTBOX_LEASE_MS).
   */
  leaseMs: number;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/** Queues an event to be announced once the surrounding transaction committed. */
export type EmitEvent = (event: EntityEvent) => void;

/**
 * Transactional outbox for entity events (docs/decisions/0100-transactional-outbox.md): a write
 * stores its events in the same transaction as its change, with one INSERT, and delivers them on the
 * bus right after the commit. An entry is deleted once every listener finished with it; one whose
 * writer died in between is delivered by the next sweep (at start, then every lease).
 */
export class EventOutbox {
  readonly #delivered: string[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  #deleting: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<number> | undefined;
  /** Tests switch the writer's own delivery off to stand for a process that died after its commit. */
  deliverAfterCommit = true;

  constructor(private readonly options: EventOutboxOptions) {}

  /**
   * Runs `work` in a transaction on the database; the events it emits are stored with the change and
   * delivered after the commit, or dropped with the change when `work` throws. With `waitForDelivery`
   * it resolves only once every listener finished (a deletion answers after its objects are gone).
   */
  async transaction<T>(
    work: (tx: Transaction, emit: EmitEvent) => Promise<T>,
    options: { waitForDelivery?: boolean } = {},
  ): Promise<T> {
    const emitted: EntityEvent[] = [];
    let stored: EntityEvent[] = [];
    const result = await withTransaction(this.options.db, async (tx) => {
      const value = await work(tx, (event) => emitted.push(event));
      stored = await this.store(tx, emitted);
      return value;
    });
    if (!this.deliverAfterCommit) return result;
    const deliveries = stored.map((event) => this.#track(this.#deliver(event)));
    if (options.waitForDelivery) await Promise.all(deliveries);
    return result;
  }

  /** Stores a change's events inside its transaction; returns them as they will be delivered. */
  async store(tx: Transaction, events: readonly EntityEvent[]): Promise<EntityEvent[]> {
    if (events.length === 0) return [];
    // Stored for a while and sent to sockets: never a secret, whatever a writer put in. Delivered as
    // stored (JSON), so listeners see the same event now and after a crash.
    const clean = events.map((event) => asJson(stripSecrets(event)));
    const rows = await tx
      .insert(eventOutbox)
      .values(clean.map((event) => ({ event, lease_until: this.#leaseEnd() })))
      .returning({ id: eventOutbox.id });
    return clean.map((event, index) => ({ ...event, outboxId: rows[index]!.id }));
  }

  /** Delivers the entries whose writer did not (it died, or its lease ran out); returns how many. */
  sweep(): Promise<number> {
    this.#sweeping ??= this.#sweepAll().finally(() => {
      this.#sweeping = undefined;
    });
    return this.#sweeping;
  }

  /** Sweeps now and then every lease, without keeping the process alive. */
  start(): void {
    if (this.#timer) return;
    const run = () =>
      void this.sweep().then(
        (count) => {
          if (count > 0) this.options.log.info({ count }, 'undelivered entity events delivered');
        },
        (error: unknown) => this.options.log.error({ err: error }, 'delivering outbox entries failed'),
      );
    run();
    this.#timer = setInterval(run, this.options.leaseMs);
    this.#timer.unref();
  }

  /** Stops sweeping and waits until what was delivered so far is forgotten (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#sweeping?.catch(() => undefined);
    await this.flush();
  }

  /** Waits until every delivery started so far finished and its entry is deleted. */
  async flush(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
    await this.#deleteDelivered();
  }

  async #sweepAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.#claimExpired();
      for (const row of claimed) {
        await this.options.bus.deliver({ ...(row.event as EntityEvent), outboxId: row.id });
        this.#delivered.push(row.id);
      }
      await this.#deleteDelivered();
      total += claimed.length;
      if (claimed.length < SWEEP_BATCH) return total;
    }
  }

  /** Takes over expired entries, oldest first; SKIP LOCKED keeps two sweepers off the same rows. */
  async #claimExpired(): Promise<{ id: string; event: unknown }[]> {
    const due = this.options.db
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(lt(eventOutbox.lease_until, sql`now()`))
      .orderBy(asc(eventOutbox.position))
      .limit(SWEEP_BATCH)
      .for('update', { skipLocked: true });
    const rows = await this.options.db
      .update(eventOutbox)
      .set({ lease_until: this.#leaseEnd() })
      .where(inArray(eventOutbox.id, due))
      .returning({ id: eventOutbox.id, event: eventOutbox.event, position: eventOutbox.position });
    return rows.sort((a, b) => a.position - b.position);
  }

  async #deliver(event: EntityEvent): Promise<void> {
    await this.options.bus.deliver(event);
    this.#delivered.push(event.outboxId!);
    // Entries delivered close together are forgotten with one statement, off the request's path.
    setImmediate(() => void this.#deleteDelivered());
  }

  #track(delivery: Promise<void>): Promise<void> {
    const tracked = delivery
      .catch((error: unknown) => this.options.log.error({ err: error }, 'delivering an entity event failed'))
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
    return tracked;
  }

  async #deleteDelivered(): Promise<void> {
    while (this.#deleting) await this.#deleting;
    if (this.#delivered.length === 0) return;
    const ids = this.#delivered.splice(0);
    this.#deleting = this.options.db
      .delete(eventOutbox)
      .where(inArray(eventOutbox.id, ids))
      .then(
        () => undefined,
        (error: unknown) => {
          // Kept entries are delivered again once their lease ends: at least once, never lost.
          this.options.log.error({ err: error }, 'forgetting delivered outbox entries failed');
        },
      )
      .finally(() => {
        this.#deleting = undefined;
      });
    await this.#deleting;
  }

  #leaseEnd() {
    return sql`now() + ${`${this.options.leaseMs} milliseconds`}::interval`;
  }
}

/** The event as JSON gives it back: dates as ISO strings, 64-bit numbers as numbers (or text beyond 2^53). */
function asJson(event: EntityEvent): EntityEvent {
  return JSON.parse(
    JSON.stringify(event, (_key, value: unknown) =>
      typeof value === 'bigint'
        ? value <= BigInt(Number.MAX_SAFE_INTEGER)
          ? Number(value)
          : value.toString()
        : value,
    ),
  ) as EntityEvent;
}
