import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, expectAccessible } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';

describe.skipIf(!browserAvailable())('signing in to the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.destroy();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A fresh browser profile (no cookies, no remembered language) at a path. */
  async function open(path: string): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${decodeURIComponent(url.search)}`;
  };
  const loginHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Login' });
  const nameField = (page: Page) => page.getByRole('textbox', { name: 'Name' });
  const passwordField = (page: Page) =>
    page.getByLabel('Password', { exact: false }).and(page.locator('input'));

  async function signIn(page: Page, password = ADMIN_PASSWORD) {
    await nameField(page).fill('admin');
    await passwordField(page).fill(password);
    await passwordField(page).press('Enter');
  }

  it('guards /admin/users, refuses a wrong password, signs in, survives a reload and logs out', async () => {
    const page = await open('/admin/users');
    await loginHeading(page).waitFor();
    expect(pathOf(page)).toBe('/login?redirect=/admin/users');

    await signIn(page, 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The user credentials are invalid.');
    expect(pathOf(page)).toBe('/login?redirect=/admin/users');

    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(pathOf(page)).toBe('/admin/users');
    const sideMenu = page.getByRole('navigation', { name: 'Section menu' });
    expect(await sideMenu.getByRole('link').allTextContents()).toEqual([
      'Realms',
      'Identity Providers',
      'Robots',
      'Users',
      'Roles',
      'Policies',
      'Permissions',
      'Clients',
      'Scopes',
      'Events',
      'Nodes',
      'Services',
    ]);
    const userMenu = page.getByRole('button', { name: 'admin: user menu' });
    expect(await userMenu.isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Managed realm' }).inputValue()).toBe('master');

    // The session lives in cookies the server can read too.
    const cookies = await context!.cookies();
    const accessCookie = cookies.find((cookie) => cookie.name === 'access_token');
    expect(accessCookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expect(accessCookie!.expires - Date.now() / 1000).toBeGreaterThan(3500);
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual([
      'access_token',
      'access_token_expire_date',
      'realm',
      'realm_management',
      'refresh_token',
      'user',
    ]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(pathOf(page)).toBe('/admin/users');
    expect(await page.getByRole('button', { name: 'admin: user menu' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'admin: user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await loginHeading(page).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect((await context!.cookies()).map((cookie) => cookie.name)).toEqual([]);

    await page.goto(`${server.url}/admin/users`);
    await loginHeading(page).waitFor();
    expect(pathOf(page)).toBe('/login?redirect=/admin/users');
  });

  it('shows German validation messages', async () => {
    const page = await open('/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('ab');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByText('Dieses Feld muss mindestens 3 Zeichen lang sein').waitFor();
    expect(await page.getByText('Dieses Feld ist ein Pflichtfeld').isVisible()).toBe(true);
  });

  it('has no serious or critical accessibility violations on the login page', async () => {
    const page = await open('/login');
    await loginHeading(page).waitFor();
    await expectAccessible(page, 'empty form');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('This field is required').first().waitFor();
    await expectAccessible(page, 'with validation messages');
    await signIn(page, 'not-the-password');
    await page.getByRole('alert').waitFor();
    await expectAccessible(page, 'with the server error');
  });
});
