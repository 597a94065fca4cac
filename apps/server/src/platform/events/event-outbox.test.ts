import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/database.ts';
import { signIn } from '#test/auth-client.ts';
import { TEST_ADMIN_PASSWORD } from '#test/app.ts';
import { buildApp } from '../../app.ts';
import { prepareDatabase } from '../../bootstrap/prepare-database.ts';
import { loadConfig, type AppConfig } from '#config/config.ts';
import {
  Clients,
  listen,
  passwordToken,
  Recorder,
  request,
} from '#modules/realtime/realtime.test-support.ts';
import {
  bodyOf,
  filesUnder,
  storageDirectories,
  upload,
  type StorageTestApp,
} from '#modules/storage/storage.test-support.ts';
import { telemetryEvents } from '#modules/telemetry/db/events.ts';
import { eventOutbox } from '../db/schema/index.ts';
import type { EntityEvent } from './domain-events.ts';

/*
 * A process that dies after its commit but before it announced the change is stood for by an app
 * whose outbox neither delivers after commit nor sweeps; a second app on the same database and data
 * directory is the restarted process.
 */
describe('transactional outbox', () => {
  let database: TestDatabase;
  let dataDir: string;
  let config: AppConfig;
  const apps: FastifyInstance[] = [];
  const clients = new Clients(() => baseUrl);
  let baseUrl = '';

  const start = async () => {
    const app = await buildApp({ config, database, logger: false });
    apps.push(app);
    await app.ready();
    baseUrl = await listen(app);
    return app;
  };

  afterEach(async () => {
    clients.closeAll();
    for (const app of apps.splice(0)) await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const setUp = async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'federa-outbox-'));
    config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      PUBLIC_URL: 'http://hub.test',
    });
    database = await createTestDatabase();
    await prepareDatabase(config, database);
  };

  const auditEventsOf = (refId: string) =>
    database.db.select().from(telemetryEvents).where(eq(telemetryEvents.ref_id, refId));
  /** The leases of the dead process's entries run out (instead of waiting OUTBOX_LEASE_MS). */
  const expireLeases = () =>
    database.db.update(eventOutbox).set({ lease_until: sql`now() - interval '1 second'` });

  it('announces, records and cleans up after a change whose process died before announcing it', async () => {
    await setUp();
    const first = await start();
    const admin = await signIn(first);
    const storage = { baseUrl } as StorageTestApp;
    const bucket = (await admin.post('/storage/buckets', {})).json() as { id: string };
    const file = (
      await bodyOf(await upload(storage, admin.token, bucket.id, [{ path: 'a.txt', content: 'a' }]))
    ).data[0]!;
    const objects = storageDirectories({ config } as never).objects;
    expect(await filesUnder(objects)).toContain(`${bucket.id}/${file.id}`);

    // The first process stops dispatching: what it commits now is announced by nobody.
    await first.outbox.stop();
    first.outbox.deliverAfterCommit = false;
    const name = `outbox-${randomUUID().slice(0, 8)}`;
    const created = await admin.post('/auth/users', { name, password: 'Outbox-Passw0rd' });
    expect(created.statusCode).toBe(201);
    const user = created.json() as { id: string };
    expect((await admin.delete(`/storage/bucket-files/${file.id}`)).statusCode).toBe(202);
    await first.close();

    expect(await auditEventsOf(user.id)).toEqual([]);
    expect(await filesUnder(objects)).toContain(`${bucket.id}/${file.id}`);

    // The restarted process delivers what was committed but not announced.
    const second = await start();
    const socket = await clients.connect('/resources', {
      token: await passwordToken(second, 'admin', TEST_ADMIN_PASSWORD),
    });
    const received = new Recorder(socket);
    expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });
    await expireLeases();
    expect(await second.outbox.sweep()).toBe(2);
    await second.telemetry.flush();

    await received.waitFor('userCreated', user.id);
    expect(await auditEventsOf(user.id)).toMatchObject([{ name: 'created', ref_type: 'user' }]);
    expect(await filesUnder(objects)).not.toContain(`${bucket.id}/${file.id}`);
    const fileEvents = (await auditEventsOf(file.id)).map((event) => event.name).sort();
    expect(fileEvents).toEqual(['created', 'deleted']);
    expect(await database.db.select().from(eventOutbox)).toEqual([]);
  });

  it('delivers an entry once: a delivered change is not announced again', async () => {
    await setUp();
    const app = await start();
    const admin = await signIn(app);
    const name = `outbox-${randomUUID().slice(0, 8)}`;
    const user = (await admin.post('/auth/users', { name, password: 'Outbox-Passw0rd' })).json() as {
      id: string;
    };
    await app.outbox.flush();
    await app.telemetry.flush();

    await expireLeases();
    expect(await app.outbox.sweep()).toBe(0);
    await app.telemetry.flush();
    expect(await auditEventsOf(user.id)).toHaveLength(1);
    expect(await database.db.select().from(eventOutbox)).toEqual([]);
  });

  it('records an entry delivered again after a crash in the audit trail once', async () => {
    await setUp();
    const app = await start();
    const admin = await signIn(app);
    app.outbox.deliverAfterCommit = false;
    await app.outbox.stop();
    const name = `outbox-${randomUUID().slice(0, 8)}`;
    const user = (await admin.post('/auth/users', { name, password: 'Outbox-Passw0rd' })).json() as {
      id: string;
    };
    const [entry] = await database.db.select().from(eventOutbox);

    // Delivered, then the process dies before the entry is deleted: it is delivered once more.
    await app.events.deliver({ ...(entry!.event as EntityEvent), outboxId: entry!.id });
    await app.telemetry.flush();
    await expireLeases();
    expect(await app.outbox.sweep()).toBe(1);
    await app.telemetry.flush();
    expect(await auditEventsOf(user.id)).toHaveLength(1);
  });

  it('delivers an event as it was stored, so listeners see the same after a crash as before', async () => {
    await setUp();
    const app = await start();
    const received: EntityEvent[] = [];
    const stop = app.events.subscribe((event) => {
      if (event.type === 'outboxProbe') received.push(event);
    });
    await app.outbox.transaction(
      async (_tx, emit) =>
        emit({
          type: 'outboxProbe',
          event: 'created',
          data: { id: 'probe', size: 5n, at: new Date('2026-01-01T00:00:00Z'), client_secret: 'x' },
          realmIds: [],
        }),
      { waitForDelivery: true },
    );
    stop();
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toEqual({ id: 'probe', size: 5, at: '2026-01-01T00:00:00.000Z' });
    expect(received[0]!.outboxId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
