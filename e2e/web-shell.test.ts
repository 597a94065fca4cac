import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, expectAccessible } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.skipIf(!browserAvailable())('the web shell in a browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.destroy();
  });
  afterEach(async () => {
    await context?.close();
  });

  /** A fresh page with its own storage, so a remembered language never leaks between tests. */
  async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it('shows the shell with the title "Federa HUB", sending a logged-out visitor of / to the login', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.title()).toBe('Federa HUB');
    const topMenu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await topMenu.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    const sideMenu = page.getByRole('navigation', { name: 'Section menu' });
    expect(await sideMenu.getByRole('link', { name: 'Login' }).getAttribute('aria-current')).toBe('page');
    expect(await sideMenu.getByRole('link', { name: 'Projects' }).count()).toBe(0);
  });

  it('answers an unknown path with "Page Not Found: /nope"', async () => {
    const page = await open('/nope');
    await page.getByRole('heading', { name: 'Page Not Found: /nope' }).waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
  });

  it('switches to German and stays German after a reload', async () => {
    const page = await open('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    const topMenu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await topMenu.getByRole('link', { name: 'Startseite' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Bereichsmenü' })
        .getByRole('link', { name: 'Anmelden' })
        .isVisible(),
    ).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    await page.reload();
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Startseite' })
      .waitFor();
    expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
  });

  it('has no serious or critical accessibility violations', async () => {
    const desktop = { width: 1280, height: 800 };
    const phone = { width: 390, height: 760 };
    for (const [path, viewport] of [
      ['/', desktop],
      ['/nope', desktop],
      ['/admin/realms', desktop],
      ['/', phone],
    ] as const) {
      const page = await open(path, viewport);
      await page.locator('main h1').waitFor();
      await expectAccessible(page, `${path} at ${viewport.width}px`);
      await context.close();
    }
  });

  it('can be used with the keyboard: skip link first, then the menus', async () => {
    const page = await open('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('main').evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
