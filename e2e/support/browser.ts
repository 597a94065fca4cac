import { existsSync } from 'node:fs';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's chromium; the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether browser tests can run. Without chromium they are skipped with one loud line, unless
 * REQUIRE_ALL=1, where a missing browser is a failure.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `BROWSER TESTS SKIPPED: ${CHROMIUM_PATH} not found; install it with "apt-get install -y chromium".`;
  if (process.env.REQUIRE_ALL === '1') throw new Error(message);
  console.warn(message);
  return false;
}

/** Starts a headless chromium; close it in `afterAll`. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  /** The offending markup as axe saw it (captured in the same pass, so vanished elements still show). */
  elements: string[];
}

/**
 * Waits until the page's finite CSS transitions and animations have ended (a dialog fading in, a
 * notification sliding in). Mid-fade, text is drawn half transparent and axe would measure a
 * contrast no user sees once the screen settles. Endless animations (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.allSettled(finite.map((animation) => animation.finished));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Runs axe-core in the page, once it has settled, and returns the serious and critical findings. */
export async function seriousAccessibilityFindings(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  await page.addScriptTag({ content: axe.source });
  const findings = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      elements: violation.nodes.map(
        (node) => `${node.target.join(' ')}: ${node.html.slice(0, 300)} (${node.failureSummary ?? ''})`,
      ),
    }));
  });
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

/** Measurements of one screen before a finding counts: see `expectAccessible`. */
const ACCESSIBILITY_PASSES = 3;

/**
 * Fails with the offending markup when axe finds a serious or critical violation on the page. A
 * screen can start moving while axe measures (a notification that times out and fades, a dialog
 * that opens a frame later), and a half-transparent frame is no screen a user reads; so a finding
 * counts only when it is still there after the page has settled again, up to three passes. A real
 * violation is in every pass.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  let offending: { id: string; help: string; element: string }[] = [];
  for (let pass = 1; pass <= ACCESSIBILITY_PASSES; pass += 1) {
    if (pass > 1) await page.waitForTimeout(500);
    offending = (await seriousAccessibilityFindings(page)).flatMap((finding) =>
      finding.elements.map((element) => ({ id: finding.id, help: finding.help, element })),
    );
    if (offending.length === 0) break;
  }
  expect(offending, screen).toEqual([]);
}
