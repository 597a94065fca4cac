import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';
const SCREENSHOTS = process.env.HUB_SCREENSHOTS === '1';

async function screenshot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `/tmp/lists-${name}.png`, fullPage: true });
}

/** The identity lists as an administrator uses them: order, count, page size, search, links. */
describe.skipIf(!browserAvailable())('identity lists in the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;
  const suffix = Date.now().toString(36);
  const userName = `e2e-list-${suffix}`;
  const email = `wile-${suffix}@acme.example`;

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    expect(response.status, path).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const permissionTotal = async () =>
    (await api<{ meta: { total: number } }>('/auth/permissions?page[limit]=1')).meta.total;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const response = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await response.json()) as { access_token: string }).access_token;
    await api('/auth/users', {
      method: 'POST',
      body: JSON.stringify({ name: userName, display_name: 'Wile E. Coyote', email }),
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.destroy();
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const firstName = (table: ReturnType<Page['getByRole']>) =>
    table.getByRole('row').nth(1).getByRole('cell').first();

  async function signIn(page: Page) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/`);
  }

  it('orders by a heading, counts, pages by the chosen size, searches and links each name', async () => {
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/admin/permissions`);
    await heading(page, 'Permissions').waitFor();
    expect(await page.title()).toBe('Permissions · Federa HUB');
    const table = page.getByRole('table', { name: 'Permissions' });
    await table.waitFor();
    const total = await permissionTotal();
    await page.getByText(`${total} permissions`, { exact: true }).waitFor();
    await screenshot(page, 'permissions');
    await expectAccessible(page, 'permission list');

    // The list starts ordered by name; pressing the heading reverses the order.
    const nameHeading = table.getByRole('columnheader', { name: 'Name', exact: true });
    expect(await nameHeading.getAttribute('aria-sort')).toBe('ascending');
    const [last] = (await api<{ data: { name: string }[] }>('/auth/permissions?sort=-name&page[limit]=1'))
      .data;
    await nameHeading.getByRole('button', { name: 'Name' }).click();
    await firstName(table).getByText(last!.name, { exact: true }).waitFor();
    expect(await nameHeading.getAttribute('aria-sort')).toBe('descending');
    // The keyboard orders too: Enter on the focused heading, newest first for a date.
    const created = table.getByRole('columnheader', { name: 'Created', exact: true });
    await created.getByRole('button', { name: 'Created' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document.querySelector('th[aria-sort="descending"]')?.textContent === 'Created' &&
        document.querySelector('table')?.getAttribute('aria-busy') === 'false',
    );
    expect(await nameHeading.getAttribute('aria-sort')).toBe('none');

    // 25 rows a page, remembered for this list after a reload.
    expect(total).toBeGreaterThan(25);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
    await table.getByRole('row').nth(25).waitFor();
    expect(await table.getByRole('row').count()).toBe(26);
    await page.reload();
    await table.getByRole('row').nth(25).waitFor();
    expect(await page.getByRole('combobox', { name: 'Rows per page' }).inputValue()).toBe('25');

    // Users are found by display name and by e-mail address as well.
    await page.goto(`${server.url}/admin/users`);
    const users = page.getByRole('table', { name: 'Users' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('Wile E');
    await users.getByRole('link', { name: userName, exact: true }).waitFor();
    await page.getByText('1 user', { exact: true }).waitFor();
    await search.fill(email.slice(0, 12));
    await users.getByRole('link', { name: userName, exact: true }).waitFor();
    // A focused text field shows a ring as buttons do.
    expect(await search.evaluate((input) => getComputedStyle(input).outlineStyle)).toBe('solid');

    // The name opens the record; its heading takes the focus and names the window.
    await users.getByRole('link', { name: userName, exact: true }).click();
    // A record is headed by its display name.
    await heading(page, 'Wile E. Coyote').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Wile E. Coyote');
    expect(await page.title()).toBe('Wile E. Coyote · Federa HUB');
  }, 120_000);

  it('offers a new robot secret to copy', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/robots/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`e2e-robot-${suffix}`);
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Copy the secret now: it is shown only once.').waitFor();
    const secret = (await dialog.locator('pre').textContent())?.trim();
    await dialog.getByRole('button', { name: 'Copy Secret' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'robot-secret');
    await expectAccessible(page, 'robot secret dialog with copy button');
  }, 60_000);

  it('keeps a time policy for Monday to Friday', async () => {
    const page = await context.newPage();
    const name = `e2e-workdays-${suffix}`;
    await page.goto(`${server.url}/admin/policies/add`);
    const form = page.getByRole('form', { name: 'New policy' });
    await form.getByRole('radio', { name: 'Time', exact: true }).check();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('combobox', { name: 'Interval' }).selectOption('weekly');
    const days = form.getByRole('group', { name: 'Days of the week' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await days.getByRole('checkbox', { name: day }).check();
    }
    await screenshot(page, 'weekdays');
    await expectAccessible(page, 'time policy form with weekdays');
    await form.getByRole('button', { name: 'Create' }).click();
    await heading(page, `Policy: ${name}`).waitFor();
    const stored = page.getByRole('group', { name: 'Days of the week' });
    await stored.getByRole('checkbox', { name: 'Friday' }).and(page.locator(':checked')).waitFor();
    expect(await stored.getByRole('checkbox', { name: 'Saturday' }).isChecked()).toBe(false);
    const [policy] = (await api<{ data: { dayOfWeek: unknown }[] }>(`/auth/policies?filter[name]=${name}`))
      .data;
    expect(policy!.dayOfWeek).toEqual([1, 2, 3, 4, 5]);
  }, 60_000);

  it('counts in German and keeps the actions reachable at 390 px', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/permissions`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const total = await permissionTotal();
    await page.getByText(`${total} Berechtigungen`, { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Zeilen pro Seite' }).waitFor();
    await page.getByRole('columnheader', { name: 'Erstellt' }).waitFor();
    expect(await page.title()).toBe('Berechtigungen · Federa HUB');
    await expectAccessible(page, 'German permission list');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, title] of [
      ['/admin/users', 'Users'],
      ['/admin/permissions', 'Permissions'],
      ['/admin/realms', 'Realms'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await heading(page, title).waitFor();
      const table = page.getByRole('table', { name: title });
      await table.waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      // The open button of the first row is on screen without scrolling the table.
      const open = table
        .getByRole('row')
        .nth(1)
        .getByRole('link', { name: /^Open / });
      const box = await open.boundingBox();
      expect(box, path).not.toBeNull();
      expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
      await screenshot(page, `390${path.replace(/\W+/g, '-')}`);
      await expectAccessible(page, `${path} at 390 px`);
    }
  }, 120_000);
});
