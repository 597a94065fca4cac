import type { MailMessage } from '#platform/mail/index.ts';

interface Recipient {
  name: string;
  display_name: string | null;
  email: string;
}

/** The mail with the activation code of a newly registered account. */
export function activationMail(publicUrl: string, user: Recipient, code: string): MailMessage {
  const link = `${publicUrl}/activate?token=${encodeURIComponent(code)}`;
  return {
    to: user.email,
    subject: 'Activate your Federa HUB account',
    text: [
      `Hello ${user.display_name ?? user.name},`,
      '',
      `thank you for registering with Federa HUB. To activate your account "${user.name}", open this link:`,
      '',
      link,
      '',
      'Or enter this activation code:',
      '',
      code,
      '',
      'If you did not register, you can ignore this message.',
      '',
    ].join('\n'),
  };
}

/** The mail with a password reset code, valid for `validMinutes`. */
export function passwordResetMail(
  publicUrl: string,
  user: Recipient & { realm_id: string },
  code: string,
  validMinutes: number,
): MailMessage {
  const query = new URLSearchParams({ name: user.name, realm_id: user.realm_id, token: code });
  return {
    to: user.email,
    subject: 'Reset your Federa HUB password',
    text: [
      `Hello ${user.display_name ?? user.name},`,
      '',
      `someone asked to reset the password of your Federa HUB account "${user.name}".`,
      `To choose a new password, open this link within ${validMinutes} minutes:`,
      '',
      `${publicUrl}/password-reset?${query.toString()}`,
      '',
      'Or enter this code:',
      '',
      code,
      '',
      'If you did not ask for this, you can ignore this message. Your password stays unchanged.',
      '',
    ].join('\n'),
  };
}
