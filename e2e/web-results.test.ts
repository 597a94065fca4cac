/**
 * The results tab of a finished analysis in the browser. The finished state is seeded through the
 * API as the node agents leave it (no build, no agents: those are e2e/demo.test.ts's), so the test
 * stays fast: the aggregator's robot uploads the result into the RESULT bucket and both nodes'
 * robots report `finished`. The researcher then sees the download link (which serves the result),
 * each node's status and a node's log line; axe finds no serious violation at 1280 and 390 px.
 */
import { randomBytes } from 'node:crypto';
import { en } from '@federa/phrases';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_PASSWORD = 'Hub-Results-Admin-Passw0rd';
const SCREENSHOTS = process.env.HUB_SCREENSHOTS === '1';
const RESULT = 'mean age: 47.5 (2 sites)';
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

describe.skipIf(!browserAvailable())('the results tab of a finished analysis', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let adminToken: string;
  let analysisId: string;
  const suffix = randomBytes(3).toString('hex');
  const nodeNames = { site: `clinic-${suffix}`, aggregator: `aggregator-${suffix}` };

  const call = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const admin = <T>(method: string, path: string, body?: unknown) => call<T>(adminToken, method, path, body);

  const token = async (payload: Record<string, string>) => {
    const body = await call<{ access_token: string }>('', 'POST', '/auth/token', payload);
    return body.access_token;
  };

  /** A node of the master realm and its robot's token, as the agent signs in. */
  const createNode = async (name: string, type: string, registryId: string) => {
    const node = await admin<{ id: string; robot_id: string; robot_secret: string }>('POST', '/core/nodes', {
      name,
      type,
      registry_id: registryId,
    });
    const robotToken = await token({
      grant_type: 'robot_credentials',
      id: node.robot_id,
      secret: node.robot_secret,
    });
    return { id: node.id, robotToken };
  };

  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_PASSWORD } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    adminToken = await token({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD });

    await admin('POST', '/core/master-images/command', { command: 'sync' });
    const images = await admin<{ data: { id: string }[] }>(
      'GET',
      '/core/master-images?filter[path]=python/base',
    );
    const registry = await admin<{ id: string }>('POST', '/core/registries', {
      name: `registry-${suffix}`,
      host: 'registry.example.org',
    });
    const site = await createNode(nodeNames.site, 'default', registry.id);
    const aggregator = await createNode(nodeNames.aggregator, 'aggregator', registry.id);

    const project = await admin<{ id: string; realm_id: string }>('POST', '/core/projects', {
      name: `Study ${suffix}`,
      master_image_id: images.data[0]!.id,
    });
    for (const node of [site, aggregator]) {
      const link = await admin<{ id: string; approval_status: string | null }>(
        'POST',
        '/core/project-nodes',
        {
          project_id: project.id,
          node_id: node.id,
        },
      );
      if (link.approval_status !== 'approved') {
        await admin('POST', `/core/project-nodes/${link.id}`, { approval_status: 'approved' });
      }
    }
    const analysis = await admin<{ id: string }>('POST', '/core/analyses', {
      project_id: project.id,
      name: `Means ${suffix}`,
    });
    analysisId = analysis.id;
    const analysisNodes: Record<string, string> = {};
    for (const node of [site, aggregator]) {
      const row = await admin<{ id: string; approval_status: string | null }>(
        'POST',
        '/core/analysis-nodes',
        {
          analysis_id: analysisId,
          node_id: node.id,
        },
      );
      analysisNodes[node.id] = row.id;
      if (row.approval_status !== 'approved') {
        await call(node.robotToken, 'POST', `/core/analysis-nodes/${row.id}`, {
          approval_status: 'approved',
        });
      }
    }

    // What the agents leave behind: a log line, the aggregator's result, and both runs finished.
    await call(site.robotToken, 'POST', '/core/analysis-node-logs', {
      analysis_id: analysisId,
      node_id: site.id,
      level: 'info',
      message: `site ${suffix}: 12 rows read`,
    });
    const form = new FormData();
    form.append('files[0]', new Blob([RESULT]), 'result.txt');
    await call(
      aggregator.robotToken,
      'POST',
      `/storage/buckets/analysis-result-files.${analysisId}/upload?realm_id=${project.realm_id}`,
      form,
    );
    for (const node of [site, aggregator]) {
      for (const status of ['running', 'finished']) {
        await call(node.robotToken, 'POST', `/core/analysis-nodes/${analysisNodes[node.id]}`, {
          run_status: status,
        });
      }
    }
    // The analysis' own status follows its nodes' (after the write, by a domain event).
    for (let attempt = 0; ; attempt += 1) {
      const record = await admin<{ run_status: string | null }>('GET', `/core/analyses/${analysisId}`);
      if (record.run_status === 'finished') break;
      if (attempt > 200) throw new Error(`the analysis stayed ${record.run_status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.destroy();
  });

  async function signIn(page: Page) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: en.app.login.name, exact: true }).fill('admin');
    await page.getByLabel(en.app.login.password).and(page.locator('input')).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: en.app.login.submit }).click();
    await page.waitForURL(`${server.url}/`);
  }

  async function check(page: Page, screen: string) {
    await page.waitForLoadState('networkidle');
    if (SCREENSHOTS) await page.screenshot({ path: `/tmp/hub-results-${screen}.png`, fullPage: true });
    await expectAccessible(page, `results ${screen}`);
  }

  it('offers the result for download and shows each node finished, with its logs', async () => {
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/analyses/${analysisId}/results`);

    const results = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: en.analyses.results.title, exact: true }),
    });
    const download = results.getByRole('link', { name: en.analyses.results.download });
    await download.waitFor();
    expect(await download.getAttribute('data-disabled')).toBeNull();
    const href = (await download.getAttribute('href'))!;
    expect(href).toContain(`/core/analyses/${analysisId}/result/download`);
    // The link serves what the aggregator wrote.
    const archive = await fetch(new URL(href, server.url), {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(archive.status).toBe(200);
    expect(Buffer.from(await archive.arrayBuffer()).toString('utf8')).toContain(RESULT);

    for (const name of Object.values(nodeNames)) {
      const row = results.getByRole('listitem').filter({ hasText: name });
      await row.getByText(en.analyses.status.finished, { exact: true }).waitFor();
    }
    await check(page, '1280');

    await page.getByRole('tab', { name: fill(en.analyses.logs.node, { name: nodeNames.site }) }).click();
    await page.getByText(`site ${suffix}: 12 rows read`).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await results.getByRole('link', { name: en.analyses.results.download }).waitFor();
    await check(page, '390');
    await page.close();
  });
});
