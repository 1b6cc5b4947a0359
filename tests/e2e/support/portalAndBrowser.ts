import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startPortal } from './portal.ts';

type Portal = Awaited<ReturnType<typeof startPortal>>;

export interface PortalAndBrowser<P> {
  /** The running portal; read it in hooks and tests, not while the file is collected. */
  readonly portal: P;
  readonly browser: Browser;
  /** A new person: a context of their own (Italian, unless `options` say otherwise) and its first page. */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One portal and one browser for the whole test file, as nearly every e2e file needs: both started in a
 * `beforeAll` registered where this is called (so the file's own `beforeAll` hooks below it find them running) and
 * closed after the file's own `afterAll` hooks, the browser first. `start` starts the portal: `startPortal()` unless
 * the file needs another configuration or the database (`() => startPortalWithDatabase({ … })`).
 */
export function usePortalAndBrowser(): PortalAndBrowser<Portal>;
export function usePortalAndBrowser<P extends { close(): Promise<unknown> }>(start: () => Promise<P>): PortalAndBrowser<P>;
export function usePortalAndBrowser(start: () => Promise<{ close(): Promise<unknown> }> = () => startPortal()) {
  let portal: { close(): Promise<unknown> } | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    portal = await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  const running = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`The ${name} is not running: read it in a hook or a test, after beforeAll`);
    return value;
  };
  return {
    get portal() {
      return running(portal, 'portal');
    },
    get browser() {
      return running(browser, 'browser');
    },
    async newPage(options: BrowserContextOptions = {}) {
      const context = await running(browser, 'browser').newContext({ locale: 'it-IT', ...options });
      const page = await context.newPage();
      return { context, page };
    },
  };
}
