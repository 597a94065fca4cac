import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SLAPD_ROOT_DN,
  SLAPD_ROOT_PASSWORD,
  SLAPD_SUFFIX,
  slapdAvailable,
  startSlapd,
  type SlapdServer,
} from '../apps/server/src/modules/auth/identity-providers/ldap/slapd.test-support.ts';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';

const LDIF = [
  [`dn: ${SLAPD_SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Example', 'dc: example'],
  [`dn: ou=people,${SLAPD_SUFFIX}`, 'objectClass: organizationalUnit', 'ou: people'],
  ...['carol', 'dave'].map((uid) => [
    `dn: uid=${uid},ou=people,${SLAPD_SUFFIX}`,
    'objectClass: inetOrgPerson',
    `uid: ${uid}`,
    `cn: ${uid}`,
    `sn: ${uid}`,
    `userPassword: ${uid}-directory-pass`,
  ]),
]
  .map((lines) => lines.join('\n'))
  .join('\n\n');

/** An administrator checks providers in the browser: the LDAP connection test, the OAuth2 callback URL. */
describe.skipIf(!browserAvailable() || !slapdAvailable())('identity-provider pages in the browser', () => {
  let server: RunningServer;
  let slapd: SlapdServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let adminToken: string;

  const api = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/auth${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const payload = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(payload)}`);
    return payload;
  };
  const ldapProvider = (name: string, password: string) =>
    api<{ id: string }>('POST', '/identity-providers', {
      name,
      display_name: name,
      protocol: 'ldap',
      url: slapd.url,
      start_tls: false,
      base_dn: SLAPD_SUFFIX,
      user_base_dn: `ou=people,${SLAPD_SUFFIX}`,
      user: SLAPD_ROOT_DN,
      password,
    });

  beforeAll(async () => {
    [server, slapd, browser] = await Promise.all([
      startServer({ env: { ADMIN_PASSWORD } }),
      startSlapd(LDIF),
      launchBrowser(),
    ]);
    const token = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    adminToken = ((await token.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await browser?.close();
    await slapd?.stop();
    await server?.destroy();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function signedIn(path: string, name = 'admin', password = ADMIN_PASSWORD): Promise<Page> {
    context ??= await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.locator('input[type="password"]').fill(password);
    await page.locator('input[type="password"]').press('Enter');
    return page;
  }

  it('tests an LDAP connection: what it found, or why the bind failed; directory users sign in', async () => {
    const working = await ldapProvider('directory', SLAPD_ROOT_PASSWORD);
    const broken = await ldapProvider('wrong-bind', 'not-the-password');

    const page = await signedIn(`/admin/identity-providers/${working.id}`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const passed = page.getByRole('status').filter({ hasText: 'The connection works' });
    await passed.waitFor();
    expect(await passed.textContent()).toContain(
      `Found 2 users under ou=people,${SLAPD_SUFFIX} with (uid=*).`,
    );
    expect(await passed.textContent()).toContain('carol, dave');
    await expectAccessible(page, 'LDAP provider page after the test');

    await page.goto(`${server.url}/admin/identity-providers/${broken.id}`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Signing in to the directory failed' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("The directory refused the service account's credentials.");

    // A directory user signs in on the login page with the directory password.
    await context!.clearCookies();
    const login = await signedIn('/', 'carol', 'carol-directory-pass');
    await login.getByRole('button', { name: 'carol: user menu' }).waitFor();
  });

  it('shows the callback URL to register at an OAuth2 provider', async () => {
    const provider = await api<{ id: string }>('POST', '/identity-providers', {
      name: 'partner',
      protocol: 'oauth2',
      client_id: 'hub',
      client_secret: 'hub-secret-123',
      authorize_url: 'https://idp.example.org/auth',
      token_url: 'https://idp.example.org/token',
    });
    const page = await signedIn(`/admin/identity-providers/${provider.id}`);
    const callback = page.getByRole('textbox', { name: 'Callback URL' });
    await callback.waitFor();
    expect(await callback.inputValue()).toBe(
      `${server.url}/auth/identity-providers/${provider.id}/authorize-callback`,
    );
    await expectAccessible(page, 'OAuth2 provider page');
  });
});
