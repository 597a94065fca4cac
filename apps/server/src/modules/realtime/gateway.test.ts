import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { buildApp } from '../../app.ts';
import { TokenService } from '../auth/tokens/token-service.ts';
import {
  Clients,
  connected,
  EVENT_TIMEOUT_MS,
  listen,
  passwordToken,
  Recorder,
  refused,
  request,
  settle,
} from './realtime.test-support.ts';

type Row = Record<string, unknown> & { id: string };

const REALM_USER_PASSWORD = 'Realm-User-Passw0rd';

describe('realtime gateway', () => {
  let ctx: TestApp;
  let baseUrl = '';
  let adminToken = '';
  let admin: Row;
  const clients = new Clients(() => baseUrl);

  const unique = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;
  /** An identity API call as the admin (or another token); anything but a 2xx fails the test. */
  const api = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    token = adminToken,
  ) => {
    const response = await ctx.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Row;
  };
  const createUser = (realmId?: string) =>
    api('POST', '/auth/users', {
      name: unique('user'),
      password: REALM_USER_PASSWORD,
      ...(realmId ? { realm_id: realmId } : {}),
    });
  const renameUser = (id: string) => api('POST', `/auth/users/${id}`, { display_name: unique('renamed') });
  /** Tokens of this app's keys with a lifetime of our choosing (negative: already expired). */
  const tokenLasting = async (seconds: number) => {
    const service = new TokenService(ctx.app.auth.db, ctx.app.auth.keys, ctx.app.auth.issuer, {
      access: seconds,
      refresh: 60,
    });
    const issued = await service.issue(
      { kind: 'user', id: admin.id, realmId: admin.realm_id as string, realmName: 'master' },
      { scope: 'global', withRefreshToken: false },
    );
    return issued.access_token;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    baseUrl = await listen(ctx.app);
    adminToken = await passwordToken(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    admin = await api('GET', '/auth/users/@me');
  });
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    clients.closeAll();
    await ctx?.close();
  });

  describe('connecting', () => {
    it('refuses a connection without a token', async () => {
      const refusal = await refused(clients.open('/resources'));
      expect(refusal.data).toEqual({
        statusCode: 401,
        code: 'unauthorized',
        message: 'An access token is required to connect.',
      });
    });

    it('refuses malformed, expired and revoked tokens with the code of the problem', async () => {
      const garbage = await refused(clients.open('/resources', { token: 'not-a-token' }));
      expect(garbage.data?.code).toBe('invalid_token');

      const expired = await refused(clients.open('/resources', { token: await tokenLasting(-60) }));
      expect(expired.data?.code).toBe('expired_token');

      const revokedToken = await passwordToken(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
      await ctx.app.inject({ method: 'POST', url: '/auth/token/revoke', payload: { token: revokedToken } });
      const revoked = await refused(clients.open('/resources', { token: revokedToken }));
      expect(revoked.data?.code).toBe('inactive_token');
    });

    it('accepts the token in an Authorization: Bearer header, over long-polling too', async () => {
      const socket = await clients.connect('/resources', {
        headers: { authorization: `Bearer ${adminToken}` },
        transports: ['polling'],
      });
      expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });

      const basic = await refused(
        clients.open('/resources', { headers: { authorization: 'Basic YWRtaW46eA==' } }),
      );
      expect(basic.data?.code).toBe('unsupported_auth_header_type');
    });

    it('refuses namespaces other than /resources and /resources/{realmId}', async () => {
      const root = await refused(clients.open('/', { token: adminToken }));
      expect(root.data?.code).toBe('not_found');
      const malformed = await refused(clients.open('/resources/not-a-realm', { token: adminToken }));
      expect(malformed.message).toBe('Invalid namespace');
    });

    it('disconnects a socket when its token expires, so that the client reconnects with a new one', async () => {
      const socket = await clients.connect('/resources', { token: await tokenLasting(2) });
      const reason = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('still connected after the token expired')),
          EVENT_TIMEOUT_MS,
        );
        socket.once('disconnect', (why) => {
          clearTimeout(timer);
          resolve(why);
        });
      });
      expect(reason).toBe('io server disconnect');
    });
  });

  describe('subscriptions of the master administrator', () => {
    it('delivers created, updated and deleted users with their data and meta', async () => {
      const socket = await clients.connect('/resources', { token: adminToken });
      const received = new Recorder(socket);
      expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });

      const user = await createUser();
      const created = await received.waitFor('userCreated', user.id);
      expect(created.payload.data).toMatchObject({ id: user.id, name: user.name, realm_id: admin.realm_id });
      expect(created.payload.meta).toEqual({
        refType: 'user',
        refId: user.id,
        event: 'created',
        namespace: '/resources',
        roomName: 'user',
      });

      const renamed = await renameUser(user.id);
      const updated = await received.waitFor('userUpdated', user.id);
      expect(updated.payload.data.display_name).toBe(renamed.display_name);
      expect(updated.payload.meta.event).toBe('updated');

      await api('DELETE', `/auth/users/${user.id}`);
      const deleted = await received.waitFor('userDeleted', user.id);
      expect(deleted.payload.data.id).toBe(user.id);
      expect(deleted.payload.meta.event).toBe('deleted');
    });

    it('delivers to a record subscription only the events of that record, once even when also in the type room', async () => {
      const [watched, other] = [await createUser(), await createUser()];
      const recordOnly = await clients.connect('/resources', { token: adminToken });
      const both = await clients.connect('/resources', { token: adminToken });
      const recordOnlyEvents = new Recorder(recordOnly);
      const bothEvents = new Recorder(both);
      expect(await request(recordOnly, 'userSubscribe', watched.id)).toEqual({ ok: true });
      expect(await request(both, 'userSubscribe')).toEqual({ ok: true });
      expect(await request(both, 'userSubscribe', { id: watched.id })).toEqual({ ok: true });

      // The other record changes first: had it been delivered, it would arrive before the watched one.
      await renameUser(other.id);
      await renameUser(watched.id);
      const event = await recordOnlyEvents.waitFor('userUpdated', watched.id);
      expect(event.payload.meta.roomName).toBe(`user/${watched.id}`);
      await bothEvents.waitFor('userUpdated', watched.id);
      await settle();

      expect(recordOnlyEvents.events.map((e) => e.payload.meta.refId)).toEqual([watched.id]);
      expect(bothEvents.about(watched.id)).toHaveLength(1);
      expect(bothEvents.about(other.id)).toHaveLength(1);
    });

    it('stops delivery once every subscription of the room was withdrawn', async () => {
      const user = await createUser();
      const socket = await clients.connect('/resources', { token: adminToken });
      const received = new Recorder(socket);
      // Two views of one client subscribe to the same room; the room stays until both left.
      expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });
      expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });
      expect(await request(socket, 'robotSubscribe')).toEqual({ ok: true });

      expect(await request(socket, 'userUnsubscribe')).toEqual({ ok: true });
      await renameUser(user.id);
      await received.waitFor('userUpdated', user.id);

      expect(await request(socket, 'userUnsubscribe')).toEqual({ ok: true });
      await renameUser(user.id);
      // A robot created afterwards is the sentinel: its event arrives after the user's would have.
      const robot = await api('POST', '/auth/robots', { name: unique('robot') });
      await received.waitFor('robotCreated', robot.id);
      await settle();
      expect(received.about(user.id)).toHaveLength(1);
    });

    it('answers unknown types and malformed targets with an error acknowledgement', async () => {
      const socket = await clients.connect('/resources', { token: adminToken });
      expect(await request(socket, 'nothingSubscribe')).toEqual({
        ok: false,
        code: 'bad_request',
        message: 'There is no resource type "nothing" to subscribe to.',
      });
      expect(await request(socket, 'userSubscribe', { id: { $ne: null } })).toMatchObject({
        ok: false,
        code: 'bad_request',
      });
      expect(await request(socket, 'userSubscribe', 'a/b')).toMatchObject({ ok: false, code: 'bad_request' });
      expect(await request(socket, 'shutdown')).toMatchObject({ ok: false, code: 'bad_request' });
      // The socket is still served after refusals.
      expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });
    });

    it('never emits secrets', async () => {
      const socket = await clients.connect('/resources', { token: adminToken });
      const received = new Recorder(socket);
      expect(await request(socket, 'robotSubscribe')).toEqual({ ok: true });
      expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });

      const robot = await api('POST', '/auth/robots', { name: unique('robot') });
      // The creator is shown the generated secret once; subscribers never see it.
      expect(typeof robot.secret).toBe('string');
      const created = await received.waitFor('robotCreated', robot.id);
      expect(created.payload.data.id).toBe(robot.id);
      expect(created.payload.data).not.toHaveProperty('secret');

      const user = await createUser();
      const userCreated = await received.waitFor('userCreated', user.id);
      expect(userCreated.payload.data).not.toHaveProperty('password');
      expect(JSON.stringify(received.events)).not.toContain(robot.secret as string);
    });
  });

  describe('realms', () => {
    let home: Row;
    let third: Row;
    let member: Row;
    let memberToken = '';

    beforeAll(async () => {
      home = await api('POST', '/auth/realms', { name: unique('home') });
      third = await api('POST', '/auth/realms', { name: unique('third') });
      // A user of its own realm with no role at all.
      member = await createUser(home.id);
      memberToken = await passwordToken(ctx.app, member.name as string, REALM_USER_PASSWORD, home.id);
    });

    it('lets an identity of another realm into its own realm namespace only', async () => {
      await clients.connect(`/resources/${home.id}`, { token: memberToken });

      const master = await refused(clients.open('/resources', { token: memberToken }));
      expect(master.data).toMatchObject({ statusCode: 403, code: 'forbidden' });
      const foreign = await refused(clients.open(`/resources/${third.id}`, { token: memberToken }));
      expect(foreign.data).toMatchObject({ statusCode: 403, code: 'forbidden' });
    });

    it('refuses subscriptions without the read permission and serves public types of the own realm', async () => {
      const socket = await clients.connect(`/resources/${home.id}`, { token: memberToken });
      const received = new Recorder(socket);
      const denied = await request(socket, 'userSubscribe');
      expect(denied).toMatchObject({
        ok: false,
        code: expect.stringMatching(/^permission_(denied|evaluation_failed)$/),
      });
      expect(denied.ok === false && denied.message).toBeTruthy();
      expect(await request(socket, 'realmSubscribe')).toEqual({ ok: true });

      // Another realm's change first; then the own realm's, which must arrive.
      await api('POST', `/auth/realms/${third.id}`, { display_name: unique('Third') });
      await api('POST', `/auth/realms/${home.id}`, { display_name: unique('Home') });
      const event = await received.waitFor('realmUpdated', home.id);
      expect(event.payload.meta).toMatchObject({ namespace: `/resources/${home.id}`, roomName: 'realm' });
      // Refused to the user room, the socket receives no user of its realm either.
      await createUser(home.id);
      await api('POST', `/auth/realms/${home.id}`, { display_name: unique('Home') });
      await settle();
      expect(received.events.map((e) => e.name)).toEqual(['realmUpdated', 'realmUpdated']);
      expect(received.about(third.id)).toHaveLength(0);
    });

    it('gives the master namespace the records of every realm and a realm namespace those of its realm', async () => {
      const everywhere = await clients.connect('/resources', { token: adminToken });
      const inHome = await clients.connect(`/resources/${home.id}`, { token: adminToken });
      const inThird = await clients.connect(`/resources/${third.id}`, { token: adminToken });
      const [all, homeOnly, thirdOnly] = [
        new Recorder(everywhere),
        new Recorder(inHome),
        new Recorder(inThird),
      ];
      for (const socket of [everywhere, inHome, inThird]) {
        expect(await request(socket, 'userSubscribe')).toEqual({ ok: true });
      }

      const homeUser = await createUser(home.id);
      const thirdUser = await createUser(third.id);
      const seen = await all.waitFor('userCreated', homeUser.id);
      expect(seen.payload.data.realm_id).toBe(home.id);
      expect(seen.payload.meta.namespace).toBe('/resources');
      await all.waitFor('userCreated', thirdUser.id);
      const local = await homeOnly.waitFor('userCreated', homeUser.id);
      expect(local.payload.meta.namespace).toBe(`/resources/${home.id}`);
      await thirdOnly.waitFor('userCreated', thirdUser.id);
      await settle();
      expect(homeOnly.about(thirdUser.id)).toHaveLength(0);
      expect(thirdOnly.about(homeUser.id)).toHaveLength(0);
    });
  });

  it('closes its sockets when the app closes', async () => {
    // Last, on a second app instance, so the shared one stays up for the other tests.
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    const secondUrl = await listen(second);
    const secondClients = new Clients(() => secondUrl);
    try {
      const socket = secondClients.open('/resources', { token: adminToken });
      await connected(socket);
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const started = Date.now();
      await second.close();
      expect(Date.now() - started).toBeLessThan(EVENT_TIMEOUT_MS);
      expect(await disconnected).toMatch(/^(io server disconnect|transport close)$/);
    } finally {
      secondClients.closeAll();
      await second.close();
    }
  });
});
