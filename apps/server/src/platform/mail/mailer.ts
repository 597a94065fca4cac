import { ErrorCode } from '@federa/schemas';
import { createTransport } from 'nodemailer';
import { HttpError } from '../http/errors.ts';

/** One plain-text mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; rejects when it did not. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL, with credentials and nodemailer options (`?tls.servername=...`) when needed. */
  smtpUrl: string | undefined;
  /** The sender, `Name <address>` or a bare address. */
  from: string;
}

/**
 * Sends through the configured SMTP server; undefined when none is configured. Mail is sent while a
 * request waits, so the timeouts are far shorter than nodemailer's defaults (minutes): a mail server
 * that does not answer fails the send instead of holding the request.
 */
export function createMailer({ smtpUrl, from }: MailerOptions): Mailer | undefined {
  if (!smtpUrl) return undefined;
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ to, subject, text });
    },
  };
}

/** The mailer, or the 503 every flow that needs mail answers when none is configured. */
export function requireMailer(mailer: Mailer | undefined): Mailer {
  if (!mailer) throw new HttpError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Mail delivery is not configured.');
  return mailer;
}
