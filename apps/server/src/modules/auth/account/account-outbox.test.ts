import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { dyingAfterCommit, sweepAfterCrash, undelivered } from '#platform/events/outbox.test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '#platform/mail/testing/smtp-capture.ts';
import { telemetryEvents } from '#modules/telemetry/db/events.ts';
import { users } from '../db/identity.ts';

/** The code in a mailed link, e.g. `.../activate?token=<code>`. */
const codeIn = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

/*
 * The self-service account writes store their announcements with their change
 * (docs/decisions/0100-transactional-outbox.md): a process that dies right after the commit still
 * has the change announced and audited, by the sweep of a living one.
 */
describe('account self-service through the outbox', () => {
  let smtp: SmtpCapture;
  let smtpClosed = false;
  let ctx: TestApp;
  const post = (url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, payload });
  const userId = async (name: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.name, name)))[0]?.id;
  const auditOf = (refId: string) =>
    ctx.database.db
      .select()
      .from(telemetryEvents)
      .where(eq(telemetryEvents.ref_id, refId))
      .orderBy(telemetryEvents.created_at);
  /** The user events waiting in the outbox for one account. */
  const waiting = async (id: string) =>
    (await undelivered(ctx.database.db, 'user')).filter((event) => event.data.id === id);
  /** A living process delivers what the dead one stored; the audit trail records it. */
  const sweep = async () => {
    expect(await sweepAfterCrash(ctx.database.db, ctx.app.outbox)).toBeGreaterThanOrEqual(1);
    await ctx.app.telemetry.flush();
  };

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
    if (!smtpClosed) await smtp.close();
  });

  it('announces a registration, an activation and a password reset whose process died after the commit', async () => {
    const registered = await dyingAfterCommit(ctx.app.outbox, () =>
      post('/auth/users/register', {
        name: 'grace',
        email: 'grace@example.org',
        password: 'Compiler-A0-1952',
      }),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().id as string;
    const [created] = await waiting(id);
    expect(created).toMatchObject({ event: 'created', data: { name: 'grace', active: false } });
    // What waits in the outbox is what the users API shows: no address, no hashes.
    expect(created!.data).not.toHaveProperty('email');
    expect(created!.data).not.toHaveProperty('password');
    expect(created!.data).not.toHaveProperty('activate_hash');
    expect(await auditOf(id)).toEqual([]);
    await sweep();
    expect((await auditOf(id)).map((event) => event.name)).toEqual(['created']);

    const activationCode = codeIn((await smtp.next()).text);
    const activated = await dyingAfterCommit(ctx.app.outbox, () =>
      post('/auth/users/activate', { token: activationCode }),
    );
    expect(activated.statusCode, activated.body).toBe(202);
    expect(await waiting(id)).toEqual([
      expect.objectContaining({ event: 'updated', data: expect.objectContaining({ active: true }) }),
    ]);
    await sweep();

    expect((await post('/auth/users/password-forgot', { name: 'grace' })).statusCode).toBe(202);
    const resetCode = codeIn((await smtp.next()).text);
    const reset = await dyingAfterCommit(ctx.app.outbox, () =>
      post('/auth/users/password-reset', { name: 'grace', token: resetCode, password: 'Cobol-Passw0rd-59' }),
    );
    expect(reset.statusCode, reset.body).toBe(202);
    expect(await waiting(id)).toEqual([expect.objectContaining({ event: 'updated' })]);
    await sweep();
    expect((await auditOf(id)).map((event) => event.name)).toEqual(['created', 'updated', 'updated']);
    expect(await waiting(id)).toEqual([]);
  });

  it('announces the removal of an account whose activation mail could not be sent', async () => {
    // The mail server is gone: the registration is undone and answered 503.
    await smtp.close();
    smtpClosed = true;
    const refused = await post('/auth/users/register', {
      name: 'hopper',
      email: 'hopper@example.org',
      password: 'Compiler-A0-1952',
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(await userId('hopper')).toBeUndefined();
    await ctx.app.outbox.flush();
    await ctx.app.telemetry.flush();
    const removed = await ctx.database.db
      .select()
      .from(telemetryEvents)
      .where(and(eq(telemetryEvents.ref_type, 'user'), eq(telemetryEvents.name, 'deleted')));
    expect(removed).toHaveLength(1);
    // The account was announced with its creation, so its removal is announced too.
    expect((await auditOf(removed[0]!.ref_id!)).map((event) => event.name)).toEqual(['created', 'deleted']);
  });
});
