import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, expectAccessible } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';

describe.skipIf(!browserAvailable())('identity administration in the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const suffix = Date.now().toString(36);
  const realmName = `e2e-realm-${suffix}`;
  const roleName = `e2e-role-${suffix}`.slice(0, 30);
  const userName = `e2e-user-${suffix}`;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.destroy();
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

  async function signIn(page: Page) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.url}/`);
  }

  it('creates a realm, a role and a user, assigns the role, and a second page sees the user live', async () => {
    const page = await context.newPage();
    await signIn(page);

    // Realm
    await page.goto(`${server.url}/admin/realms`);
    await page.getByRole('table', { name: 'Realms' }).waitFor();
    await expectAccessible(page, 'realm list');
    await page.getByRole('link', { name: 'Add' }).click();
    const realmNameField = page.getByRole('textbox', { name: 'Name', exact: true });
    // A generated name is offered first.
    expect(await realmNameField.inputValue()).toMatch(/^[a-z0-9]{21}$/);
    await expectAccessible(page, 'realm form');
    await realmNameField.fill(realmName);
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, realmName).waitFor();

    // Role (in the managed realm, master)
    await page.goto(`${server.url}/admin/roles/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(roleName);
    await page.getByRole('textbox', { name: 'Description' }).fill('abc');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('This field should be at least 5 characters long').waitFor();
    await expectAccessible(page, 'role form with validation messages');
    await page.getByRole('textbox', { name: 'Description' }).fill('Role of the browser test');
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, roleName).waitFor();

    // A second page with the user list stays open while the user is created.
    const watcher = await context.newPage();
    await watcher.goto(`${server.url}/admin/users`);
    const watchedList = watcher.getByRole('table', { name: 'Users' });
    await watchedList.waitFor();
    await expectAccessible(watcher, 'user list');
    expect(await watchedList.getByRole('cell', { name: userName }).count()).toBe(0);

    await page.goto(`${server.url}/admin/users/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(userName);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${userName}@example.org`);
    await expectAccessible(page, 'user form');
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, userName).waitFor();

    // Without a reload, the second page shows the new user (realtime).
    await watchedList.getByRole('cell', { name: userName, exact: true }).first().waitFor({ timeout: 15_000 });

    // Assign the role on the user's roles tab.
    await page.getByRole('navigation', { name: userName }).getByRole('link', { name: 'Roles' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(roleName);
    await page.getByRole('button', { name: `Assign ${roleName}` }).click();
    await page.getByRole('button', { name: `Remove ${roleName}` }).waitFor();
    await expectAccessible(page, 'user roles');

    // The assignment is stored: a fresh load shows it too.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search' }).fill(roleName);
    await page.getByRole('button', { name: `Remove ${roleName}` }).waitFor();

    // And the role's users tab shows the user as assigned.
    await page.goto(`${server.url}/admin/roles`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(roleName);
    await page.getByRole('link', { name: `Open ${roleName}` }).click();
    await heading(page, roleName).waitFor();
    await page.goto(`${page.url()}/users`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(userName);
    await page.getByRole('button', { name: `Remove ${userName}` }).waitFor();
    await expectAccessible(page, 'role users');
  });

  it('has no serious accessibility violations on the other identity screens', async () => {
    const page = await context.newPage();
    const screens: Array<[string, string]> = [
      ['/admin/permissions', 'Permissions'],
      ['/admin/permissions/add', 'Permissions'],
      ['/admin/robots', 'Robots'],
      ['/admin/robots/add', 'Robots'],
      ['/admin/clients/add', 'Clients'],
      ['/admin/scopes', 'Scopes'],
      ['/admin/scopes/add', 'Scopes'],
      ['/admin/roles', 'Roles'],
    ];
    for (const [path, title] of screens) {
      await page.goto(`${server.url}${path}`);
      await heading(page, title).waitFor();
      await page
        .getByRole('status')
        .or(page.getByRole('table'))
        .or(page.getByRole('button', { name: 'Create' }))
        .first()
        .waitFor();
      await expectAccessible(page, path);
    }
    // A robot: its generated secret is shown once; afterwards only the stored hash, sent back empty.
    await page.goto(`${server.url}/admin/robots/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`e2e-robot-${suffix}`);
    await page.getByRole('button', { name: 'Create' }).click();
    const secretDialog = page.getByRole('dialog');
    await secretDialog.getByText('Copy the secret now: it is shown only once.').waitFor();
    await expectAccessible(page, 'robot secret dialog');
    await page.keyboard.press('Escape');
    await heading(page, `e2e-robot-${suffix}`).waitFor();
    await page.reload();
    await page
      .getByText(
        'A secret is set and is never shown again. Leave this empty to keep it, or generate or enter a new one to replace it.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await expectAccessible(page, 'robot page');

    // Check access: the new robot holds no role, so user_read would be refused, and the page says so.
    await page.goto(`${server.url}/admin/permissions`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('user_read');
    await page.getByRole('link', { name: 'Open user_read' }).click();
    await heading(page, 'user_read').waitFor();
    await page
      .getByRole('tab', { name: 'Check access' })
      .or(page.getByRole('link', { name: 'Check access' }))
      .first()
      .click();
    await page
      .locator('label')
      .filter({ hasText: /^Robot$/ })
      .click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`e2e-robot-${suffix}`);
    await page.getByRole('option', { name: `e2e-robot-${suffix} (master)` }).click();
    await page.getByRole('button', { name: 'Check access' }).click();
    await page.getByText(`Refused: e2e-robot-${suffix} may not use user_read now.`).waitFor();
    await expectAccessible(page, 'permission check access');

    // A record page with tabs: the master realm, whose name is fixed.
    await page.goto(`${server.url}/admin/realms`);
    await page.getByRole('link', { name: 'Open master' }).click();
    await heading(page, 'master').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, 'master realm');
  });

  it('shows the validation messages of the forms in German', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/users/add`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('a b');
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('x');
    await page.getByRole('button', { name: 'Erstellen' }).click();
    await page
      .getByText(
        'Erlaubt sind nur Buchstaben (a-z, A-Z, ohne Umlaute), Ziffern, Bindestrich, Unterstrich und Punkt.',
      )
      .waitFor();
    expect(await page.getByText('Dieses Feld muss mindestens 5 Zeichen lang sein').isVisible()).toBe(true);
    await expectAccessible(page, 'German user form with messages');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  });
});
