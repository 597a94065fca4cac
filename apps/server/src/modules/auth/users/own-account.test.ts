import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { callerWithToken, signIn, type Caller } from '#test/auth-client.ts';

const PASSWORD = 'Own-Account-Passw0rd';
const NEW_PASSWORD = 'Changed-Account-Passw0rd';

interface Session {
  id: string;
  created_at: string;
  expires_at: string;
  client_name: string | null;
  ip_address: string | null;
  user_agent: string | null;
  current: boolean;
}

/** The signed-in user's own password and sessions (the security settings page). */
describe('own account: password and sessions', () => {
  let ctx: TestApp;
  let admin: Caller;
  const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

  const createUser = async (password = PASSWORD) => {
    const name = unique('own');
    const created = await admin.post('/auth/users', { name, password });
    expect(created.statusCode).toBe(201);
    return { id: created.json().id as string, name };
  };
  /** A password-grant sign-in: its access and refresh token, like one browser's session. */
  const grant = async (name: string, password = PASSWORD) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', username: name, password },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { access_token: string; refresh_token: string };
  };
  const refresh = (refreshToken: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
  const sessionsOf = async (caller: Caller) => {
    const response = await caller.get('/auth/users/@me/sessions');
    expect(response.statusCode).toBe(200);
    return response.json().data as Session[];
  };

  beforeAll(async () => {
    ctx = await createTestApp({ ROLES: 'api' });
    admin = await signIn(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('changing the own password', () => {
    it('needs the current password; a wrong or missing one is refused with a stable code', async () => {
      const user = await createUser();
      const self = await signIn(ctx.app, user.name, PASSWORD);
      const change = { password: NEW_PASSWORD, password_repeat: NEW_PASSWORD };

      for (const body of [change, { ...change, password_current: 'Not-The-Passw0rd' }]) {
        const refused = await self.post(`/auth/users/${user.id}`, body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'current_password_invalid',
          message: 'The current password is missing or wrong. It is needed to change your own password.',
          issues: [{ path: 'password_current' }],
        });
      }
      const stillOld = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'password', username: user.name, password: PASSWORD },
      });
      expect(stillOld.statusCode).toBe(200);

      const changed = await self.post(`/auth/users/${user.id}`, { ...change, password_current: PASSWORD });
      expect(changed.statusCode).toBe(202);
      expect(changed.json()).not.toHaveProperty('password_current');
      await grant(user.name, NEW_PASSWORD);
    });

    it('takes a current password as long as any password may be (512 characters)', async () => {
      const long = `Long-Passw0rd-${'x'.repeat(498)}`;
      expect(long).toHaveLength(512);
      const user = await createUser(long);
      const self = await signIn(ctx.app, user.name, long);
      const changed = await self.post(`/auth/users/${user.id}`, {
        password: NEW_PASSWORD,
        password_repeat: NEW_PASSWORD,
        password_current: long,
      });
      expect(changed.statusCode).toBe(202);
      await grant(user.name, NEW_PASSWORD);
    });

    it('stops guessing the current password as it stops guessing at sign-in', async () => {
      const user = await createUser();
      const self = await signIn(ctx.app, user.name, PASSWORD);
      const change = { password: NEW_PASSWORD, password_repeat: NEW_PASSWORD };
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await self.post(`/auth/users/${user.id}`, {
          ...change,
          password_current: `Guess-${attempt}-Passw0rd`,
        });
        expect(wrong.statusCode, `attempt ${attempt}`).toBe(400);
      }
      // The account has used up its attempts: even the right password waits, here and at sign-in.
      const blocked = await self.post(`/auth/users/${user.id}`, { ...change, password_current: PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'too_many_attempts' });
      const signIn429 = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'password', username: user.name, password: PASSWORD },
      });
      expect(signIn429.statusCode).toBe(429);
    });

    it('does not ask an administrator for the password of another user', async () => {
      const user = await createUser();
      const set = await admin.post(`/auth/users/${user.id}`, { password: NEW_PASSWORD });
      expect(set.statusCode).toBe(202);
      await grant(user.name, NEW_PASSWORD);
    });

    it('asks an administrator for their own current password as well', async () => {
      const refused = await admin.post(`/auth/users/${(await admin.get('/auth/users/@me')).json().id}`, {
        password: NEW_PASSWORD,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('current_password_invalid');
    });
  });

  describe('sessions', () => {
    it('lists only the own sessions and marks the current one', async () => {
      const user = await createUser();
      const other = await createUser();
      const first = await grant(user.name);
      const second = await grant(user.name);
      await grant(other.name);

      const sessions = await sessionsOf(callerWithToken(ctx.app, first.access_token));
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
      const seenBySecond = await sessionsOf(callerWithToken(ctx.app, second.access_token));
      expect(seenBySecond.map((session) => session.id).sort()).toEqual(
        sessions.map((session) => session.id).sort(),
      );
      // Each browser sees its own session as the current one.
      expect(seenBySecond.find((session) => session.current)!.id).not.toBe(
        sessions.find((session) => session.current)!.id,
      );
      for (const session of sessions) {
        expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());
        expect(session).not.toHaveProperty('access_token_id');
      }
    });

    it('says where and with which browser each session signed in, and follows a refresh', async () => {
      const user = await createUser();
      const signIn = (userAgent: string, ip: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/token',
          remoteAddress: ip,
          headers: { 'user-agent': userAgent },
          payload: { grant_type: 'password', username: user.name, password: PASSWORD },
        });
      const laptop = (await signIn('Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0', '192.0.2.10')).json();
      await signIn('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1', '198.51.100.7');

      const listed = await sessionsOf(callerWithToken(ctx.app, laptop.access_token));
      expect(
        listed.map(({ ip_address, user_agent, current }) => ({ ip_address, user_agent, current })),
      ).toEqual(
        expect.arrayContaining([
          {
            ip_address: '192.0.2.10',
            user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
            current: true,
          },
          {
            ip_address: '198.51.100.7',
            user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
            current: false,
          },
        ]),
      );

      // The laptop refreshes from another network with a newer browser: its session says so.
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        remoteAddress: '203.0.113.44',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/134.0' },
        payload: { grant_type: 'refresh_token', refresh_token: laptop.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      const after = await sessionsOf(callerWithToken(ctx.app, refreshed.json().access_token));
      expect(after.find((session) => session.current)).toMatchObject({
        ip_address: '203.0.113.44',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/134.0',
      });
      expect(after).toHaveLength(2);
    });

    it('signs out one session: its refresh and access token stop working, the others keep going', async () => {
      const user = await createUser();
      const kept = await grant(user.name);
      const ended = await grant(user.name);
      const keptCaller = callerWithToken(ctx.app, kept.access_token);
      const endedCaller = callerWithToken(ctx.app, ended.access_token);
      const endedId = (await sessionsOf(endedCaller)).find((session) => session.current)!.id;

      const signedOut = await keptCaller.delete(`/auth/users/@me/sessions/${endedId}`);
      expect(signedOut.statusCode).toBe(202);

      expect((await endedCaller.get('/auth/users/@me')).statusCode).toBe(401);
      expect((await refresh(ended.refresh_token)).statusCode).toBe(400);
      expect((await keptCaller.get('/auth/users/@me')).statusCode).toBe(200);
      expect((await refresh(kept.refresh_token)).statusCode).toBe(200);
    });

    it("cannot see or sign out another user's session", async () => {
      const victim = await createUser();
      const attacker = await createUser();
      const victimSession = await grant(victim.name);
      const attackerCaller = callerWithToken(ctx.app, (await grant(attacker.name)).access_token);
      const victimId = (await sessionsOf(callerWithToken(ctx.app, victimSession.access_token)))[0]!.id;

      expect((await sessionsOf(attackerCaller)).map((session) => session.id)).not.toContain(victimId);
      const refused = await attackerCaller.delete(`/auth/users/@me/sessions/${victimId}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('entity_not_found');
      expect((await refresh(victimSession.refresh_token)).statusCode).toBe(200);
    });

    it('signs out everywhere, the current session included', async () => {
      const user = await createUser();
      const bystander = await createUser();
      const first = await grant(user.name);
      const second = await grant(user.name);
      const untouched = await grant(bystander.name);
      const firstCaller = callerWithToken(ctx.app, first.access_token);

      const everywhere = await firstCaller.delete('/auth/users/@me/sessions');
      expect(everywhere.statusCode).toBe(202);
      expect(everywhere.json()).toEqual({ ended: 2 });

      expect((await firstCaller.get('/auth/users/@me')).statusCode).toBe(401);
      expect((await callerWithToken(ctx.app, second.access_token).get('/auth/users/@me')).statusCode).toBe(
        401,
      );
      expect((await refresh(first.refresh_token)).statusCode).toBe(400);
      expect((await refresh(second.refresh_token)).statusCode).toBe(400);
      expect((await refresh(untouched.refresh_token)).statusCode).toBe(200);
    });

    it('needs a signed-in user with a full session', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/auth/users/@me/sessions' });
      expect(anonymous.statusCode).toBe(401);
      const robot = (await admin.post('/auth/robots', { name: unique('robot') })).json();
      const robotToken = await ctx.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'robot_credentials', id: robot.id, secret: robot.secret },
      });
      expect(robotToken.statusCode).toBe(200);
      const asRobot = callerWithToken(ctx.app, robotToken.json().access_token);
      const refused = await asRobot.get('/auth/users/@me/sessions');
      expect(refused.statusCode).toBe(403);
      expect((await asRobot.delete('/auth/users/@me/sessions')).statusCode).toBe(403);
    });
  });
});
