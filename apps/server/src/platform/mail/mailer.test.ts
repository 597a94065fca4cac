import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { createMailer, requireMailer } from './mailer.ts';
import { startSmtpCapture, type SmtpCapture } from './testing/smtp-capture.ts';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer', () => {
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());

  it('delivers a plain-text mail from the configured sender over SMTP', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Federa HUB <no-reply@hub.test>' })!;
    const line = `A line longer than seventy-six characters, so that it is encoded: ${'x'.repeat(40)} = done`;
    await mailer.send({ to: 'ada@example.org', subject: 'Hello', text: `Hello Ada,\n\n${line}\n` });

    const mail = await smtp.next();
    expect(mail.from).toBe('no-reply@hub.test');
    expect(mail.to).toEqual(['ada@example.org']);
    expect(mail.subject).toBe('Hello');
    expect(mail.headers.from).toBe('Federa HUB <no-reply@hub.test>');
    expect(mail.headers['content-type']).toMatch(/^text\/plain/);
    expect(mail.text).toContain(line);
  });

  it('rejects when the mail server cannot be reached', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: 'hub@example.org',
    })!;
    await expect(mailer.send({ to: 'ada@example.org', subject: 'Hello', text: 'Hello' })).rejects.toThrow();
  });

  it('is absent without an SMTP URL, and the flows that need it answer 503', () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'hub@example.org' });
    expect(mailer).toBeUndefined();
    let error: unknown;
    try {
      requireMailer(mailer);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      message: 'Mail delivery is not configured.',
    });
  });
});
