import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startRelyingParty, type RelyingParty } from './support/relying-party.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';

/**
 * An application registered with only a name, a secret and a redirect URI signs users in through
 * the browser with a standard OpenID Connect library (`openid-client`): sign-in page, consent page,
 * back to the application with a code it exchanges for an ID token (nonce checked) and userinfo.
 */
describe.skipIf(!browserAvailable())('signing in to another application through the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let party: RelyingParty;
  let context: BrowserContext | undefined;
  let adminToken: string;
  let clientId: string;

  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/auth${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(payload)}`);
    return payload;
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
    const token = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    adminToken = ((await token.json()) as { access_token: string }).access_token;
    for (const name of ['lin', 'max']) {
      await api('POST', '/users', { name, email: `${name}@example.org`, password: 'Lab-Notes-Passw0rd' });
    }
    party = await startRelyingParty({ issuer: `${server.url}/auth`, scope: 'openid profile email' });
    // Nothing but a name, a secret and a redirect URI: no scopes assigned by hand.
    const secret = 'lab-notes-client-secret-0123456789';
    const client = await api<{ id: string }>('POST', '/clients', {
      name: 'lab-notes',
      display_name: 'Lab Notes',
      secret,
      is_confidential: true,
      redirect_uri: party.redirectUri,
    });
    clientId = client.id;
    party.useClient(client.id, secret);
  });
  afterAll(async () => {
    await party?.close();
    await browser?.close();
    await server?.destroy();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function freshPage(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    return context.newPage();
  }

  async function signIn(page: Page, name: string) {
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.locator('input[type="password"]').fill('Lab-Notes-Passw0rd');
    await page.locator('input[type="password"]').press('Enter');
  }

  it('signs in, asks for consent with the scopes explained, and returns with a code; the consent is remembered', async () => {
    const page = await freshPage();
    await page.goto(`${party.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    const loginUrl = new URL(page.url());
    expect(loginUrl.origin).toBe(server.url);
    expect(loginUrl.pathname).toBe('/login');
    // After signing in the browser continues with the authorization request, unchanged.
    const next = new URL(loginUrl.searchParams.get('redirect')!, server.url);
    expect(next.pathname).toBe('/authorize');
    expect(next.searchParams.get('client_id')).toBe(clientId);
    expect(next.searchParams.get('response_type')).toBe('code');

    await signIn(page, 'lin');
    await page.getByRole('heading', { level: 1, name: 'Allow access' }).waitFor();
    expect(await page.getByText('Lab Notes wants to sign you in and access your account.').isVisible()).toBe(
      true,
    );
    const scopes = page.getByRole('list', { name: 'It asks for' }).getByRole('listitem');
    expect(await scopes.allTextContents()).toEqual([
      'openid: Signing you in with your identity',
      'profile: Your name and display name',
      'email: Your e-mail address',
    ]);
    await expectAccessible(page, 'consent page');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(page.url().startsWith(party.redirectUri)).toBe(true);
    expect(await page.locator('#user').textContent()).toBe('lin');
    expect(await page.locator('#nonce').textContent()).toBe('nonce checked');
    expect(await page.locator('#email').textContent()).toBe('lin@example.org');

    // Signed in at the hub and consent given: the next sign-in goes straight through.
    await page.goto(`${party.url}/login`);
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(await page.locator('#user').textContent()).toBe('lin');
  });

  it('sends access_denied back when the user denies (in German)', async () => {
    const page = await freshPage();
    await page.goto(`${party.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { level: 1, name: 'Anmelden' }).waitFor();
    await signIn(page, 'max');
    await page.getByRole('heading', { level: 1, name: 'Zugriff erlauben' }).waitFor();
    expect(
      await page.getByText('Lab Notes möchte Sie anmelden und auf Ihr Konto zugreifen.').isVisible(),
    ).toBe(true);
    expect(await page.getByText('Ihre E-Mail-Adresse').isVisible()).toBe(true);
    await expectAccessible(page, 'consent page (German)');
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
    expect(await page.locator('#error').textContent()).toBe('access_denied');
  });

  it('shows a request with a redirect URI the client did not register on a page, and never goes there', async () => {
    const page = await freshPage();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: 'https://evil.example/steal',
      scope: 'openid',
      state: 'x',
    });
    await page.goto(`${server.url}/auth/authorize?${query}`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await signIn(page, 'lin');
    await page.getByRole('heading', { level: 1, name: 'This sign-in request cannot be completed' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'The redirect URI is missing or do not match',
    );
    expect(new URL(page.url()).origin).toBe(server.url);
    await expectAccessible(page, 'invalid authorization request');
  });
});
