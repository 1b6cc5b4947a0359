import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buttonsTouching } from './targets.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs in every page before the portal's scripts: keeps each Content-Security-Policy violation the page reports. */
function recordCspViolations() {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
  });
}

/** Stops at once, with the command to run, where Debian's Chromium is missing. */
function requireChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
}

/**
 * Debian's Chromium, headless; the flags keep it off the network this machine does not have. Every context it
 * opens records CSP violations, and `expectAccessible` (called on every page a test visits) fails on any:
 * whatever the portal needs (SurveyJS, vanilla-extract, the provider's pages) must work under the real policy.
 * `extraArgs`: more flags (the https suite's trust in its proxy's certificate).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  requireChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(recordCspViolations);
    return context;
  };
  return browser;
}

/**
 * A browser of its own with a profile on disk, as a person's browser is: what it keeps between tabs and visits (the
 * HTTP cache, and V8's cache of the scripts it has compiled) lasts as long as the profile. A context of
 * `launchBrowser` is an incognito one, where Chromium keeps no compiled code: each new tab compiles every script
 * again. The profile's folder is removed when the context closes.
 */
export async function launchProfile(options: BrowserContextOptions): Promise<BrowserContext> {
  requireChromium();
  const folder = mkdtempSync(path.join(tmpdir(), 'portale-fondi-profile-'));
  const context = await chromium.launchPersistentContext(folder, { ...options, executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // Once the browser has exited: before, it may still be writing its cache.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
  await context.addInitScript(recordCspViolations);
  return context;
}

/** Headless Chromium's flags here: no sandbox (containers), no GPU, and nothing that reaches for the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * WCAG 2.1 A and AA rules on the page as it is now; any violation fails the test with its description. Also no two
 * buttons touching (support/targets.ts): not a WCAG 2.1 rule, but two targets that touch read as one.
 */
export async function expectAccessible(page: Page) {
  // Mid-animation (a drawer sliding over the backdrop) colours are blends no person reads: judge the settled page.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const cspViolations = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  expect(cspViolations, `Content-Security-Policy violations on ${page.url()}`).toEqual([]);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
  expect(await buttonsTouching(page), `buttons touching on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the page's h1 reads `text`. After a client-side navigation the URL changes before the new page
 * renders, so reading the heading at once would race the render.
 */
export async function expectHeading(page: Page, text: string) {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}
