import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import { signIn, type Caller } from '#test/auth-client.ts';

/**
 * The sign-in lock-out counts per resolved account: naming it by name or id, with a realm by name or
 * id or without one, and over the token endpoint or HTTP Basic, all draw on one budget of five.
 */
describe('sign-in lock-out per account, whatever form the request takes', () => {
  let ctx: TestApp;
  let admin: Caller;
  let masterId: string;
  // Every attempt comes from another address, so only the account's own budget can refuse it.
  let address = 0;
  const nextAddress = () => `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

  const token = (payload: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/auth/token', remoteAddress: nextAddress(), payload, headers });

  beforeAll(async () => {
    ctx = await createTestApp({
      USER_AUTH_BASIC: 'true',
      ROBOT_AUTH_BASIC: 'true',
      CLIENT_AUTH_BASIC: 'true',
      TOKEN_RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_PER_MINUTE_ANONYMOUS: '0',
    });
    admin = await signIn(ctx.app);
    masterId = (await admin.get('/auth/realms/master')).json().id;
  });
  afterAll(() => ctx.close());

  it('locks a user out for every spelling of the account after five failures with one', async () => {
    await admin.post('/auth/users', { name: 'lock-me', password: 'Right-Passw0rd!' });
    const user = (await admin.get('/auth/users?filter[name]=lock-me')).json().data[0];
    for (let index = 0; index < 5; index += 1) {
      const failed = await token({
        grant_type: 'password',
        username: 'lock-me',
        password: `wrong-${index}`,
        realm_name: 'master',
      });
      expect(failed.statusCode).toBe(400);
    }
    const spellings: Array<Record<string, string>> = [
      { username: 'lock-me' },
      { username: user.id },
      { username: user.id, realm_id: masterId },
      { username: 'lock-me', realm_id: masterId },
    ];
    for (const spelling of spellings) {
      const response = await token({ grant_type: 'password', password: 'Right-Passw0rd!', ...spelling });
      expect(response.statusCode, JSON.stringify(spelling)).toBe(429);
      expect(response.json()).toMatchObject({ statusCode: 429, code: 'too_many_attempts' });
    }
    const basic = await ctx.app.inject({
      url: '/auth/users/@me',
      remoteAddress: nextAddress(),
      headers: { authorization: `Basic ${Buffer.from(`${user.id}:Right-Passw0rd!`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(429);
    // Another account keeps its own budget.
    expect((await token({ username: 'admin', password: TEST_ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('counts failures over HTTP Basic against the same budget', async () => {
    await admin.post('/auth/users', { name: 'basic-guess', password: 'Right-Passw0rd!' });
    for (let index = 0; index < 5; index += 1) {
      const failed = await ctx.app.inject({
        url: '/auth/users/@me',
        remoteAddress: nextAddress(),
        headers: { authorization: `Basic ${Buffer.from(`basic-guess:wrong-${index}`).toString('base64')}` },
      });
      expect(failed.statusCode).toBe(401);
    }
    const right = await token({
      grant_type: 'password',
      username: 'basic-guess',
      password: 'Right-Passw0rd!',
    });
    expect(right.statusCode).toBe(429);
  });

  it('locks a robot out whether it is named by name or id, with or without realm', async () => {
    const robot = (await admin.post('/auth/robots', { name: 'lock-robot' })).json();
    for (let index = 0; index < 5; index += 1) {
      const failed = await token({
        grant_type: 'robot_credentials',
        id: 'lock-robot',
        secret: `wrong-${index}`,
        realm_id: 'master',
      });
      expect(failed.statusCode).toBe(400);
    }
    const byId = await token({ grant_type: 'robot_credentials', id: robot.id, secret: robot.secret });
    expect(byId.statusCode).toBe(429);
    const byName = await token({ grant_type: 'robot_credentials', id: 'lock-robot', secret: robot.secret });
    expect(byName.statusCode).toBe(429);
  });

  it('locks a client out whether it is named by name or id, in the body or over Basic', async () => {
    const client = (await admin.post('/auth/clients', { name: 'lock-client', is_confidential: true })).json();
    for (let index = 0; index < 5; index += 1) {
      const failed = await token({
        grant_type: 'client_credentials',
        client_id: 'lock-client',
        client_secret: `wrong-${index}`,
        realm_name: 'master',
      });
      expect(failed.statusCode).toBe(401);
    }
    const byId = await token({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.secret,
    });
    expect(byId.statusCode).toBe(429);
    const basic = await token(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}` },
    );
    expect(basic.statusCode).toBe(429);
  });

  it('counts failures per address even for names that do not exist', async () => {
    const attempt = (username: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        remoteAddress: '192.0.2.77',
        payload: { grant_type: 'password', username, password },
      });
    for (let index = 0; index < 30; index += 1) {
      expect((await attempt(`ghost-${index}`, 'guess')).statusCode).toBe(400);
    }
    expect((await attempt('admin', TEST_ADMIN_PASSWORD)).statusCode).toBe(429);
  });
});
