/**
 * Every screen of the route tour (tests/e2e/support/routeTour.ts), opened in Debian's Chromium on the built client
 * with the demo data (`npm run seed:demo`'s) on PGlite, each by its person (visitor, applicant, admin): the time
 * from the navigation's start to the screen being interactive. `npm run bench` runs it after the build.
 *
 * Interactive: the page's main heading is visible, no loading indicator is shown (a `role="status"` labelled
 * "Caricamento…": the route's pending page, a spinner waiting for data, a survey waiting for SurveyJS) and the
 * first control of the main content, if it has one, is visible and enabled — and it stays so until the network is
 * idle. The moment is taken in the page (performance.now(), from the navigation's start), so the driver's own
 * latency is not counted. Each route is opened once to warm the browser's cache and the server, then ROUNDS times
 * in a new tab of the same session, as a person who comes back to a link; the median is printed beside the target.
 * Figures only; no timing is asserted.
 *
 * Each person browses in a browser profile of their own, as people do (launchProfile): a returning person's browser
 * has the portal's scripts compiled already. `BENCH_BROWSER=incognito` opens them in incognito contexts instead,
 * where Chromium compiles every script again in each tab.
 */
import { launchBrowser, launchProfile } from '../e2e/support/browser.ts';
import { ROUTE_TABLE, startTour, type TourRoute } from '../e2e/support/routeTour.ts';

const TARGET_MS = 1000;
const ROUNDS = 3;
/** How long the page must stay interactive once the network is idle before its moment is read. */
const QUIET_MS = 300;

/**
 * The in-page half, installed before the portal's scripts. Plain JavaScript text on purpose: tsx compiles this file
 * with esbuild's keepNames, whose `__name(…)` helper exists in Node, not in the page (see admin-search.bench.ts).
 * window.__interactiveSince is the moment the page last became interactive, null while it is not.
 */
const IN_PAGE = `
(function () {
  window.__interactiveSince = null;
  var CONTROLS = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"]';
  function visible(element) { return element !== null && element.checkVisibility(); }
  function interactive() {
    if (!visible(document.querySelector('h1'))) return false;
    var statuses = document.querySelectorAll('[role="status"][aria-label]');
    for (var i = 0; i < statuses.length; i++) {
      if (/caricamento/i.test(statuses[i].getAttribute('aria-label') || '') && visible(statuses[i])) return false;
    }
    var main = document.querySelector('main') || document.body;
    var controls = main.querySelectorAll(CONTROLS);
    for (var j = 0; j < controls.length; j++) {
      if (!visible(controls[j])) continue;
      return !controls[j].matches(':disabled') && controls[j].getAttribute('aria-disabled') !== 'true';
    }
    return true;
  }
  function check() {
    var now = performance.now();
    if (interactive()) { if (window.__interactiveSince === null) window.__interactiveSince = now; }
    else window.__interactiveSince = null;
    requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
})();
`;

interface InPage {
  __interactiveSince: number | null;
}

/** Opens the route in a new tab of its person's session: navigation start → interactive, in ms. */
async function timeRoute(route: TourRoute): Promise<number> {
  const page = await tour.newPage(route.role, 'desktop');
  try {
    await page.addInitScript(IN_PAGE);
    await page.goto(`${tour.portal.url}${route.path(tour.ids)}`);
    await page.waitForLoadState('networkidle');
    // Interactive, and still so QUIET_MS later: a screen that shows its heading and then a spinner is not ready.
    for (;;) {
      // A function, not a string: the portal's Content-Security-Policy forbids evaluating strings in the page.
      const handle = await page.waitForFunction(() => (window as unknown as InPage).__interactiveSince, undefined, { timeout: 60_000 });
      const since = (await handle.jsonValue()) as number;
      await page.waitForTimeout(QUIET_MS);
      if ((await page.evaluate('window.__interactiveSince')) === since) return since;
    }
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value).toString().padStart(5)} ms`;

/** BENCH_ROUTES=name,name… times only those screens of the tour (all of them when unset). */
const only = process.env.BENCH_ROUTES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const routes = only ? ROUTE_TABLE.filter((route) => only.includes(route.name)) : ROUTE_TABLE;
if (only && routes.length !== only.length) {
  const known = new Set(ROUTE_TABLE.map((route) => route.name));
  throw new Error(`BENCH_ROUTES names no screen of the tour: ${only.filter((name) => !known.has(name)).join(', ')}`);
}

const incognito = process.env.BENCH_BROWSER === 'incognito';
const started = performance.now();
const tour = await startTour(incognito ? { launch: launchBrowser } : { profile: launchProfile });
const setupMs = performance.now() - started;

try {
  const rows: string[] = [];
  let met = 0;
  for (const route of routes) {
    const samples: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const value = await timeRoute(route);
      if (round > 0) samples.push(value); // round 0 warms the cache and the server
    }
    const value = median(samples);
    if (value <= TARGET_MS) met += 1;
    rows.push(
      `  ${route.role.padEnd(9)} ${route.name.padEnd(34)} median ${ms(value)}   max ${ms(Math.max(...samples))}   ${value <= TARGET_MS ? 'met' : 'NOT MET'}`,
    );
  }
  console.log(
    [
      '',
      `Route tour: navigation start → interactive (heading shown, nothing loading, first control enabled), Chromium headless (${incognito ? 'incognito contexts' : 'a profile per person'}), demo data on PGlite (set up in ${(setupMs / 1000).toFixed(1)} s)`,
      `  median of ${ROUNDS} loads after a warm-up, each in a new tab of the person's session; target ≤ ${TARGET_MS} ms`,
      ...rows,
      `  ${met} of ${routes.length} routes within the target`,
      '',
    ].join('\n'),
  );
} finally {
  await tour.close();
}
