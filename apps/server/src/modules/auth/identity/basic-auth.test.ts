import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

const basic = (name: string, secret: string) =>
  `Basic ${Buffer.from(`${name}:${secret}`, 'utf8').toString('base64')}`;

describe('HTTP Basic authentication of API requests (USER_/ROBOT_/CLIENT_AUTH_BASIC)', () => {
  let ctx: TestApp;
  let admin: Caller;
  let robot: { id: string; name: string; secret: string };
  let client: { id: string; name: string; secret: string };

  const get = (url: string, authorization: string) => ctx.app.inject({ url, headers: { authorization } });

  beforeAll(async () => {
    ctx = await createTestApp({
      USER_AUTH_BASIC: 'true',
      ROBOT_AUTH_BASIC: 'true',
      CLIENT_AUTH_BASIC: 'true',
    });
    admin = await signIn(ctx.app);
    robot = (await admin.post('/auth/robots', { name: 'basic-robot' })).json();
    client = (await admin.post('/auth/clients', { name: 'basic-client', is_confidential: true })).json();
  });
  afterAll(() => ctx.close());

  it('authenticates a user by name and password, with the permissions of a signed-in user', async () => {
    const me = await get('/auth/users/@me', basic('admin', TEST_ADMIN_PASSWORD));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'admin', realm_name: 'master' });
    const users = await get('/auth/users', basic('admin', TEST_ADMIN_PASSWORD));
    expect(users.statusCode).toBe(200);
    expect(users.json().meta.total).toBeGreaterThanOrEqual(1);
  });

  it('authenticates a robot by name or id and secret', async () => {
    for (const name of [robot.name, robot.id]) {
      const own = await get(`/auth/robots/${robot.id}`, basic(name, robot.secret));
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id: robot.id, name: 'basic-robot' });
    }
    // Signed in as a robot, not as a user: there is no profile.
    const me = await get('/auth/users/@me', basic(robot.name, robot.secret));
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('insufficient_scope');
  });

  it('authenticates a confidential client by name and secret', async () => {
    const me = await get('/auth/users/@me', basic(client.name, client.secret));
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: 'insufficient_scope', message: 'Only a user has a profile.' });
    const wrong = await get('/auth/users/@me', basic(client.name, `${client.secret}x`));
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses wrong credentials with 401 invalid_credentials and a Basic challenge, never anonymously', async () => {
    for (const authorization of [
      basic('admin', 'wrong-password'),
      basic('nobody', TEST_ADMIN_PASSWORD),
      basic(robot.name, 'not-the-secret'),
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
    ]) {
      const response = await get('/auth/realms', authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'invalid_credentials',
        message: 'The credentials are invalid.',
      });
      expect(response.headers['www-authenticate']).toBe('Basic realm="Federa HUB", charset="UTF-8"');
    }
  });

  it('stops accepting a secret as soon as it is replaced, although it was verified before', async () => {
    const other = (await admin.post('/auth/robots', { name: 'rotating-robot' })).json();
    expect((await get(`/auth/robots/${other.id}`, basic(other.name, other.secret))).statusCode).toBe(200);
    const rotated = await admin.post(`/auth/robots/${other.id}`, { secret: 'the-new-robot-secret' });
    expect(rotated.statusCode).toBe(202);
    expect((await get(`/auth/robots/${other.id}`, basic(other.name, other.secret))).statusCode).toBe(401);
    expect(
      (await get(`/auth/robots/${other.id}`, basic(other.name, 'the-new-robot-secret'))).statusCode,
    ).toBe(200);
  });

  it('refuses an inactive account', async () => {
    const other = (await admin.post('/auth/robots', { name: 'inactive-robot' })).json();
    expect((await admin.post(`/auth/robots/${other.id}`, { active: false })).statusCode).toBe(202);
    const response = await get(`/auth/robots/${other.id}`, basic(other.name, other.secret));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('entity_inactive');
  });

  it('counts failures against the sign-in throttle, so Basic is no way around it', async () => {
    const user = await admin.post('/auth/users', { name: 'basic-throttled', password: 'Basic-Passw0rd' });
    expect(user.statusCode).toBe(201);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await get('/auth/users/@me', basic('basic-throttled', `wrong-${attempt}`))).statusCode).toBe(
        401,
      );
    }
    const blocked = await get('/auth/users/@me', basic('basic-throttled', 'Basic-Passw0rd'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    // The token endpoint shares the counter.
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username: 'basic-throttled', password: 'Basic-Passw0rd' },
    });
    expect(token.statusCode).toBe(429);
  });
});

describe('HTTP Basic authentication where it is not enabled', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
    // On PostgreSQL, closing an app that never served a request takes minutes (the realtime
    // emitter's adapter); a sign-in, as in every other suite, avoids that.
    await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('is refused as an unsupported header type by default', async () => {
    const response = await ctx.app.inject({
      url: '/auth/users/@me',
      headers: { authorization: basic('admin', TEST_ADMIN_PASSWORD) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('unsupported_auth_header_type');
    expect(response.headers['www-authenticate']).toBe(
      'Bearer realm="Federa HUB", error="invalid_request", error_description="The authorization header type is not supported."',
    );
  });
});

describe('HTTP Basic authentication enabled for robots only', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ ROBOT_AUTH_BASIC: 'on' });
  });
  afterAll(() => ctx.close());

  it('accepts only the kinds of identity it is enabled for', async () => {
    const admin = await signIn(ctx.app);
    const robot = (await admin.post('/auth/robots', { name: 'only-robot' })).json();
    const asUser = await ctx.app.inject({
      url: '/auth/users/@me',
      headers: { authorization: basic('admin', TEST_ADMIN_PASSWORD) },
    });
    expect(asUser.statusCode).toBe(401);
    expect(asUser.json().code).toBe('invalid_credentials');
    const asRobot = await ctx.app.inject({
      url: `/auth/robots/${robot.id}`,
      headers: { authorization: basic(robot.name, robot.secret) },
    });
    expect(asRobot.statusCode).toBe(200);
  });
});
