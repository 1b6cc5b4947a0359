/**
 * What a person on a phone downloads and how fast the first screen appears: `npm run bench` (after the build).
 *
 * (a) Over the wire, in Debian's Chromium with an empty cache: every script, stylesheet and font of the welcome
 *     page and of the identity provider's login and registration pages — files, bytes as transferred
 *     (compressed), the content-encoding and cache-control they came with. Target: ≤ 100 KB of JavaScript.
 *     Then the funds page /calls of a person who has just registered with an organisation, opened in a new
 *     browser context that has the session's cookies and an empty cache: everything it fetches until the network is
 *     idle. Target: ≤ 150 KB of JavaScript. Then the welcome page and /calls again in a browser that accepts only
 *     gzip (Accept-Encoding: gzip, as a browser or proxy without Brotli sends it): the same targets.
 * (b) Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on the welcome page and on the
 *     provider's login page. Target: performance ≥ 0.95, accessibility 1, best practices ≥ 0.95.
 *
 * Figures only; nothing is asserted (the bundle budget in `npm test` is tests/e2e/bundle-budget.test.ts).
 * CHROME_PATH (or CHROMIUM_PATH) names the browser; /usr/bin/chromium by default.
 */
import lighthouse from 'lighthouse';
import type { Browser, Cookie } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startPortal } from '../e2e/support/portal.ts';
import { freePort } from '../support/portalProcess.ts';
import { registerApplicant } from '../e2e/support/applicationsPortal.ts';
import { CHROMIUM_ARGS } from '../e2e/support/browser.ts';

const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const JS_TARGET_KB = 100;
const CALLS_JS_TARGET_KB = 150;
const TARGETS = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 } as const;

interface Download {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
  cacheControl: string;
}

/**
 * Everything one page load fetched, with the bytes as they crossed the wire (headers excluded). `acceptEncoding`
 * replaces the browser's own Accept-Encoding (gzip, deflate, br, zstd).
 */
async function downloads(browser: Browser, url: string, cookies: Cookie[] = [], acceptEncoding?: string): Promise<Download[]> {
  const context = await browser.newContext(acceptEncoding === undefined ? {} : { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const seen: Download[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (response === null) return;
        const sizes = await request.sizes();
        const headers = await response.allHeaders();
        seen.push({
          url: request.url(),
          type: request.resourceType(),
          bytes: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'none',
          cacheControl: headers['cache-control'] ?? 'none',
        });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

function describeLoad(name: string, files: Download[], targetKb = JS_TARGET_KB): string[] {
  const scripts = files.filter((file) => file.type === 'script');
  const jsBytes = scripts.reduce((sum, file) => sum + file.bytes, 0);
  const allBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const lines = [
    `  ${name}: ${files.length} files, ${kb(allBytes).trim()} in all; JavaScript ${scripts.length} files, ${kb(jsBytes).trim()} (target ≤ ${targetKb} KB: ${jsBytes / 1024 <= targetKb ? 'met' : 'NOT MET'})`,
  ];
  for (const file of files) {
    const path = new URL(file.url).pathname;
    lines.push(
      `    ${file.type.padEnd(10)} ${kb(file.bytes)}  ${file.encoding.padEnd(5)} ${file.cacheControl.padEnd(36)} ${path.length > 60 ? `${path.slice(0, 57)}…` : path}`,
    );
  }
  return lines;
}

/** The provider's login (or registration) page: the URL the portal's Accedi leads to, after its redirects. */
async function providerPage(base: string, screen: 'login' | 'register'): Promise<{ url: string; cookie: string }> {
  const cookies = new Map<string, string>();
  let url = `${base}/api/Jwt/login?screen=${screen}`;
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location === null) return { url, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects on the way to the provider login page');
}

const portal = await startPortal();
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  // Lighthouse drives the same browser through its debugging port.
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
});

try {
  const output = ['', 'First loads (empty cache, bytes as transferred)'];
  output.push(...describeLoad('welcome page /', await downloads(browser, `${portal.url}/`)));
  for (const screen of ['login', 'register'] as const) {
    output.push(...describeLoad(`provider ${screen} page`, await downloads(browser, `${portal.url}/api/Jwt/login?screen=${screen}`)));
  }
  const signup = await browser.newContext();
  await registerApplicant(await signup.newPage(), signup, portal, {
    firstName: 'Paola',
    lastName: 'Prima',
    email: `prima-visita-${Date.now()}@esempio.it`,
    organizations: ['Comune di Prima Visita'],
  });
  const session = await signup.cookies(portal.url);
  await signup.close();
  output.push(
    ...describeLoad('funds page /calls, signed in', await downloads(browser, `${portal.url}/calls`, session), CALLS_JS_TARGET_KB),
    ...describeLoad('welcome page /, gzip only', await downloads(browser, `${portal.url}/`, [], 'gzip')),
    ...describeLoad(
      'funds page /calls, signed in, gzip only',
      await downloads(browser, `${portal.url}/calls`, session, 'gzip'),
      CALLS_JS_TARGET_KB,
    ),
  );
  console.log(output.join('\n'));

  const scores = ['', 'Lighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown)'];
  const pages = [
    { name: 'welcome page /', ...{ url: `${portal.url}/`, cookie: '' } },
    { name: 'provider login page', ...(await providerPage(portal.url, 'login')) },
  ];
  for (const target of pages) {
    const result = await lighthouse(
      target.url,
      {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        ...(target.cookie ? { extraHeaders: { cookie: target.cookie } } : {}),
      },
      undefined,
    );
    if (result === undefined) throw new Error(`Lighthouse gave no result for ${target.url}`);
    const { categories, audits } = result.lhr;
    const figures = Object.entries(TARGETS).map(([id, target]) => {
      const score = categories[id]?.score ?? 0;
      return `${id} ${score.toFixed(2)} (≥ ${target}: ${score >= target ? 'met' : 'NOT MET'})`;
    });
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    scores.push(`  ${target.name.padEnd(22)} ${figures.join(', ')}`);
    scores.push(
      `  ${''.padEnd(22)} FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    const failing = Object.keys(TARGETS).flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${ref.id} ${audits[ref.id]?.score?.toFixed(2) ?? ''}`),
    );
    if (failing.length > 0) scores.push(`  ${''.padEnd(22)} below 0.9: ${failing.join(', ')}`);
  }
  console.log(`${scores.join('\n')}\n`);
} finally {
  await browser.close();
  await portal.close();
}
