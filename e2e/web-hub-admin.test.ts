import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd';
/** `HUB_SCREENSHOTS=1` keeps a picture of every screen checked, in /tmp/hub-admin-*.png. */
const SCREENSHOTS = process.env.HUB_SCREENSHOTS === '1';

/** Axe finds no serious violation on the screen (and, when asked, a screenshot is kept). */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  if (SCREENSHOTS)
    await page.screenshot({ path: `/tmp/hub-admin-${name.replace(/\W+/g, '-')}.png`, fullPage: true });
}

interface ApiNode {
  id: string;
  name: string;
  robot_id: string;
  public_key: string | null;
  registry_id: string | null;
}

describe.skipIf(!browserAvailable())('hub administration in the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;
  const suffix = Date.now().toString(36);
  const registryName = `e2e-registry-${suffix}`;
  const nodeNames = ['alpha', 'beta', 'gamma'].map((name) => `e2e-node-${name}-${suffix}`);

  const api = async <T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const nodeNamed = async (name: string): Promise<ApiNode> =>
    (await api<{ data: ApiNode[] }>(`/core/nodes?filter[name]=${name}`)).body.data[0]!;

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

  /** Events of one entity type as the events screen lists them (filtered in the screen). */
  async function eventRows(page: Page, refType: string) {
    await page.goto(`${server.url}/admin/events`);
    await heading(page, 'Events').waitFor();
    const typeFilter = page
      .getByRole('textbox', { name: 'Entity type' })
      .or(page.getByRole('combobox', { name: 'Entity type' }));
    await typeFilter.fill(refType);
    await page.getByRole('option', { name: refType, exact: true }).click();
    const table = page.getByRole('table', { name: 'Events' });
    await table.waitFor();
    // The filter is applied once every row shows the chosen type.
    await expect
      .poll(async () => {
        const types = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
        return types.length > 0 && types.every((type) => type === refType);
      })
      .toBe(true);
    return table.locator('tbody tr');
  }

  it('sets up a registry, nodes with keys and robots, and master images, and audits it under Events', async () => {
    const page = await context.newPage();
    await signIn(page);

    // The landing page: what the administrator may manage, and the server's health.
    await page.goto(`${server.url}/admin`);
    await heading(page, 'Administration').waitFor();
    for (const tile of ['Realms', 'Users', 'Robots', 'Nodes', 'Registries', 'Master images', 'Events']) {
      await page.getByRole('link', { name: tile, exact: true }).first().waitFor();
    }
    await page.getByText('reachable', { exact: true }).waitFor();
    await page.getByText('running in this process').waitFor();
    await checkScreen(page, 'admin landing');

    // A registry, and its setup.
    await page.goto(`${server.url}/admin/services/registry/add`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(registryName);
    await page.getByRole('textbox', { name: 'Host' }).fill('harbor.example.org');
    await page.getByRole('textbox', { name: 'Account name' }).fill('robot$hub');
    await page.getByLabel('Account secret').fill('Harbor-Secret-1');
    await checkScreen(page, 'registry form');
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, registryName).waitFor();
    const registryPath = new URL(page.url()).pathname;
    await page.getByRole('navigation', { name: registryName }).getByRole('link', { name: 'Setup' }).click();
    await page.getByRole('button', { name: 'Run setup' }).click();
    // The panel follows the job the worker runs, until it has finished.
    await page
      .getByRole('status')
      .filter({ hasText: /^Finished/ })
      .waitFor();
    await checkScreen(page, 'registry setup');
    // The account secret is not part of the registry's answers unless a registry manager asks for it.
    const registryId = registryPath.split('/').at(-1)!;
    const storedRegistry = await api<Record<string, unknown>>(`/core/registries/${registryId}`);
    expect(JSON.stringify(storedRegistry.body)).not.toContain('Harbor-Secret-1');

    // A registry project of that registry; its secret is write-only and revealed on request.
    await page
      .getByRole('navigation', { name: registryName })
      .getByRole('link', { name: 'Projects' })
      .click();
    await page
      .getByRole('navigation', { name: 'Registry projects' })
      .getByRole('link', { name: 'Add' })
      .click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('incoming projects');
    await page.getByRole('textbox', { name: 'External name' }).fill('incoming_projects');
    await page.getByLabel('Secret', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Create' }).click();
    await page
      .getByText('At least 8 characters with an uppercase letter, a lowercase letter and a digit.')
      .waitFor();
    await page.getByLabel('Secret', { exact: true }).fill('Robot-Secret-9');
    await checkScreen(page, 'registry project form');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('table', { name: 'incoming projects' }).getByText('incoming_projects').waitFor();
    expect(await page.getByText('Robot-Secret-9').count()).toBe(0);
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    await page
      .getByLabel('Secret', { exact: true })
      .and(page.locator('pre'))
      .getByText('Robot-Secret-9')
      .waitFor();
    await checkScreen(page, 'registry project detail');

    // Three nodes on that registry; each shows its robot's secret once.
    for (const name of nodeNames) {
      await page.goto(`${server.url}/admin/nodes/add`);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'External name' }).fill(name.replaceAll('-', '_'));
      const registryPicker = page.getByRole('textbox', { name: 'Registry', exact: true });
      await registryPicker.fill(registryName);
      await page.getByRole('option', { name: `${registryName} (harbor.example.org)` }).click();
      if (name === nodeNames[0]) await checkScreen(page, 'node form');
      await page.getByRole('button', { name: 'Create' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Node created' });
      await secretDialog.getByText(/[A-Za-z0-9]{64}/).waitFor();
      await secretDialog.getByRole('button', { name: 'Close' }).click();
      await heading(page, name).waitFor();
    }
    await page.goto(`${server.url}/admin/nodes`);
    const nodeList = page.getByRole('table', { name: 'Nodes' });
    for (const name of nodeNames) {
      await nodeList.getByRole('row').filter({ hasText: name }).filter({ hasText: registryName }).waitFor();
    }
    await checkScreen(page, 'node list');

    // A key pair for the first node: the private key shown once, only the public key stored.
    const first = await nodeNamed(nodeNames[0]!);
    expect(first.registry_id).toBe(registryId);
    await page.goto(`${server.url}/admin/nodes/${first.id}/crypto`);
    await page.getByText('No public key is stored yet.').waitFor();
    await page.getByRole('button', { name: 'Generate key pair' }).click();
    await page.getByText('it is not stored remotely').waitFor();
    const privateKey = (await page.getByLabel('Private key', { exact: true }).innerText()).trim();
    expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    await page.getByRole('button', { name: 'Copy Private key' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await checkScreen(page, 'node key pair');
    const withKey = await nodeNamed(nodeNames[0]!);
    expect(withKey.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(JSON.stringify(await api(`/core/nodes/${first.id}`))).not.toContain('PRIVATE KEY');
    const privateBody = privateKey.split('\n').slice(1, 3).join('');
    expect(JSON.stringify(withKey)).not.toContain(privateBody);
    // The key is shown once: a fresh load shows the stored public key, and no private key.
    await page.reload();
    await page.getByLabel('Stored public key').waitFor();
    expect(await page.getByText('BEGIN PRIVATE KEY').count()).toBe(0);

    // A pasted key that is no EC P-256 public key is refused before anything is sent.
    await page.getByRole('textbox', { name: 'Public key (PEM)' }).fill('not a key');
    await page.getByRole('button', { name: 'Store public key' }).click();
    await page.getByText('This is not a PEM encoded EC P-256 public key.').waitFor();

    // A new secret for the robot of the second node, and a sign-in with it through the API.
    const second = await nodeNamed(nodeNames[1]!);
    await page.goto(`${server.url}/admin/nodes/${second.id}/robot`);
    await page.getByRole('button', { name: 'Reset secret' }).click();
    await page
      .getByRole('dialog', { name: 'Reset the robot secret?' })
      .getByRole('button', { name: 'Reset secret' })
      .click();
    const newSecret = (await page.getByLabel('New secret of the robot', { exact: true }).innerText()).trim();
    expect(newSecret).toMatch(/^[A-Za-z0-9]{64}$/);
    await checkScreen(page, 'node robot');
    const robotToken = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'robot_credentials', id: second.robot_id, secret: newSecret }),
    });
    expect(robotToken.status).toBe(200);

    // The node's registry tab: the node project its registry got when the node was created.
    await page.goto(`${server.url}/admin/nodes/${second.id}/registry`);
    await page.getByRole('table', { name: 'Registry project' }).waitFor();

    // Master images: sync, then delete one.
    await page.goto(`${server.url}/admin/services/master-images`);
    await heading(page, 'Master images').waitFor();
    await page.getByRole('button', { name: 'Sync' }).click();
    await page
      .getByText(
        /^Synchronized: groups 2 added, 0 updated, 0 removed; images \d+ added, 0 updated, 0 removed\.$/,
      )
      .waitFor();
    const rImages = page.getByRole('table', { name: 'Images of the group R' });
    await rImages.waitFor();
    const catalogSize = await page.getByRole('button', { name: /^Delete / }).count();
    expect(catalogSize).toBeGreaterThanOrEqual(2);
    await checkScreen(page, 'master images');
    await page.getByRole('button', { name: 'Delete r/base' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('"r/base" was deleted.').waitFor();
    await expect.poll(() => rImages.count()).toBe(0);

    // Every change is under Events, naming who acted.
    const registryEvents = await eventRows(page, 'registry');
    await registryEvents.filter({ hasText: 'created' }).filter({ hasText: 'admin' }).first().waitFor();
    await checkScreen(page, 'events');
    const nodeEvents = await eventRows(page, 'node');
    await expect
      .poll(() => nodeEvents.filter({ hasText: 'created' }).filter({ hasText: 'admin' }).count())
      .toBe(3);
    await nodeEvents.filter({ hasText: 'updated' }).first().waitFor();
    const robotEvents = await eventRows(page, 'robot');
    await robotEvents.filter({ hasText: 'updated' }).filter({ hasText: 'admin' }).first().waitFor();
    const imageEvents = await eventRows(page, 'masterImage');
    await expect.poll(() => imageEvents.filter({ hasText: 'created' }).count()).toBe(catalogSize);
    await imageEvents.filter({ hasText: 'deleted' }).filter({ hasText: 'admin' }).first().waitFor();

    // The detail of the key pair's event: actor, request and the changed field side by side.
    const updates = await eventRows(page, 'node');
    await updates.filter({ hasText: 'updated' }).first().getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: 'Actor' }).waitFor();
    const changes = page.getByRole('table', { name: 'Changes' });
    await changes
      .getByRole('row')
      .filter({ hasText: 'public_key' })
      .filter({ hasText: 'BEGIN PUBLIC KEY' })
      .waitFor();
    await page.getByRole('table', { name: 'Request' }).getByText(`/core/nodes/${first.id}`).waitFor();
    await page.getByRole('table', { name: 'Actor' }).getByText('admin', { exact: true }).waitFor();
    await checkScreen(page, 'event detail');

    // The events list is live: a change made elsewhere shows without a reload.
    await eventRows(page, 'registry');
    await api('/core/registries', {
      method: 'POST',
      body: JSON.stringify({ name: `live-${suffix}`, host: 'live.example.org' }),
    });
    await expect
      .poll(
        () =>
          page
            .getByRole('table', { name: 'Events' })
            .locator('tbody tr')
            .filter({ hasText: 'created' })
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
  }, 300_000);

  it('shows the hub administration in German, and at 390 px without the page scrolling sideways', async () => {
    const page = await context.newPage();
    const node = await nodeNamed(nodeNames[2]!);
    await page.goto(`${server.url}/admin/nodes/${node.id}/registry`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('table', { name: 'Registry-Projekt' }).waitFor();
    await page
      .getByRole('navigation', { name: node.name })
      .getByRole('link', { name: 'Schlüsselpaar' })
      .click();
    await page.getByRole('button', { name: 'Schlüsselpaar erzeugen' }).waitFor();
    await checkScreen(page, 'German node key pair');
    await page.goto(`${server.url}/admin/events`);
    await heading(page, 'Ereignisse').waitFor();
    await page.getByRole('table', { name: 'Ereignisse' }).waitFor();
    await checkScreen(page, 'German events');
    await page.goto(`${server.url}/admin`);
    await page.getByText('erreichbar', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');

    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, title] of [
      ['/admin', 'Administration'],
      ['/admin/nodes', 'Nodes'],
      ['/admin/events', 'Events'],
      ['/admin/services/master-images', 'Master images'],
      [`/admin/nodes/${node.id}`, node.name],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await heading(page, title).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    // Unknown ids: the record pages say so.
    await page.goto(`${server.url}/admin/nodes/00000000-0000-4000-8000-000000000000`);
    await page.getByText('The entry could not be loaded.').waitFor();
    await page.goto(`${server.url}/admin/events/00000000-0000-4000-8000-000000000000`);
    await page.getByText('The entry could not be loaded.').waitFor();
  }, 120_000);
});
