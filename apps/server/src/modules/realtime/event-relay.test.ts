import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityEvent } from '#platform/events/domain-events.ts';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { createEventRelay, type EventRelay, type RelayedEvent } from './event-relay.ts';
import { relayDatabaseUrl } from './relay-database-url.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.warn('realtime event relay: skipped, it needs PostgreSQL (set DATABASE_URL=postgres://...)');

const event = (id: number, extra: Record<string, unknown> = {}): EntityEvent => ({
  type: 'project',
  event: 'created',
  data: { id: `p${id}`, name: `project-${id}`, ...extra },
  realmIds: ['realm-a'],
  actor: { type: 'user', id: 'u1' },
});

/** Collects what a relay hears, and waits until a number of events arrived. */
class Heard {
  readonly events: RelayedEvent[] = [];
  deliveries = 0;
  private waiters: (() => void)[] = [];

  readonly onEvents = (events: RelayedEvent[]) => {
    this.deliveries += 1;
    this.events.push(...events);
    for (const wake of this.waiters.splice(0)) wake();
  };

  async count(expected: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < expected) {
      if (Date.now() > deadline) throw new Error(`heard ${this.events.length} of ${expected} events`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}

describe.skipIf(!onPostgres)('realtime event relay (PostgreSQL)', () => {
  let database: TestDatabase;
  let url = '';
  const relays: EventRelay[] = [];
  const errors: Error[] = [];
  const relay = async (onEvents?: (events: RelayedEvent[]) => void) => {
    const created = await createEventRelay(url, { onEvents, onError: (error) => errors.push(error) });
    relays.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    url = relayDatabaseUrl(database, undefined)!;
  });
  afterAll(async () => {
    await Promise.allSettled(relays.map((each) => each.close()));
    await database?.destroy();
  });

  it('carries the events of one replica to another, in order, without secrets, and not back to itself', async () => {
    const heardByOther = new Heard();
    const heardBySelf = new Heard();
    const publisher = await relay(heardBySelf.onEvents);
    await relay(heardByOther.onEvents);

    // Published in one tick, as the follow-ups of one command are: far fewer notifications than
    // events, and one of them too large for a notification of its own.
    for (let id = 1; id <= 200; id += 1) {
      publisher.publish(event(id, id === 100 ? { description: 'x'.repeat(20_000) } : { secret: 'hunter2' }));
    }
    await heardByOther.count(200);

    expect(heardByOther.events.map((each) => each.data.id)).toEqual(
      Array.from({ length: 200 }, (_, index) => `p${index + 1}`),
    );
    expect(heardByOther.events[99]!.data.description).toHaveLength(20_000);
    expect(heardByOther.events.every((each) => !('secret' in each.data))).toBe(true);
    expect(heardByOther.events[0]).toEqual({
      type: 'project',
      event: 'created',
      data: { id: 'p1', name: 'project-1' },
      realmIds: ['realm-a'],
    });
    expect(heardByOther.deliveries).toBeLessThan(20);
    expect(heardBySelf.events).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('listens again after its connection was cut, as after a database restart', async () => {
    const heard = new Heard();
    const publisher = await relay();
    await relay(heard.onEvents);
    publisher.publish(event(1));
    await heard.count(1);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    // Published until the listener is back; what was published while it was away is missed.
    const deadline = Date.now() + 10_000;
    let next = 2;
    while (heard.events.length < 2 && Date.now() < deadline) {
      publisher.publish(event(next));
      next += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(heard.events.length).toBeGreaterThanOrEqual(2);
    expect(heard.events.at(-1)!.data.id).toMatch(/^p\d+$/);
  });
});
