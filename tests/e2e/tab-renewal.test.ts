import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';

/**
 * The portal's renewal of the session across tabs (src/auth/tabRenewal.ts over the browser's token store,
 * `browserTokenStore` of src/auth/tokenCookies.ts), run as the browser runs it: two tabs of one Chromium, its Web Locks and its cookie store.
 * The provider's answer is made up in the page, so each round takes milliseconds and the race can be run many times:
 * tab-sessions.test.ts covers the same moment with the real provider, at 5 seconds a round.
 */
const ROUNDS = 100;

/** The page's half: the browser's token store and renewal, and one round of a tab as a page does it (refresh token read at its start). */
const ENTRY = `
import { browserTokenStore } from './src/auth/tokenCookies.ts';
import { renewForEveryTab } from './src/auth/tabRenewal.ts';

const host = browserTokenStore();
/** An access token the renewal can read: a JWT whose exp is an hour away. */
const accessToken = (name) => 'h.' + btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, name })) + '.s';

window.startRound = (round) => host.writeTokens({ token: accessToken('start'), refreshToken: 'start-' + round, idToken: 'id' });
window.readRefreshToken = () => host.readTokens()?.refreshToken ?? null;
window.renewRound = async (round, tab, refreshToken) => {
  const renewedFrom = [];
  const tokens = await renewForEveryTab(host, refreshToken, async (from) => {
    renewedFrom.push(from);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { token: accessToken(tab), refresh_token: 'renewed-' + round + '-' + tab, id_token: 'id', expires_in: 3600 };
  });
  return { renewedFrom, refreshToken: tokens.refresh_token };
};
`;

let server: Server;
let browser: Browser;
let tabs: Page[];

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: fileURLToPath(new URL('../..', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
  });
  const script = bundle.outputFiles[0]!.text;
  server = createServer((request, response) => {
    if (request.url === '/renewal.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(script);
      return;
    }
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end('<!doctype html><html lang="it"><title>Rinnovo</title><script src="/renewal.js"></script></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // localhost: a secure context, where the browser offers Web Locks.
  const url = `http://localhost:${(server.address() as { port: number }).port}/`;
  browser = await launchBrowser();
  const context = await browser.newContext();
  tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) await tab.goto(url);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

interface RoundResult {
  renewedFrom: string[];
  refreshToken: string;
}

describe('two tabs renewing the session at the same moment, in Chromium', () => {
  it(`renew once and share the new tokens, round after round (${ROUNDS} rounds)`, async () => {
    const rounds: RoundResult[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await tabs[0]!.evaluate(`startRound(${round})`);
      // Each tab starts from the refresh token in the cookies, as a page does when it loads.
      const held = await Promise.all(tabs.map((tab) => tab.waitForFunction(`readRefreshToken() === 'start-${round}' && 'start-${round}'`)));
      const results = await Promise.all(
        tabs.map(async (tab, index) =>
          tab.evaluate(`renewRound(${round}, 'tab${index}', ${JSON.stringify(await held[index]!.jsonValue())})`),
        ),
      );
      rounds.push(results as RoundResult[]);
    }

    // Every round: one renewal, from that round's token, whose new tokens both tabs hold. A tab that read the old
    // refresh token after the other had renewed would have renewed with it again (a second entry here): the provider
    // takes that as a stolen token and ends the session.
    const summary = rounds.map((results, round) => ({
      renewedFrom: results.flatMap((result) => result.renewedFrom),
      shared: results[0]!.refreshToken === results[1]!.refreshToken,
      round,
    }));
    expect(summary.filter((entry) => entry.renewedFrom.length !== 1 || !entry.shared)).toEqual([]);
    expect(summary.every((entry, round) => entry.renewedFrom[0] === `start-${round}`)).toBe(true);
  });
});
