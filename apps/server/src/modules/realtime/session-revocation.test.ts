import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { buildApp } from '../../app.ts';
import { Clients, listen, passwordToken, Recorder, request } from './realtime.test-support.ts';

/** How soon a socket must be gone once its session ended (the check runs every 200 ms here). */
const WITHIN_MS = 3000;

function disconnectedWithin(socket: Socket, ms = WITHIN_MS): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve(0);
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** Everything a test needs: an app listening, an admin token, and users holding the admin role. */
async function setUp(ctx: TestApp) {
  const adminToken = await passwordToken(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  const call = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string };
  };
  const adminRole = (
    await ctx.app.inject({
      url: '/auth/roles?filter[name]=admin',
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json().data[0] as { id: string };
  /** A user holding the admin role, signed in: its id and a token. */
  const operator = async (name: string) => {
    const user = await call('POST', '/auth/users', { name, password: 'Operator-Passw0rd' });
    await call('POST', '/auth/user-roles', { user_id: user.id, role_id: adminRole.id });
    return { id: user.id, token: await passwordToken(ctx.app, name, 'Operator-Passw0rd') };
  };
  return { adminToken, call, operator };
}

const revoke = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/auth/token/revoke', payload: { token } });

describe('a realtime socket ends with its session', () => {
  let ctx: TestApp;
  let url = '';
  let helpers: Awaited<ReturnType<typeof setUp>>;
  const clients = new Clients(() => url);

  beforeAll(async () => {
    ctx = await createTestApp({ REALTIME_REVALIDATE_INTERVAL_MS: '200' });
    url = await listen(ctx.app);
    helpers = await setUp(ctx);
  });
  afterAll(async () => {
    clients.closeAll();
    await ctx.close();
  });

  it('is disconnected within seconds of its token being revoked, and receives nothing after', async () => {
    const { id, token } = await helpers.operator('revoked-operator');
    const socket = await clients.connect('/resources', { token });
    const received = new Recorder(socket);
    expect(await request(socket, 'roleSubscribe')).toEqual({ ok: true });
    // A fresh socket of the same user with another token stays.
    const other = await clients.connect('/resources', {
      token: await passwordToken(ctx.app, 'revoked-operator', 'Operator-Passw0rd'),
    });

    expect((await revoke(ctx.app, token)).statusCode).toBe(200);
    await disconnectedWithin(socket);
    const role = await helpers.call('POST', '/auth/roles', { name: 'after-revocation' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.about(role.id)).toEqual([]);
    expect(other.connected).toBe(true);
    expect(id).toBeTruthy();
  });

  it('is disconnected within seconds of its user being deactivated', async () => {
    const { id, token } = await helpers.operator('deactivated-operator');
    const socket = await clients.connect('/resources', { token });
    await helpers.call('POST', `/auth/users/${id}`, { active: false });
    await disconnectedWithin(socket);
  });

  it('is disconnected within seconds of its user being deleted', async () => {
    const { id, token } = await helpers.operator('deleted-operator');
    const socket = await clients.connect('/resources', { token });
    await helpers.call('DELETE', `/auth/users/${id}`);
    await disconnectedWithin(socket);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  console.warn(
    'realtime revocation across replicas: skipped, it needs PostgreSQL (set DATABASE_URL=postgres://...)',
  );
}

describe.skipIf(!onPostgres)('a realtime socket ends with its session on every replica (PostgreSQL)', () => {
  let ctx: TestApp;
  let replica: FastifyInstance | undefined;
  let replicaUrl = '';
  let helpers: Awaited<ReturnType<typeof setUp>>;
  const clients = new Clients(() => replicaUrl);

  beforeAll(async () => {
    ctx = await createTestApp({ REALTIME_REVALIDATE_INTERVAL_MS: '200' });
    replica = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    replicaUrl = await listen(replica);
    helpers = await setUp(ctx);
  });
  afterAll(async () => {
    clients.closeAll();
    await replica?.close();
    await ctx?.close();
  });

  it('disconnects a socket of one replica when the token is revoked through another', async () => {
    const { token } = await helpers.operator('replica-operator');
    const socket = await clients.connect('/resources', { token });
    const received = new Recorder(socket);
    expect(await request(socket, 'roleSubscribe')).toEqual({ ok: true });
    // Events written through the first instance reach the replica's socket while the session holds.
    const before = await helpers.call('POST', '/auth/roles', { name: 'before-revocation' });
    await received.waitFor('roleCreated', before.id);

    expect((await revoke(ctx.app, token)).statusCode).toBe(200);
    await disconnectedWithin(socket);
    const after = await helpers.call('POST', '/auth/roles', { name: 'after-replica-revocation' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.about(after.id)).toEqual([]);
  });

  it('disconnects a socket of one replica when its user is deactivated through another', async () => {
    const { id, token } = await helpers.operator('replica-deactivated');
    const socket = await clients.connect('/resources', { token });
    await helpers.call('POST', `/auth/users/${id}`, { active: false });
    await disconnectedWithin(socket);
  });
});
