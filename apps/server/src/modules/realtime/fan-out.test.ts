import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { buildApp } from '../../app.ts';
import { Clients, listen, passwordToken, Recorder, request, settle } from './realtime.test-support.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  console.warn(
    'realtime fan-out across replicas: skipped, it needs PostgreSQL (set DATABASE_URL=postgres://...)',
  );
}

describe.skipIf(!onPostgres)('realtime across replicas (PostgreSQL)', () => {
  let ctx: TestApp;
  let replica: FastifyInstance | undefined;
  let apiOnly: FastifyInstance | undefined;
  let replicaUrl = '';
  let adminToken = '';
  const clients = new Clients(() => replicaUrl);

  const api = async (url: string, payload: object, through: FastifyInstance = ctx.app) => {
    const response = await through.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (response.statusCode >= 300) throw new Error(`POST ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string; name: string };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    // A second instance of the server on the same database, as a second replica behind a load balancer.
    replica = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    replicaUrl = await listen(replica);
    // And one that serves the API only, as when roles run as separate processes.
    apiOnly = await buildApp({
      config: { ...ctx.config, roles: ['api'] },
      database: ctx.database,
      logger: false,
    });
    adminToken = await passwordToken(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    clients.closeAll();
    await replica?.close();
    await apiOnly?.close();
    await ctx?.close();
  });

  it('delivers, once, the events of writes made through one instance to the clients of another', async () => {
    const realm = await api('/auth/realms', { name: `replica-${Date.now()}` });
    const master = await clients.connect('/resources', { token: adminToken });
    const inRealm = await clients.connect(`/resources/${realm.id}`, { token: adminToken });
    const [masterEvents, realmEvents] = [new Recorder(master), new Recorder(inRealm)];
    expect(await request(master, 'userSubscribe')).toEqual({ ok: true });
    expect(await request(inRealm, 'userSubscribe')).toEqual({ ok: true });

    // Written through the first instance; the replica's own event bus never sees it.
    const user = await api('/auth/users', { name: `replica-user-${Date.now()}`, realm_id: realm.id });
    const seen = await masterEvents.waitFor('userCreated', user.id);
    expect(seen.payload.data).toMatchObject({ id: user.id, name: user.name, realm_id: realm.id });
    expect(seen.payload.meta).toMatchObject({ namespace: '/resources', roomName: 'user' });
    const local = await realmEvents.waitFor('userCreated', user.id);
    expect(local.payload.meta.namespace).toBe(`/resources/${realm.id}`);

    await api(`/auth/users/${user.id}`, { display_name: 'Seen elsewhere' });
    await masterEvents.waitFor('userUpdated', user.id);
    await settle();
    expect(masterEvents.about(user.id).map((event) => event.name)).toEqual(['userCreated', 'userUpdated']);
    expect(realmEvents.about(user.id).map((event) => event.name)).toEqual(['userCreated', 'userUpdated']);
  });

  it('delivers the events of writes made by an instance without the realtime role', async () => {
    const socket = await clients.connect('/resources', { token: adminToken });
    const received = new Recorder(socket);
    expect(await request(socket, 'robotSubscribe')).toEqual({ ok: true });

    const robot = await api('/auth/robots', { name: `api-only-${Date.now()}` }, apiOnly!);
    const created = await received.waitFor('robotCreated', robot.id);
    expect(created.payload.data).toMatchObject({ id: robot.id, name: robot.name });
    expect(created.payload.data).not.toHaveProperty('secret');
  });
});
