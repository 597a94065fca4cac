import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { DomainEventBus } from '#platform/events/domain-events.ts';
import { telemetryEvents } from '../db/events.ts';
import { EntityEventRecorder } from './entity-event-recorder.ts';
import { DAY_IN_MS } from './event-row.ts';
import { insertEvent, sweepExpiredEvents } from './event-store.ts';

/** A logger that keeps what it was told, to see that failures are reported. */
function recordingLog() {
  const errors: { message: string; context: unknown }[] = [];
  return {
    errors,
    log: {
      error: (context: unknown, message?: string) => errors.push({ message: message ?? '', context }),
      info: () => undefined,
    } as never,
  };
}

describe('event store', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.delete(telemetryEvents);
  });

  it('sweeps only expiring events whose expiry has passed', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const base = { scope: 'test', ref_type: 'test' };
    await insertEvent(database.db, { ...base, name: 'expired', expires_at: at(-DAY_IN_MS) });
    await insertEvent(database.db, { ...base, name: 'just-expired', expires_at: at(-1) });
    await insertEvent(database.db, { ...base, name: 'still-valid', expires_at: at(DAY_IN_MS) });
    await insertEvent(database.db, { ...base, name: 'kept', expires_at: at(-DAY_IN_MS), expiring: false });
    await insertEvent(database.db, { ...base, name: 'forever' });

    expect(await sweepExpiredEvents(database.db, now)).toBe(2);
    const left = await database.db.select({ name: telemetryEvents.name }).from(telemetryEvents);
    expect(left.map((row) => row.name).sort()).toEqual(['forever', 'kept', 'still-valid']);
    expect(await sweepExpiredEvents(database.db, now)).toBe(0);
  });

  it('sweeps a backlog larger than one batch', async () => {
    const past = new Date(Date.now() - DAY_IN_MS).toISOString();
    await database.db.execute(sql`
      insert into telemetry_events (name, scope, ref_type, expiring, expires_at)
      select 'old', 'test', 'test', true, ${past} from generate_series(1, 2100)
    `);
    expect(await sweepExpiredEvents(database.db)).toBe(2100);
  });

  it('records entity events from the bus, skipping its own', async () => {
    const bus = new DomainEventBus();
    const { log, errors } = recordingLog();
    const recorder = new EntityEventRecorder({ db: database.db, retentionDays: 3, log });
    const stop = recorder.listen(bus);
    bus.publish({
      type: 'project',
      event: 'updated',
      data: { id: 'p1', name: 'Next', realm_id: 'ignored', secret: 'x', updated_at: 'later' },
      previous: { id: 'p1', name: 'Before', realm_id: 'ignored', secret: 'y', updated_at: 'earlier' },
      realmIds: ['6f1d7f4e-5b0f-4c55-9a39-7c1b4a0b9d01'],
      actor: { type: 'robot', id: '0d6f3f0a-2d6e-4b0e-8d4a-3b7c7b1c2d3e' },
    });
    bus.publish({ type: 'event', event: 'created', data: { id: 'e1' }, realmIds: [] });
    stop();
    await recorder.flush();

    const rows = await database.db.select().from(telemetryEvents);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'updated',
      scope: 'entity',
      ref_type: 'project',
      ref_id: 'p1',
      realm_id: '6f1d7f4e-5b0f-4c55-9a39-7c1b4a0b9d01',
      actor_type: 'robot',
      actor_id: '0d6f3f0a-2d6e-4b0e-8d4a-3b7c7b1c2d3e',
      actor_name: null,
      request_path: null,
      data: { diff: { name: { next: 'Next', previous: 'Before' } } },
      expiring: true,
    });
    const kept = Date.parse(rows[0]!.expires_at!) - Date.parse(rows[0]!.created_at);
    expect(Math.abs(kept - 3 * DAY_IN_MS)).toBeLessThan(60_000);
  });

  it('logs a recording that fails instead of failing the publisher', async () => {
    const broken = await createTestDatabase();
    try {
      await broken.db.execute(sql`drop table telemetry_events`);
      const bus = new DomainEventBus(() => {
        throw new Error('the bus must not see the failure');
      });
      const { log, errors } = recordingLog();
      const recorder = new EntityEventRecorder({ db: broken.db, retentionDays: 7, log });
      recorder.listen(bus);
      expect(() =>
        bus.publish({ type: 'user', event: 'created', data: { id: 'u1' }, realmIds: [] }),
      ).not.toThrow();
      await recorder.flush();
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]).toMatchObject({ message: 'recording an entity event failed' });
    } finally {
      await broken.destroy();
    }
  });
});
