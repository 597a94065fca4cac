/**
 * The researcher's and the node operator's journey in the browser, across two realms: a researcher
 * of the master realm creates a project with two default nodes and an aggregator of a site realm;
 * the site's node operator approves on /projects/in; the researcher creates an analysis, uploads two
 * files through the upload modal, picks the entrypoint and the image and finishes; locking is refused
 * until the node operator approves on /analyses/in; then the researcher locks and starts the build,
 * and a second page sees the build status change live. Once in English and once in German (every
 * text the test looks for comes from the phrases of that language); axe finds no serious violation
 * on any of these pages at 1280 and 390 px.
 */
import { randomBytes } from 'node:crypto';
import { de, en } from '@federa/phrases';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'Hub-Web-Admin-Passw0rd';
const USER_PASSWORD = 'Hub-Web-User-Passw0rd';
const SCREENSHOTS = process.env.HUB_SCREENSHOTS === '1';

type Phrases = typeof en;
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
}

function apiWith(url: string, token: string): Api {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}

async function tokenFor(url: string, name: string, password: string, realmName?: string): Promise<string> {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: name, password, realm_name: realmName }),
  });
  const body = (await response.json()) as { access_token: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}

describe.skipIf(!browserAvailable())('the hub screens for researchers and node operators', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Api;
  let siteRealm: { id: string; name: string };
  let image: { id: string; name: string; group_virtual_path: string };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
    admin = apiWith(server.url, await tokenFor(server.url, 'admin', ADMIN_PASSWORD));
    await admin.post('/core/master-images/command', { command: 'sync' });
    const images = await admin.get<{ data: (typeof image)[] }>(
      '/core/master-images?filter[path]=python/base',
    );
    image = images.data[0]!;
    expect(image).toBeDefined();
    const site = await admin.post<{ id: string; name: string }>('/auth/realms', {
      name: `site-${randomBytes(3).toString('hex')}`,
    });
    siteRealm = { id: site.id, name: site.name };
    await admin.post('/core/registries', { name: 'hub-registry', host: 'registry.example.org' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.destroy();
  });

  /** A user of the realm holding the named permissions directly. */
  async function userWith(name: string, realmId: string, permissions: readonly string[]) {
    const user = await admin.post<{ id: string }>('/auth/users', {
      name,
      password: USER_PASSWORD,
      realm_id: realmId,
    });
    for (const permissionName of permissions) {
      const found = await admin.get<{ data: { id: string }[] }>(
        `/auth/permissions?filter[name]=${permissionName}`,
      );
      await admin.post('/auth/user-permissions', { user_id: user.id, permission_id: found.data[0]!.id });
    }
  }

  async function newPage(context: BrowserContext, name: string, realm: string, p: Phrases) {
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: p.app.login.name, exact: true }).fill(name);
    await page.getByLabel(p.app.login.password).and(page.locator('input')).fill(USER_PASSWORD);
    await page.getByRole('textbox', { name: p.app.login.realm }).fill(realm);
    await page.getByRole('option', { name: realm, exact: true }).click();
    await page.getByRole('button', { name: p.app.login.submit }).click();
    await page.waitForURL(`${server.url}/`);
    return page;
  }

  const pageOwners = new WeakMap<Page, 'researcher' | 'operator'>();
  const visited: { who: 'researcher' | 'operator'; path: string }[] = [];
  async function check(page: Page, screen: string) {
    await page.waitForLoadState('networkidle');
    if (SCREENSHOTS) {
      await page.screenshot({ path: `/tmp/hub-${screen.replace(/\W+/g, '-')}.png`, fullPage: true });
    }
    await expectAccessible(page, screen);
    visited.push({ who: pageOwners.get(page) ?? 'researcher', path: new URL(page.url()).pathname });
  }

  /** Picks an option of a SearchSelect or Select by typing a part of its label. */
  async function choose(page: Page, label: string, search: string, option: string | RegExp) {
    const field = page
      .getByRole('textbox', { name: label, exact: true })
      .or(page.getByRole('combobox', { name: label, exact: true }));
    await field.first().click();
    await field.first().fill(search);
    await page.getByRole('option', { name: option }).first().click();
  }

  for (const [language, p] of [
    ['en', en],
    ['de', de as Phrases],
  ] as const) {
    it(`takes an analysis from an empty project to "build starting" (${language})`, async () => {
      const run = `${language}${randomBytes(3).toString('hex')}`;
      const masterRealm = (await admin.get<{ data: { id: string }[] }>('/auth/realms?filter[name]=master'))
        .data[0]!;
      const researcher = `researcher-${run}`;
      const operator = `operator-${run}`;
      await userWith(researcher, masterRealm.id, [
        'project_create',
        'project_update',
        'project_delete',
        'analysis_create',
        'analysis_update',
        'analysis_delete',
        'analysis_execution_start',
      ]);
      await userWith(operator, siteRealm.id, ['project_approve', 'analysis_approve']);
      const registry = (await admin.get<{ data: { id: string }[] }>('/core/registries')).data[0]!;
      const nodeNames = [`Clinic A ${run}`, `Clinic B ${run}`, `Aggregator ${run}`];
      for (const [index, name] of nodeNames.entries()) {
        await admin.post('/core/nodes', {
          name,
          realm_id: siteRealm.id,
          type: index === 2 ? 'aggregator' : 'default',
          registry_id: registry.id,
        });
      }

      const researcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      for (const context of [researcherContext, operatorContext]) {
        await context.addInitScript(
          (locale) => window.localStorage.setItem('federa.locale', locale),
          language,
        );
      }
      try {
        // The researcher creates the project with its three nodes.
        const page = await newPage(researcherContext, researcher, 'master', p);
        await check(page, `${language} home researcher`);
        await page.goto(`${server.url}/projects/add`);
        const projectName = `Study ${run}`;
        await page.getByRole('textbox', { name: p.projects.form.name }).fill(projectName);
        await page.getByRole('textbox', { name: p.projects.form.description }).fill('abc');
        await page.getByRole('button', { name: p.admin.form.create }).click();
        await page.getByText(fill(p.validation.minLength, { min: '5' })).waitFor();
        await page
          .getByRole('textbox', { name: p.projects.form.description })
          .fill('A study across two realms.');
        await choose(page, p.projects.masterImage.group, '', image.group_virtual_path);
        await choose(page, p.projects.masterImage.image, '', image.name);
        for (const name of nodeNames) {
          await choose(page, p.projects.form.nodes, name.slice(0, 8), new RegExp(name));
          await page.getByRole('button', { name: p.projects.form.addNode, exact: true }).click();
        }
        await check(page, `${language} project form`);
        await page.getByRole('button', { name: p.admin.form.create }).click();
        await page.getByRole('heading', { level: 1, name: projectName }).waitFor();
        const nodesTable = page.getByRole('table', { name: p.projects.overview.nodes });
        await nodesTable.getByRole('row', { name: new RegExp(nodeNames[0]!) }).waitFor();
        expect(await nodesTable.getByText(p.projects.approval.pending).count()).toBe(2);
        expect(await nodesTable.getByText(p.projects.approval.approved).count()).toBe(1);
        await check(page, `${language} project overview`);

        // The node operator of the site realm approves both requests.
        const operatorPage = await newPage(operatorContext, operator, siteRealm.name, p);
        pageOwners.set(operatorPage, 'operator');
        await operatorPage.goto(`${server.url}/projects/in`);
        const requests = operatorPage.getByRole('list', { name: p.projects.incoming.label });
        await requests.getByText(projectName).first().waitFor();
        await check(operatorPage, `${language} projects in`);
        for (let approved = 0; approved < 2; approved += 1) {
          await requests
            .getByRole('button', { name: p.projects.approval.approve, disabled: false })
            .first()
            .click();
          await operatorPage.getByText(p.projects.approval.approvedDone).first().waitFor();
          await expect
            .poll(() =>
              requests.getByRole('button', { name: p.projects.approval.approve, disabled: false }).count(),
            )
            .toBe(1 - approved);
        }
        // The researcher's open project page shows the approvals live.
        await expect
          .poll(() => nodesTable.getByText(p.projects.approval.approved).count(), { timeout: 15_000 })
          .toBe(3);

        // The researcher creates the analysis and configures it in the wizard.
        await page.goto(`${server.url}/analyses/add`);
        const analysisName = `analysis-${run}`;
        await page.getByRole('textbox', { name: p.analyses.form.name }).fill(analysisName);
        await choose(page, p.analyses.form.project, projectName.slice(0, 6), projectName);
        await check(page, `${language} analysis form`);
        await page.getByRole('button', { name: p.admin.form.create }).click();
        await page.getByRole('heading', { level: 1, name: analysisName }).waitFor();
        // The wizard opens at the nodes, whose check fails.
        await page.getByText(p.analyses.wizard.checkNodes).waitFor();
        await check(page, `${language} wizard nodes`);
        await page.getByRole('button', { name: p.analyses.nodes.add, exact: true }).click();
        const modal = page.getByRole('dialog', { name: p.analyses.nodes.addTitle });
        for (const name of nodeNames) {
          await modal.getByRole('button', { name: fill(p.analyses.nodes.addNode, { name }) }).click();
          await expect
            .poll(() =>
              modal.getByRole('button', { name: fill(p.analyses.nodes.addNode, { name }) }).isDisabled(),
            )
            .toBe(true);
        }
        await check(page, `${language} add nodes modal`);
        await modal.getByRole('button', { name: p.admin.dialog.close }).click();
        await page
          .getByRole('table', { name: p.analyses.nodes.label })
          .getByRole('row', { name: new RegExp(nodeNames[2]!) })
          .waitFor();
        await expect.poll(() => page.getByText(p.analyses.wizard.checkNodes).count()).toBe(0);

        await page.getByRole('button', { name: p.analyses.wizard.next, exact: true }).click();
        await page.getByText(p.analyses.wizard.checkEntrypoint).waitFor();
        await page.getByRole('button', { name: p.analyses.files.upload, exact: true }).click();
        const upload = page.getByRole('dialog', { name: p.analyses.files.uploadTitle });
        const chooser = page.waitForEvent('filechooser');
        await upload.getByRole('button', { name: p.analyses.files.chooseFiles }).click();
        await (
          await chooser
        ).setFiles([
          { name: 'main.py', mimeType: 'text/x-python', buffer: Buffer.from('print("federated")\n') },
          { name: 'helpers.py', mimeType: 'text/x-python', buffer: Buffer.from('VALUE = 42\n') },
        ]);
        await upload
          .getByRole('progressbar', { name: fill(p.analyses.files.progress, { name: 'main.py' }) })
          .waitFor({ state: 'attached' });
        await check(page, `${language} upload modal`);
        await upload.getByRole('button', { name: p.analyses.files.start, exact: true }).click();
        await expect
          .poll(() => upload.getByText(p.analyses.files.uploaded, { exact: true }).count(), {
            timeout: 20_000,
          })
          .toBe(2);
        await upload.getByRole('button', { name: p.admin.dialog.close }).last().click();
        await page
          .getByRole('radio', { name: fill(p.analyses.files.setEntrypoint, { name: 'main.py' }) })
          .click();
        await expect
          .poll(() =>
            page
              .getByRole('radio', { name: fill(p.analyses.files.setEntrypoint, { name: 'main.py' }) })
              .isChecked(),
          )
          .toBe(true);
        await expect
          .poll(() => page.getByText(p.analyses.wizard.checkEntrypoint).count(), { timeout: 10_000 })
          .toBe(0);
        await check(page, `${language} wizard files`);

        await page.getByRole('button', { name: p.analyses.wizard.next, exact: true }).click();
        // The analysis starts with the project's master image; the researcher confirms it.
        await page
          .getByRole('textbox', { name: p.projects.masterImage.image, exact: true })
          .or(page.getByRole('combobox', { name: p.projects.masterImage.image, exact: true }))
          .first()
          .waitFor();
        await choose(page, p.projects.masterImage.group, '', image.group_virtual_path);
        await choose(page, p.projects.masterImage.image, '', image.name);
        await expect
          .poll(() => page.getByText(p.analyses.wizard.checkImage).count(), { timeout: 10_000 })
          .toBe(0);
        await check(page, `${language} wizard image`);
        await page.getByRole('button', { name: p.analyses.wizard.next, exact: true }).click();
        await page.getByText(p.analyses.security.noEffect).waitFor();
        // A researcher who may not read permissions is told why there is nothing to choose.
        await page.getByText(p.analyses.security.needsPermissionRead).waitFor();
        await check(page, `${language} wizard security`);

        // Finishing locks; the server refuses while the site's nodes have not approved.
        await page.getByRole('button', { name: p.analyses.wizard.finish, exact: true }).click();
        const nextSteps = page.getByRole('dialog', { name: p.analyses.wizard.nextSteps });
        expect(
          await nextSteps.getByRole('checkbox', { name: p.analyses.wizard.startBuild }).isChecked(),
        ).toBe(true);
        await check(page, `${language} next steps`);
        await nextSteps.getByRole('button', { name: p.analyses.wizard.execute, exact: true }).click();
        await nextSteps.getByText(p.analyses.refusal.nodeNotApproved).waitFor();

        // The node operator approves the analysis for both default nodes.
        await operatorPage.goto(`${server.url}/analyses/in`);
        const asked = operatorPage.getByRole('list', { name: p.analyses.incoming.label });
        await asked.getByText(analysisName).first().waitFor();
        await check(operatorPage, `${language} analyses in`);
        for (let approved = 0; approved < 2; approved += 1) {
          await asked
            .getByRole('button', { name: p.projects.approval.approve, disabled: false })
            .first()
            .click();
          await expect
            .poll(() =>
              asked.getByRole('button', { name: p.projects.approval.approve, disabled: false }).count(),
            )
            .toBe(1 - approved);
        }

        // A second page of the researcher follows the analysis list while the build starts.
        const watcher = await researcherContext.newPage();
        await watcher.goto(`${server.url}/analyses`);
        const card = watcher
          .getByRole('list', { name: p.analyses.list.label })
          .getByRole('listitem')
          .filter({ hasText: analysisName });
        await card.getByText(`${p.analyses.status.build}: ${p.analyses.status.none}`).waitFor();
        await check(watcher, `${language} analysis list`);

        await nextSteps.getByRole('button', { name: p.analyses.wizard.execute, exact: true }).click();
        await page.waitForURL(/\/analyses\/[^/]+$/);
        await nextSteps.waitFor({ state: 'detached' });
        // The build worker takes the job at once: the status may already have moved past "starting"
        // (the test registry's host does not resolve, so the build ends as failed).
        const { starting, started, failed } = p.analyses.status;
        const begun = [starting, started, failed].map(escapeRegExp).join('|');
        await page
          .getByTestId('build-status')
          .getByText(new RegExp(`(${begun})$`))
          .waitFor();
        await card
          .getByText(new RegExp(`^${escapeRegExp(p.analyses.status.build)}: (${begun})$`))
          .waitFor({ timeout: 15_000 });
        await check(page, `${language} analysis overview`);
        // Once the build started, the configuration is read-only.
        await page.goto(`${page.url()}/setup`);
        await page.getByText(p.analyses.wizard.readOnly).waitFor();
        expect(await page.getByRole('button', { name: p.analyses.nodes.add, exact: true }).count()).toBe(0);

        // Every page of the journey once more at 390 px, seen by the same person.
        const screens = [...new Map(visited.map((entry) => [`${entry.who}${entry.path}`, entry])).values()];
        for (const target of [page, operatorPage]) await target.setViewportSize({ width: 390, height: 844 });
        for (const { who, path } of screens) {
          const target = who === 'operator' ? operatorPage : page;
          await target.goto(`${server.url}${path}`);
          await target.getByRole('heading', { level: 1 }).first().waitFor();
          await check(target, `${language} 390 ${path}`);
        }
      } finally {
        await researcherContext.close();
        await operatorContext.close();
        visited.length = 0;
      }
    }, 240_000);
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
