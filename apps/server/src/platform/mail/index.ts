export { createMailer, requireMailer, type Mailer, type MailerOptions, type MailMessage } from './mailer.ts';
