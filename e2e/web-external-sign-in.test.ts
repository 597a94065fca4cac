import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startOidcProvider,
  type OidcProviderFixture,
} from '../apps/server/src/modules/auth/identity-providers/oauth2/oidc-provider.test-support.ts';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startRelyingParty, type RelyingParty } from './support/relying-party.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';

/**
 * "Sign in with …" on the login page, against a real OpenID provider on loopback (oidc-provider):
 * an application sends the user to the hub, who signs in at the external provider and comes back to
 * the consent page of that application's request, then to the application.
 */
describe.skipIf(!browserAvailable())('signing in with an external provider from the login page', () => {
  let server: RunningServer;
  let upstream: OidcProviderFixture;
  let browser: Browser;
  let party: RelyingParty;
  let context: BrowserContext | undefined;
  const providerId = randomUUID();

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    upstream = await startOidcProvider({
      clientId: 'hub',
      clientSecret: 'hub-upstream-secret-123',
      redirectUris: [`${server.url}/auth/identity-providers/${providerId}/authorize-callback`],
    });
    browser = await launchBrowser();
    const token = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }),
    });
    const adminToken = ((await token.json()) as { access_token: string }).access_token;
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
    await api('PUT', `/identity-providers/${providerId}`, {
      name: 'partner',
      display_name: 'Partner Login',
      protocol: 'oidc',
      client_id: 'hub',
      client_secret: 'hub-upstream-secret-123',
      authorize_url: `${upstream.issuer}/auth`,
      token_url: `${upstream.issuer}/token`,
      user_info_url: `${upstream.issuer}/me`,
      discovery_url: `${upstream.issuer}/.well-known/openid-configuration`,
      scope: 'openid profile email',
    });
    // A disabled provider gets no button.
    await api('POST', '/identity-providers', {
      name: 'retired',
      display_name: 'Retired Login',
      protocol: 'oidc',
      enabled: false,
      client_id: 'hub',
      client_secret: 'hub-upstream-secret-123',
      authorize_url: `${upstream.issuer}/auth`,
      token_url: `${upstream.issuer}/token`,
    });

    party = await startRelyingParty({ issuer: `${server.url}/auth`, scope: 'openid profile' });
    const secret = 'lab-notes-client-secret-0123456789';
    const client = await api<{ id: string }>('POST', '/clients', {
      name: 'lab-notes',
      display_name: 'Lab Notes',
      secret,
      is_confidential: true,
      redirect_uri: party.redirectUri,
    });
    party.useClient(client.id, secret);
  });
  afterAll(async () => {
    await party?.close();
    await browser?.close();
    await upstream?.stop();
    await server?.destroy();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('lists the enabled providers, signs in at one and returns to the request the user came from', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${party.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.getByText('Sign in to continue to Lab Notes.').waitFor();
    const button = page.getByRole('link', { name: 'Sign in with Partner Login' });
    await button.waitFor();
    expect(await page.getByRole('link', { name: /Sign in with/ }).count()).toBe(1);
    await expectAccessible(page, 'login page with an external provider');

    upstream.signInAs({ sub: 'ext-ada', claims: { preferred_username: 'ada-ext', name: 'Ada External' } });
    await button.click();
    await page.getByRole('heading', { level: 1, name: 'Allow access' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/authorize');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('heading', { name: 'Signed in' }).waitFor();
    expect(await page.locator('#user').textContent()).toBe('Ada External');
  });
});
