import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSmtpCapture,
  type CapturedMail,
  type SmtpCapture,
} from '../apps/server/src/platform/mail/testing/smtp-capture.ts';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const PASSWORD = 'Analytical-Engine-1';
const NEW_PASSWORD = 'Difference-Engine-2';
const LATEST_PASSWORD = 'Jacquard-Loom-3';
const SCREENSHOTS = process.env.HUB_SCREENSHOTS === '1';

/** axe on a screen, and a screenshot of it in /tmp when HUB_SCREENSHOTS=1. */
async function check(page: Page, screen: string): Promise<void> {
  if (SCREENSHOTS) {
    await page.screenshot({ path: `/tmp/self-service-${screen.replace(/\W+/g, '-')}.png`, fullPage: true });
  }
  await expectAccessible(page, screen);
}

/**
 * The self-service account screens against the real server, whose mails a loopback SMTP server
 * captures: register and activate, forgot and reset the password (in German), change the own
 * password, and end sessions of other browsers.
 */
describe.skipIf(!browserAvailable())('self-service account screens', () => {
  let smtp: SmtpCapture;
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    [server, browser] = await Promise.all([
      startServer({
        env: {
          REGISTRATION_ENABLED: 'true',
          EMAIL_VERIFICATION_ENABLED: 'true',
          PASSWORD_RECOVERY_ENABLED: 'true',
          SMTP_URL: smtp.url,
          SMTP_FROM: 'Federa HUB <no-reply@hub.test>',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.destroy();
    await smtp?.close();
  });

  /** A fresh browser profile, optionally in German, at a path of the web app. */
  async function open(path: string, locale?: 'de'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    if (locale) {
      await context.addInitScript((value) => window.localStorage.setItem('federa.locale', value), locale);
    }
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  /** The link of a captured mail that leads to `path` of the web app. */
  function linkIn(mail: CapturedMail, path: string): string {
    const link = mail.text.split('\n').find((line) => line.startsWith(`${server.url}${path}?`));
    if (!link) throw new Error(`No ${path} link in the mail:\n${mail.text}`);
    return link.trim();
  }

  /** A password field by its whole label (the required mark aside): "Password" is not "Repeat password". */
  const passwordInput = (page: Page, label: string) =>
    page.locator('input').and(page.getByLabel(new RegExp(`^${label}\\s*\\*?$`)));

  async function signIn(page: Page, name: string, password: string) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await passwordInput(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: `${name}: user menu` }).waitFor();
  }

  it('registers from the sign-in page, activates with the mailed link and signs in', async () => {
    const page = await open('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await check(page, 'register');

    await page.getByRole('textbox', { name: 'Name' }).fill('ada');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('ada@example.org');
    await passwordInput(page, 'Password').fill(PASSWORD);
    await passwordInput(page, 'Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    const done = page.getByRole('status').filter({ hasText: 'ada@example.org' });
    await done.waitFor();
    expect(await done.textContent()).toContain('We have sent an e-mail with an activation code');

    // Not active yet: signing in is refused with a message that says why.
    const early = await open('/login');
    await early.getByRole('textbox', { name: 'Name' }).fill('ada');
    await passwordInput(early, 'Password').fill(PASSWORD);
    await early.getByRole('button', { name: 'Login' }).click();
    await early.getByRole('alert').waitFor();

    const mail = await smtp.next();
    expect(mail.to).toEqual(['ada@example.org']);
    await page.goto(linkIn(mail, '/activate'));
    const activated = page.getByRole('status').filter({ hasText: 'Your account ada is active.' });
    await activated.waitFor();
    await check(page, 'activated');

    await signIn(page, 'ada', PASSWORD);
  });

  it('asks for a reset code in German, sets a new password with the mailed link and signs in with it', async () => {
    const page = await open('/login', 'de');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' }).waitFor();
    await check(page, 'password forgot (de)');

    await page.getByRole('textbox', { name: 'Name oder E-Mail-Adresse' }).fill('ada@example.org');
    await page.getByRole('button', { name: 'Code senden' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Falls ein Konto mit diesen Angaben existiert' })
      .waitFor();

    const mail = await smtp.next();
    expect(mail.subject).toBe('Reset your Federa HUB password');
    await page.goto(linkIn(mail, '/password-reset'));
    await page.getByRole('heading', { level: 1, name: 'Neues Passwort wählen' }).waitFor();
    // The link filled in the account and the code; only the new password is left to type.
    expect(await page.getByRole('textbox', { name: 'Name oder E-Mail-Adresse' }).inputValue()).toBe('ada');
    expect(await page.getByRole('textbox', { name: 'Code aus der E-Mail' }).inputValue()).not.toBe('');
    await page.setViewportSize({ width: 390, height: 844 });
    await check(page, 'password reset (de) at 390 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    await passwordInput(page, 'Neues Passwort').fill(NEW_PASSWORD);
    await passwordInput(page, 'Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort festlegen' }).click();
    await page.getByRole('status').filter({ hasText: 'Ihr Passwort wurde geändert.' }).waitFor();
    await check(page, 'password reset done (de)');

    const english = await open('/login');
    await signIn(english, 'ada', NEW_PASSWORD);
  });

  it('changes the own password only with the current one, and signs out another browser', async () => {
    const page = await open('/login');
    await signIn(page, 'ada', NEW_PASSWORD);
    const other = await open('/login');
    await signIn(other, 'ada', NEW_PASSWORD);

    await page.goto(`${server.url}/settings/security`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    const items = sessions.getByRole('listitem');
    const here = items.filter({ hasText: 'This browser' });
    // The browser of the previous test, this one and the other one; the list is oldest first.
    await items.nth(2).waitFor();
    expect(await items.count()).toBe(3);
    await here.waitFor();
    const elsewhere = items.last();
    expect(await elsewhere.textContent()).not.toContain('This browser');
    // Each session says with what and from where it signed in.
    expect(await here.textContent()).toContain('Chrome on Linux · IP address: 127.0.0.1');
    await check(page, 'security settings');

    const current = passwordInput(page, 'Current password');
    await current.fill('Not-My-Passw0rd');
    await passwordInput(page, 'Password').fill(LATEST_PASSWORD);
    await passwordInput(page, 'Repeat password').fill(LATEST_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is missing or wrong.', { exact: false }).waitFor();
    // The message is the field's description, so a screen reader reads it with the field.
    const described = await current.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('Your current password is missing or wrong.');

    await current.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The password was changed.').waitFor();

    // Sign out the other browser: it is sent to the sign-in page on its next step.
    await elsewhere.getByRole('button', { name: /^Sign out the session of Federa HUB/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This session is signed out at once.').waitFor();
    await check(page, 'sign out session dialog');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('The session was signed out.').waitFor();
    await items.nth(2).waitFor({ state: 'detached' });
    expect(await items.count()).toBe(2);
    await here.waitFor();
    await other.goto(`${server.url}/settings/security`);
    await other.getByRole('heading', { level: 1, name: 'Login' }).waitFor();

    // Everywhere, this browser included.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.goto(`${server.url}/settings/security`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();

    await signIn(page, 'ada', LATEST_PASSWORD);
  });
});
