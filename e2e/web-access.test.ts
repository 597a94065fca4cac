import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, expectAccessible } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';
const USER_PASSWORD = 'E2e-User-Passw0rd';

/**
 * Access in the web app end to end: the admin builds a permission with a time policy, a role holding
 * it and `user_update`, and a user with that role; the user, in a browser of their own, is sent to
 * the login by the guard, comes back to the users list and sees only the menus their permissions allow.
 */
describe.skipIf(!browserAvailable())('access through roles, permissions and policies in the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let userContext: BrowserContext;
  const suffix = Date.now().toString(36);
  const policyName = `e2e-time-${suffix}`;
  const permissionName = `e2e-permission-${suffix}`;
  const roleName = `e2e-access-${suffix}`.slice(0, 30);
  const userName = `e2e-member-${suffix}`;

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The user's own browser profile: no cookies of the admin.
    userContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await userContext?.close();
    await adminContext?.close();
    await browser?.close();
    await server?.destroy();
  });

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${decodeURIComponent(url.search)}`;
  };
  /** A password input by its label (Mantine adds a required mark to the label text). */
  const passwordField = (scope: Page | Locator, label: string) =>
    scope.getByLabel(new RegExp(`^${label}\\b`)).and(scope.locator('input'));

  async function signIn(page: Page, name: string, password: string) {
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await passwordField(page, 'Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  /** On an assignment tab: finds the candidate by name and assigns it. */
  async function assign(page: Page, name: string) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await page.getByRole('button', { name: `Assign ${name}`, exact: true }).click();
    await page.getByRole('button', { name: `Remove ${name}`, exact: true }).waitFor();
  }

  it('lets the admin build a time policy, a permission, a role and a user with a password', async () => {
    const page = await adminContext.newPage();
    await page.goto(`${server.url}/login`);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL(`${server.url}/`);

    // A time policy that passes all day, every day.
    await page.goto(`${server.url}/admin/policies/add`);
    const policyForm = page.getByRole('form', { name: 'New policy' });
    await policyForm.waitFor();
    await policyForm.getByRole('radio', { name: 'Time', exact: true }).check();
    await policyForm.getByRole('textbox', { name: 'Name', exact: true }).fill(policyName);
    await policyForm.getByRole('textbox', { name: 'Description' }).fill('Open all day, every day');
    const startTime = policyForm.getByRole('textbox', { name: 'Start time' });
    await startTime.fill('24:00');
    await policyForm.getByRole('textbox', { name: 'End time' }).fill('23:59');
    await policyForm.getByRole('combobox', { name: 'Interval' }).selectOption('daily');
    await policyForm.getByRole('button', { name: 'Create' }).click();
    await policyForm.getByText('The value must be a time of day (HH:MM or HH:MM:SS)').waitFor();
    await expectAccessible(page, 'time policy form with a validation message');
    await startTime.fill('00:00');
    await expectAccessible(page, 'time policy form');
    await policyForm.getByRole('button', { name: 'Create' }).click();
    await heading(page, `Policy: ${policyName}`).waitFor();
    expect(await page.getByRole('textbox', { name: 'Start time' }).inputValue()).toBe('00:00');
    expect(await page.getByRole('combobox', { name: 'Interval' }).inputValue()).toBe('daily');

    // A permission guarded by that policy.
    await page.goto(`${server.url}/admin/permissions/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(permissionName);
    const policyPicker = page.getByRole('textbox', { name: 'Policy', exact: true });
    await policyPicker.fill(policyName);
    await page.getByRole('option', { name: `${policyName} (time)` }).click();
    expect(await policyPicker.inputValue()).toBe(`${policyName} (time)`);
    await expectAccessible(page, 'permission form with a policy');
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, permissionName).waitFor();
    // Stored with the policy: a fresh load shows it chosen.
    await page.reload();
    await heading(page, permissionName).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Policy', exact: true }).inputValue())
      .toBe(`${policyName} (time)`);

    // A role holding the built-in user_update and the new permission.
    await page.goto(`${server.url}/admin/roles/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(roleName);
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, roleName).waitFor();
    await page.getByRole('navigation', { name: roleName }).getByRole('link', { name: 'Permissions' }).click();
    await assign(page, 'user_update');
    await assign(page, permissionName);
    await expectAccessible(page, 'role permissions');

    // A user with a password, holding the role.
    await page.goto(`${server.url}/admin/users/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(userName);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${userName}@example.org`);
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, userName).waitFor();
    const passwordForm = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Password', exact: true }) });
    await passwordField(passwordForm, 'Password').fill(USER_PASSWORD);
    await passwordField(passwordForm, 'Repeat password').fill(USER_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('navigation', { name: userName }).getByRole('link', { name: 'Roles' }).click();
    await assign(page, roleName);
  });

  it('signs the user in from a guarded page and shows only the menus their permissions allow', async () => {
    const page = await userContext.newPage();
    // Logged out, the guard sends the visitor to the login with the way back.
    await page.goto(`${server.url}/admin/users`);
    await heading(page, 'Login').waitFor();
    expect(pathOf(page)).toBe('/login?redirect=/admin/users');
    expect(await userContext.cookies()).toEqual([]);

    // The user belongs to master, the realm a login without a chosen realm uses.
    await signIn(page, userName, USER_PASSWORD);
    await heading(page, 'Users').waitFor();
    expect(pathOf(page)).toBe('/admin/users');
    await page.getByRole('button', { name: `${userName}: user menu` }).waitFor();

    // The session holds the role's permissions: user_update and the one whose time policy passes.
    const granted = await page.evaluate(async () => {
      const token = decodeURIComponent(/(?:^|; )access_token=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/auth/token/introspect', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
      const body = (await response.json()) as { permissions?: Array<{ name: string }> };
      return (body.permissions ?? []).map((permission) => permission.name).sort();
    });
    expect(granted).toEqual([permissionName, 'user_update'].sort());

    // The list works with the user's permission; its add tab needs user_create, which they lack.
    const list = page.getByRole('table', { name: 'Users' });
    await list.getByRole('cell', { name: userName, exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Add', exact: true }).count()).toBe(0);
    await expectAccessible(page, "the restricted user's users list");

    // Menus: only what the permissions allow (web-login.test.ts asserts the admin's full list).
    const sideMenu = page.getByRole('navigation', { name: 'Section menu' });
    expect(await sideMenu.getByRole('link').allTextContents()).toEqual(['Users']);
    expect(await sideMenu.getByRole('list', { name: 'Auth' }).count()).toBe(1);
    expect(await sideMenu.getByRole('list', { name: 'General' }).count()).toBe(0);
    const topMenu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await topMenu.getByRole('link').allTextContents()).toEqual(['Home', 'Admin']);
    expect(await page.getByRole('link', { name: 'Realms' }).count()).toBe(0);

    // Navigating in the app to a section they may not see: the guard goes back to where they were.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/admin/realms');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${server.url}/admin/users`);
    await heading(page, 'Users').waitFor();
    expect(await page.getByRole('table', { name: 'Realms' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Realms' }).count()).toBe(0);
    await page.getByRole('button', { name: `${userName}: user menu` }).waitFor();

    // Loading that section directly leaves no page to go back to: the guard logs out and shows login.
    await page.goto(`${server.url}/admin/realms`);
    await heading(page, 'Login').waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await page.getByRole('table', { name: 'Realms' }).count()).toBe(0);
    await expect.poll(async () => (await userContext.cookies()).map((cookie) => cookie.name)).toEqual([]);
  });
});
