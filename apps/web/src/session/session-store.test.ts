import { ClientError } from '@federa/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  FakeAuthServer,
  json,
  MASTER_REALM,
  OTHER_REALM,
  TEST_BASE_URLS,
  type FakeUser,
} from '../test/fake-auth-server.ts';
import { createTestSession, fakeUser } from '../test/session.ts';
import { createMemoryStorage, SESSION_COOKIE_NAMES } from './session-storage.ts';
import { SessionStore } from './session-store.ts';

const alice: FakeUser = fakeUser({ name: 'alice', permissions: ['project_create', 'user_read'] });
const root: FakeUser = fakeUser({ name: 'admin', permissions: ['realm_update'], realm: MASTER_REALM });

function setup(options: { accessLifetime?: number; signedIn?: FakeUser } = {}) {
  const server = new FakeAuthServer({ users: [alice, root], accessLifetime: options.accessLifetime });
  return createTestSession({ server, signedIn: options.signedIn });
}

/** `METHOD /path` of every call, e.g. `POST /auth/token`. */
const trace = (server: FakeAuthServer) => server.calls.map((call) => `${call.method} ${call.path}`);

afterEach(() => {
  vi.useRealTimers();
});

describe('SessionStore login', () => {
  it('asks for a password grant, then introspects the token, then loads the user', async () => {
    const { session, server, storage } = setup();
    const events: string[] = [];
    for (const event of ['loggingIn', 'loggedIn'] as const) session.on(event, () => events.push(event));

    await session.login({ name: 'alice', password: 'secret-password', realmId: OTHER_REALM.id });

    expect(trace(server)).toEqual(['POST /auth/token', 'POST /auth/token/introspect', 'GET /auth/users/@me']);
    expect(server.calls[0]!.body).toEqual({
      grant_type: 'password',
      username: 'alice',
      password: 'secret-password',
      realm_id: OTHER_REALM.id,
    });
    expect(server.calls[1]!.body).toEqual({ token: 'access-1' });
    expect(server.calls[2]!.authorization).toBe('Bearer access-1');
    expect(events).toEqual(['loggingIn', 'loggedIn']);

    const state = session.getState();
    expect(session.loggedIn).toBe(true);
    expect(state).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      user: { id: 'user-alice', name: 'alice', realm_id: OTHER_REALM.id },
      realm: OTHER_REALM,
      realmManagement: OTHER_REALM,
      resolved: true,
    });
    expect(session.hasPermission('project_create')).toBe(true);
    expect(session.hasPermission('project_delete')).toBe(false);
    expect(session.hasAnyPermission(['project_delete', 'user_read'])).toBe(true);
    expect(session.hasAnyPermission(['project_delete'])).toBe(false);

    // Every value is stored; the access token for exactly its lifetime.
    expect(storage.values.get('access_token')).toEqual({ value: 'access-1', maxAge: 3600 });
    expect(storage.values.get('refresh_token')).toEqual({ value: 'refresh-1', maxAge: 259_200 });
    expect(Number(storage.get('access_token_expire_date'))).toBe(state.accessTokenExpiresAt);
    expect(JSON.parse(storage.get('user')!)).toMatchObject({ name: 'alice' });
    expect(JSON.parse(storage.get('realm')!)).toEqual(OTHER_REALM);
    expect(JSON.parse(storage.get('realm_management')!)).toEqual(OTHER_REALM);
  });

  it('leaves out the realm when none is chosen', async () => {
    const { session, server } = setup();
    await session.login({ name: 'alice', password: 'secret-password', realmId: null });
    expect(server.calls[0]!.body).not.toHaveProperty('realm_id');
  });

  it('raises the server error for wrong credentials and stores nothing', async () => {
    const { session, server, storage } = setup();
    const failure = session.login({ name: 'alice', password: 'wrong-password' });
    await expect(failure).rejects.toBeInstanceOf(ClientError);
    await expect(failure).rejects.toMatchObject({ code: 'invalid_credentials', statusCode: 400 });
    expect(trace(server)).toEqual(['POST /auth/token']);
    expect(session.loggedIn).toBe(false);
    expect(storage.values.size).toBe(0);
  });

  it('logs out again when the identity cannot be loaded after the grant', async () => {
    const { session, server, storage } = setup();
    server.intercept('GET', '/auth/users/@me', () => errorResponse(500, 'internal_error'));
    await expect(session.login({ name: 'alice', password: 'secret-password' })).rejects.toMatchObject({
      code: 'internal_error',
    });
    expect(session.loggedIn).toBe(false);
    expect(storage.values.size).toBe(0);
    expect(server.isRevoked('access-1')).toBe(true);
    expect(server.isRevoked('refresh-1')).toBe(true);
  });
});

describe('SessionStore permissions with a policy', () => {
  it('withholds a permission while its policy fails and grants it once the window opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Noon UTC on the 8th is before the window in every time zone, noon on the 11th inside it.
    vi.setSystemTime(new Date('2030-03-08T12:00:00Z'));
    const reporter: FakeUser = {
      ...fakeUser({ name: 'reporter', permissions: ['report_read', 'user_read'] }),
      policies: { report_read: { type: 'date', start: '2030-03-10', end: '2030-03-20' } },
    };
    const { session } = createTestSession({ server: new FakeAuthServer({ users: [reporter] }) });
    await session.login({ name: 'reporter', password: 'secret-password', realmId: null });
    expect(session.hasPermission('user_read')).toBe(true);
    expect(session.hasPermission('report_read')).toBe(false);

    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60_000);
    expect(session.hasPermission('report_read')).toBe(true);

    await session.logout();
    expect(session.hasPermission('report_read')).toBe(false);
  });
});

describe('SessionStore logout', () => {
  it('clears every value and the permissions first, then revokes both tokens', async () => {
    const { session, server, storage } = setup();
    await session.login({ name: 'alice', password: 'secret-password' });
    server.calls.length = 0;

    let seenAtLoggedOut: unknown;
    session.on('loggedOut', () => {
      seenAtLoggedOut = {
        state: session.getState(),
        stored: storage.values.size,
        calls: server.calls.length,
      };
    });
    await session.logout();

    expect(seenAtLoggedOut).toMatchObject({ stored: 0, calls: 0, state: { permissions: [] } });
    expect(session.getState()).toMatchObject({
      accessToken: undefined,
      refreshToken: undefined,
      user: undefined,
      realm: undefined,
      realmManagement: undefined,
      permissions: [],
    });
    expect(session.hasAnyPermission(['project_create'])).toBe(false);
    expect(server.callsTo('/auth/token/revoke').map((call) => call.body.token)).toEqual([
      'access-1',
      'refresh-1',
    ]);
    expect(server.isRevoked('access-1') && server.isRevoked('refresh-1')).toBe(true);
  });

  it('ignores failed revocations', async () => {
    const { session, server, storage } = setup();
    await session.login({ name: 'alice', password: 'secret-password' });
    server.intercept('POST', '/auth/token/revoke', () => errorResponse(500, 'internal_error'));
    server.intercept('POST', '/auth/token/revoke', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(session.logout()).resolves.toBeUndefined();
    expect(session.loggedIn).toBe(false);
    expect(storage.values.size).toBe(0);
  });

  it('revokes nothing when nobody is signed in', async () => {
    const { session, server } = setup();
    await session.logout();
    expect(server.calls).toEqual([]);
  });
});

describe('SessionStore resolve', () => {
  it('introspects the stored token and loads the user once', async () => {
    const { session, server } = setup({ signedIn: alice });
    expect(session.loggedIn).toBe(true);
    expect(session.getState().resolved).toBe(false);

    await Promise.all([session.resolve(), session.resolve()]);
    await session.resolve();

    expect(trace(server)).toEqual(['POST /auth/token/introspect', 'GET /auth/users/@me']);
    expect(session.getState()).toMatchObject({ user: { name: 'alice' }, realm: OTHER_REALM, resolved: true });
    expect(session.hasPermission('user_read')).toBe(true);
  });

  it('does nothing without stored tokens', async () => {
    const { session, server } = setup();
    await session.resolve();
    expect(server.calls).toEqual([]);
    expect(session.getState().resolved).toBe(true);
  });

  it('renews first when only a refresh token is left', async () => {
    const { session, server, storage } = setup({ signedIn: alice });
    // The access token cookie has run out; the refresh token cookie lives longer.
    storage.remove('access_token');
    const reloaded = new SessionStore({ baseUrls: TEST_BASE_URLS, storage, fetch: server.fetch });
    session.dispose();
    expect(reloaded.loggedIn).toBe(false);

    await reloaded.resolve();
    expect(trace(server)).toEqual(['POST /auth/token', 'POST /auth/token/introspect', 'GET /auth/users/@me']);
    expect(server.calls[0]!.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(reloaded.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(reloaded.loggedIn).toBe(true);
    reloaded.dispose();
  });

  it('renews and retries once when the stored token is refused', async () => {
    const { session, server } = setup({ signedIn: alice });
    server.expire('access-1');
    await session.resolve();
    expect(trace(server)).toEqual([
      'POST /auth/token/introspect',
      'POST /auth/token',
      'POST /auth/token/introspect',
      'GET /auth/users/@me',
    ]);
    expect(session.getState()).toMatchObject({ accessToken: 'access-2', user: { name: 'alice' } });
  });

  it('raises when the token is refused and there is no refresh token', async () => {
    const { session, server, storage } = setup({ signedIn: alice });
    storage.remove('refresh_token');
    const reloaded = new SessionStore({ baseUrls: TEST_BASE_URLS, storage, fetch: server.fetch });
    session.dispose();
    server.expire('access-1');
    await expect(reloaded.resolve()).rejects.toMatchObject({ code: 'inactive_token' });
    expect(trace(server)).toEqual(['POST /auth/token/introspect']);
    reloaded.dispose();
  });

  it('logs out and raises when the renewal fails', async () => {
    const { session, server, storage } = setup({ signedIn: alice });
    server.expire('access-1');
    server.intercept('POST', '/auth/token', () => errorResponse(400, 'invalid_grant'));
    await expect(session.resolve()).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(session.loggedIn).toBe(false);
    expect(storage.values.size).toBe(0);
  });

  it('keeps the realm a master-realm user manages across a reload; others manage their own', async () => {
    const { session, server, storage } = setup();
    await session.login({ name: 'admin', password: 'secret-password' });
    expect(session.getState().realmManagement).toEqual(MASTER_REALM);
    session.setRealmManagement(OTHER_REALM);
    expect(session.getState().realmManagement).toEqual(OTHER_REALM);
    expect(JSON.parse(storage.get('realm_management')!)).toEqual(OTHER_REALM);

    const reloaded = new SessionStore({ baseUrls: TEST_BASE_URLS, storage, fetch: server.fetch });
    session.dispose();
    await reloaded.resolve();
    expect(reloaded.getState().realmManagement).toEqual(OTHER_REALM);
    await reloaded.logout();

    await reloaded.login({ name: 'alice', password: 'secret-password' });
    reloaded.setRealmManagement(MASTER_REALM);
    expect(reloaded.getState().realmManagement).toEqual(OTHER_REALM);
    reloaded.dispose();
  });

  it('drops an access token whose stored expiry has passed', () => {
    const storage = createMemoryStorage({
      access_token: 'access-old',
      access_token_expire_date: String(Date.now() - 1000),
      refresh_token: 'refresh-old',
    });
    const session = new SessionStore({
      baseUrls: TEST_BASE_URLS,
      storage,
      fetch: new FakeAuthServer().fetch,
    });
    expect(session.getState()).toMatchObject({ accessToken: undefined, refreshToken: 'refresh-old' });
    session.dispose();
  });
});

describe('SessionStore renewal', () => {
  it('shares one request between concurrent renewals', async () => {
    const { session, server } = setup({ signedIn: alice });
    await Promise.all([session.renew(), session.renew(), session.renew()]);
    expect(server.callsTo('/auth/token')).toHaveLength(1);
    expect(session.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });

    // Once settled, the next renewal is a new request.
    await session.renew();
    expect(server.callsTo('/auth/token')).toHaveLength(2);
  });

  it('takes the tokens another tab renewed instead of using up a refresh token twice', async () => {
    const { session, server, storage } = setup({ signedIn: alice });
    const otherTab = new SessionStore({ baseUrls: TEST_BASE_URLS, storage, fetch: server.fetch });
    await otherTab.renew();
    expect(storage.get('refresh_token')).toBe('refresh-2');

    await session.renew();
    expect(server.callsTo('/auth/token')).toHaveLength(1);
    expect(session.getState()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    otherTab.dispose();
  });

  it('renews 60 seconds before the access token expires, and again after that', async () => {
    vi.useFakeTimers();
    const { session, server } = setup();
    await session.login({ name: 'alice', password: 'secret-password' });
    const grants = () => server.callsTo('/auth/token').length;
    expect(grants()).toBe(1);

    await vi.advanceTimersByTimeAsync(3540_000 - 1);
    expect(grants()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(grants()).toBe(2);
    expect(server.callsTo('/auth/token')[1]!.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    expect(session.getState().accessToken).toBe('access-2');

    await vi.advanceTimersByTimeAsync(3540_000);
    expect(grants()).toBe(3);
    expect(session.getState().accessToken).toBe('access-3');
  });

  it('renews short-lived tokens at half their remaining time', async () => {
    vi.useFakeTimers();
    const { session, server } = setup({ accessLifetime: 40 });
    await session.login({ name: 'alice', password: 'secret-password' });
    await vi.advanceTimersByTimeAsync(19_999);
    expect(server.callsTo('/auth/token')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.callsTo('/auth/token')).toHaveLength(2);
  });

  it('logs out when the timed renewal fails, and stops the timer on logout', async () => {
    vi.useFakeTimers();
    const { session, server } = setup();
    await session.login({ name: 'alice', password: 'secret-password' });
    server.intercept('POST', '/auth/token', () => errorResponse(400, 'invalid_grant'));
    await vi.advanceTimersByTimeAsync(3540_000);
    expect(session.loggedIn).toBe(false);

    await session.login({ name: 'alice', password: 'secret-password' });
    await session.logout();
    const calls = server.callsTo('/auth/token').length;
    await vi.advanceTimersByTimeAsync(7200_000);
    expect(server.callsTo('/auth/token')).toHaveLength(calls);
  });
});

describe('SessionStore api client', () => {
  async function signedIn() {
    const test = setup();
    await test.session.login({ name: 'alice', password: 'secret-password' });
    test.server.calls.length = 0;
    return test;
  }

  it('sends the access token', async () => {
    const { session, server } = await signedIn();
    server.route('GET', '/core/projects', () => json(200, { data: [], meta: { total: 0 } }));
    await session.api.get('core', 'projects');
    expect(server.calls[0]!.authorization).toBe('Bearer access-1');
  });

  it.each([
    ['expired_token', 401],
    ['invalid_token', 401],
    ['inactive_token', 401],
    ['unauthorized', 401],
    ['expired_token', 400],
  ])('renews once and retries once on %s (%i)', async (code, status) => {
    const { session, server } = await signedIn();
    let attempts = 0;
    server.route('GET', '/core/projects', (call) => {
      attempts += 1;
      return attempts === 1
        ? errorResponse(status, code)
        : json(200, { data: [call.authorization], meta: { total: 1 } });
    });
    await expect(session.api.get('core', 'projects')).resolves.toEqual({
      data: ['Bearer access-2'],
      meta: { total: 1 },
    });
    expect(trace(server)).toEqual(['GET /core/projects', 'POST /auth/token', 'GET /core/projects']);
  });

  it('raises the second refusal without another renewal', async () => {
    const { session, server } = await signedIn();
    server.route('GET', '/core/projects', () => errorResponse(401, 'expired_token'));
    await expect(session.api.get('core', 'projects')).rejects.toMatchObject({ code: 'expired_token' });
    expect(trace(server)).toEqual(['GET /core/projects', 'POST /auth/token', 'GET /core/projects']);
    expect(session.loggedIn).toBe(true);
  });

  it('renews once for concurrent refused requests', async () => {
    const { session, server } = await signedIn();
    server.route('GET', '/core/projects', (call) =>
      call.authorization === 'Bearer access-1'
        ? errorResponse(401, 'expired_token')
        : json(200, { ok: true }),
    );
    await Promise.all([
      session.api.get('core', 'projects'),
      session.api.get('core', 'projects'),
      session.api.get('core', 'projects'),
    ]);
    expect(server.callsTo('/auth/token')).toHaveLength(1);
    expect(server.callsTo('/core/projects')).toHaveLength(6);
  });

  it('does not renew for other errors', async () => {
    const { session, server } = await signedIn();
    server.route('GET', '/core/projects', () => errorResponse(403, 'forbidden'));
    await expect(session.api.get('core', 'projects')).rejects.toMatchObject({ statusCode: 403 });
    expect(trace(server)).toEqual(['GET /core/projects']);
  });

  it.each(['jwk_invalid', 'jwk_not_found'])('drops the authorization and logs out on %s', async (code) => {
    const { session, server, storage } = await signedIn();
    server.route('GET', '/core/projects', () => errorResponse(401, code));
    await expect(session.api.get('core', 'projects')).rejects.toMatchObject({ code });
    expect(session.loggedIn).toBe(false);
    expect(storage.values.size).toBe(0);
    expect(server.callsTo('/auth/token')).toHaveLength(0);
    // The refresh token is still revoked; the dropped access token is not sent anywhere again.
    expect(server.callsTo('/auth/token/revoke').map((call) => call.body.token)).toEqual(['refresh-1']);
  });

  it('logs out and raises the original error when the renewal fails', async () => {
    const { session, server, storage } = await signedIn();
    server.route('GET', '/core/projects', () => errorResponse(401, 'expired_token'));
    server.intercept('POST', '/auth/token', () => errorResponse(400, 'invalid_grant'));
    await expect(session.api.get('core', 'projects')).rejects.toMatchObject({ code: 'expired_token' });
    expect(session.loggedIn).toBe(false);
    expect(storage.values.size).toBe(0);
  });

  it('renews an access token that expired while the tab slept before sending', async () => {
    vi.useFakeTimers();
    const { session, server } = await signedIn();
    server.route('GET', '/core/projects', () => json(200, { ok: true }));
    session.dispose(); // no timer: as if it never fired
    vi.setSystemTime(Date.now() + 3600_000);
    await session.api.get('core', 'projects');
    expect(trace(server)).toEqual(['POST /auth/token', 'GET /core/projects']);
    expect(server.calls[1]!.authorization).toBe('Bearer access-2');
  });

  it('sends anonymous requests without trying to renew', async () => {
    const { session, server } = setup();
    await expect(session.api.get('core', 'projects')).rejects.toMatchObject({ statusCode: 404 });
    server.route('GET', '/core/projects', () => errorResponse(401, 'unauthorized'));
    await expect(session.api.get('core', 'projects')).rejects.toMatchObject({ statusCode: 401 });
    expect(trace(server)).toEqual(['GET /core/projects', 'GET /core/projects']);
    expect(server.calls.every((call) => call.authorization === undefined)).toBe(true);
  });
});

describe('session storage', () => {
  it('names the stored values as specified', () => {
    expect(SESSION_COOKIE_NAMES).toEqual([
      'access_token',
      'access_token_expire_date',
      'refresh_token',
      'user',
      'realm',
      'realm_management',
    ]);
  });

  it('keeps the access token cookie for the time left, at least one second', async () => {
    vi.useFakeTimers();
    const { session, storage } = setup();
    await session.login({ name: 'admin', password: 'secret-password' });
    expect(storage.values.get('access_token')?.maxAge).toBe(3600);

    // Values are written again on every change; the cookie then lives for what is left.
    const start = Date.now();
    vi.setSystemTime(start + 1800_000);
    session.setRealmManagement(OTHER_REALM);
    expect(storage.values.get('access_token')?.maxAge).toBe(1800);
    expect(storage.values.get('access_token_expire_date')?.maxAge).toBe(1800);
    vi.setSystemTime(start + 3600_000);
    session.setRealmManagement(MASTER_REALM);
    expect(storage.values.get('access_token')?.maxAge).toBe(1);
  });
});
