import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '#test/app.ts';
import {
  startSmtpCapture,
  type CapturedMail,
  type SmtpCapture,
} from '#platform/mail/testing/smtp-capture.ts';
import { users } from '../db/identity.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The code in a mailed link, e.g. `.../activate?token=<code>`. */
function codeIn(mail: CapturedMail): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`No code in the mail:\n${mail.text}`);
  return match[1]!;
}

/** Requests against one app; every response is kept, to check later that no code ever appears in one. */
function client(ctx: () => TestApp, responses: LightMyRequestResponse[] = []) {
  const post = async (
    url: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const response = await ctx().app.inject({ method: 'POST', url, payload, headers });
    responses.push(response);
    return response;
  };
  return {
    responses,
    post,
    register: (payload: Record<string, unknown>) => post('/auth/users/register', payload),
    activate: (token: string) => post('/auth/users/activate', { token }),
    forgot: (payload: Record<string, unknown>) => post('/auth/users/password-forgot', payload),
    reset: (payload: Record<string, unknown>) => post('/auth/users/password-reset', payload),
    login: (username: string, password: string) =>
      post('/auth/token', { grant_type: 'password', username, password }),
  };
}

describe('account flows with mail', () => {
  let smtp: SmtpCapture;
  let ctx: TestApp;
  const api = client(() => ctx);
  const mailedCodes: string[] = [];
  const userRow = async (name: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.name, name)))[0]!;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp({
      ROLES: 'api',
      REGISTRATION_ENABLED: 'true',
      EMAIL_VERIFICATION_ENABLED: 'true',
      PASSWORD_RECOVERY_ENABLED: 'true',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Federa HUB <no-reply@hub.test>',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  describe('registration with e-mail verification', () => {
    it('creates an inactive account, mails an activation code and activates it once', async () => {
      const registered = await api.register({
        name: 'ada',
        email: 'ada@example.org',
        password: 'Analytical-Engine-1',
      });
      expect(registered.statusCode).toBe(201);
      const body = registered.json();
      expect(body).toMatchObject({ name: 'ada', display_name: 'ada', active: false });
      expect(body).not.toHaveProperty('password');
      expect(body).not.toHaveProperty('activate_hash');
      expect(body).not.toHaveProperty('email');

      const mail = await smtp.next();
      expect(mail.to).toEqual(['ada@example.org']);
      expect(mail.headers.from).toBe('Federa HUB <no-reply@hub.test>');
      expect(mail.subject).toBe('Activate your Federa HUB account');
      expect(mail.text).toContain('Hello ada,');
      const code = codeIn(mail);
      mailedCodes.push(code);
      expect(mail.text).toContain(`http://hub.test/activate?token=${code}`);

      // Only the hash of the code is stored.
      const stored = await userRow('ada');
      expect(stored.activate_hash).toBe(sha256(code));
      expect(stored.password).toMatch(/^\$argon2id\$/);

      const early = await api.login('ada', 'Analytical-Engine-1');
      expect(early.statusCode).toBe(400);
      expect(early.json().code).toBe('entity_inactive');

      const wrong = await api.activate('not-the-code');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'invalid_token',
        message: 'The activation code is invalid or has already been used.',
      });

      const activated = await api.activate(code);
      expect(activated.statusCode).toBe(202);
      expect(activated.json()).toMatchObject({ name: 'ada', active: true });
      expect((await userRow('ada')).activate_hash).toBeNull();
      expect((await api.login('ada', 'Analytical-Engine-1')).statusCode).toBe(200);

      const again = await api.activate(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('invalid_token');
    });

    it('validates the registration', async () => {
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ name: 'weak', email: 'weak@example.org', password: 'password' }, 400, 'validation_failed'],
        [{ name: 'ada', email: 'other@example.org', password: 'Analytical-Engine-1' }, 409, 'conflict'],
        [{ name: 'ada2', email: 'ADA@example.org', password: 'Analytical-Engine-1' }, 409, 'conflict'],
        [
          { name: 'system-x', email: 'sys@example.org', password: 'Analytical-Engine-1' },
          400,
          'validation_failed',
        ],
        [
          { name: 'eve', email: 'eve@example.org', password: 'Analytical-Engine-1', active: true },
          400,
          'validation_failed',
        ],
        [{ name: 'eve', email: 'not-an-address', password: 'Analytical-Engine-1' }, 400, 'validation_failed'],
        [
          { name: 'eve', email: 'eve@example.org', password: 'Analytical-Engine-1', realm_id: 'nowhere' },
          400,
          'bad_request',
        ],
      ];
      for (const [payload, status, code] of cases) {
        const response = await api.register(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(status);
        expect(response.json().code).toBe(code);
      }
      expect(
        await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.name, 'eve')),
      ).toEqual([]);
    });

    it('serves the static user routes beside the users resource', async () => {
      const admin = (await api.login('admin', TEST_ADMIN_PASSWORD)).json().access_token as string;
      const ada = await userRow('ada');
      const update = await api.post(
        `/auth/users/${ada.id}`,
        { display_name: 'Ada Lovelace' },
        { authorization: `Bearer ${admin}` },
      );
      expect(update.statusCode).toBe(202);
      expect(update.json().display_name).toBe('Ada Lovelace');
    });
  });

  describe('password recovery', () => {
    it('answers the same whether or not the account exists, and mails only existing accounts', async () => {
      const before = smtp.messages.length;
      const answers = [];
      for (const payload of [
        { name: 'nobody' },
        { email: 'nobody@example.org' },
        { name: 'ada', realm_id: 'no-such-realm' },
        { name: 'ada' },
      ]) {
        const response = await api.forgot(payload);
        answers.push({ status: response.statusCode, body: response.body });
      }
      for (const answer of answers) expect(answer).toEqual(answers[answers.length - 1]);
      expect(answers[0]!.status).toBe(202);

      const mail = await smtp.next();
      expect(mail.to).toEqual(['ada@example.org']);
      expect(smtp.messages.length).toBe(before + 1);
      mailedCodes.push(codeIn(mail));
    });

    it('resets the password with the mailed code once, and ends every session of the account', async () => {
      const session = (await api.login('ada', 'Analytical-Engine-1')).json() as {
        access_token: string;
        refresh_token: string;
      };
      expect((await api.forgot({ email: 'Ada@Example.org' })).statusCode).toBe(202);
      const mail = await smtp.next();
      expect(mail.subject).toBe('Reset your Federa HUB password');
      expect(mail.text).toContain('within 60 minutes');
      const code = codeIn(mail);
      mailedCodes.push(code);
      const ada = await userRow('ada');
      expect(mail.text).toContain(
        `http://hub.test/password-reset?name=ada&realm_id=${ada.realm_id}&token=${code}`,
      );
      expect(ada.reset_hash).toBe(sha256(code));
      expect(Date.parse(ada.reset_expires!) - Date.now()).toBeGreaterThan(59 * 60_000);

      const weak = await api.reset({ name: 'ada', token: code, password: 'weakpass' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().code).toBe('validation_failed');
      const wrongCode = await api.reset({ name: 'ada', token: 'not-the-code', password: 'New-Passw0rd-2' });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json()).toMatchObject({ code: 'invalid_token' });
      const wrongAccount = await api.reset({ name: 'admin', token: code, password: 'New-Passw0rd-2' });
      expect(wrongAccount.json().code).toBe('invalid_token');

      const reset = await api.reset({
        name: 'ada',
        token: code,
        password: 'New-Passw0rd-2',
        password_repeat: 'New-Passw0rd-2',
      });
      expect(reset.statusCode).toBe(202);
      expect((await userRow('ada')).reset_hash).toBeNull();

      expect((await api.login('ada', 'Analytical-Engine-1')).statusCode).toBe(400);
      expect((await api.login('ada', 'New-Passw0rd-2')).statusCode).toBe(200);
      const refresh = await api.post('/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: session.refresh_token,
      });
      expect(refresh.statusCode).toBe(400);
      const me = await ctx.app.inject({
        url: '/auth/users/@me',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(me.statusCode).toBe(401);

      const reuse = await api.reset({ name: 'ada', token: code, password: 'Third-Passw0rd-3' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().code).toBe('invalid_token');
    });

    it('accepts only the latest code, and not after it expired', async () => {
      await api.forgot({ name: 'ada' });
      const first = codeIn(await smtp.next());
      await api.forgot({ name: 'ada' });
      const second = codeIn(await smtp.next());
      mailedCodes.push(first, second);
      expect((await api.reset({ name: 'ada', token: first, password: 'Third-Passw0rd-3' })).json().code).toBe(
        'invalid_token',
      );

      await ctx.database.db
        .update(users)
        .set({ reset_expires: new Date(Date.now() - 1000).toISOString() })
        .where(eq(users.name, 'ada'));
      const expired = await api.reset({
        email: 'ada@example.org',
        token: second,
        password: 'Third-Passw0rd-3',
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'expired_token' });
      expect((await api.login('ada', 'New-Passw0rd-2')).statusCode).toBe(200);
    });
  });

  it('never returns a mailed code or its hash in a response', () => {
    expect(mailedCodes.length).toBeGreaterThanOrEqual(5);
    for (const response of api.responses) {
      for (const code of mailedCodes) {
        expect(response.body).not.toContain(code);
        expect(response.body).not.toContain(sha256(code));
      }
    }
  });
});

describe('account flows when disabled or without mail', () => {
  let off: TestApp;
  let withoutMail: TestApp;
  let registrationOnly: TestApp;
  const offApi = client(() => off);
  const withoutMailApi = client(() => withoutMail);
  const registrationOnlyApi = client(() => registrationOnly);

  beforeAll(async () => {
    off = await createTestApp({ ROLES: 'api' });
    withoutMail = await createTestApp({
      ROLES: 'api',
      REGISTRATION_ENABLED: 'true',
      EMAIL_VERIFICATION_ENABLED: 'true',
      PASSWORD_RECOVERY_ENABLED: 'true',
    });
    registrationOnly = await createTestApp({ ROLES: 'api', REGISTRATION_ENABLED: 'true' });
  });
  afterAll(async () => {
    await Promise.all([off.close(), withoutMail.close(), registrationOnly.close()]);
  });

  it('answers 403 feature_disabled for every flow by default, whatever the body', async () => {
    const responses = [
      await offApi.register({ name: 'ada', email: 'ada@example.org', password: 'Analytical-Engine-1' }),
      await offApi.register({}),
      await offApi.activate('some-code'),
      await offApi.forgot({ name: 'admin' }),
      await offApi.reset({ name: 'admin', token: 'x', password: 'New-Passw0rd-2' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('feature_disabled');
      expect(response.json().message).toMatch(/is not enabled on this server\.$/);
    }
  });

  it('answers 503 for the flows that need mail when no SMTP server is configured, and creates nothing', async () => {
    const register = await withoutMailApi.register({
      name: 'ada',
      email: 'ada@example.org',
      password: 'Analytical-Engine-1',
    });
    expect(register.statusCode).toBe(503);
    expect(register.json()).toMatchObject({
      code: 'service_unavailable',
      message: 'Mail delivery is not configured.',
    });
    expect(await withoutMail.database.db.select().from(users).where(eq(users.name, 'ada'))).toEqual([]);

    for (const payload of [{ name: 'admin' }, { name: 'nobody' }]) {
      const forgot = await withoutMailApi.forgot(payload);
      expect(forgot.statusCode).toBe(503);
      expect(forgot.json().code).toBe('service_unavailable');
    }
  });

  it('tells anybody which flows are enabled, so the sign-in page links only those', async () => {
    const features = async (app: TestApp) => {
      const response = await app.app.inject({ method: 'GET', url: '/auth/account-features' });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await features(off)).toEqual({
      registration: false,
      email_verification: false,
      password_recovery: false,
    });
    expect(await features(registrationOnly)).toEqual({
      registration: true,
      email_verification: false,
      password_recovery: false,
    });
    expect(await features(withoutMail)).toEqual({
      registration: true,
      email_verification: true,
      password_recovery: true,
    });
  });

  it('creates an active account at once without e-mail verification; the other flows stay off', async () => {
    const registered = await registrationOnlyApi.register({
      name: 'grace',
      email: 'grace@example.org',
      password: 'Compiler-Pioneer-1',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ name: 'grace', active: true });
    expect((await registrationOnlyApi.login('grace', 'Compiler-Pioneer-1')).statusCode).toBe(200);

    expect((await registrationOnlyApi.activate('some-code')).json().code).toBe('feature_disabled');
    expect((await registrationOnlyApi.forgot({ name: 'grace' })).json().code).toBe('feature_disabled');
  });

  it('limits how often one address may register', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await registrationOnlyApi.register({ name: `x${attempt}` })).statusCode);
    }
    // One registration happened in the test before; the limit is 10 a minute.
    expect(statuses.filter((status) => status === 429)).not.toHaveLength(0);
    expect(statuses.at(-1)).toBe(429);
  });
});
