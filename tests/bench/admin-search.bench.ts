/**
 * (b) Browser: a keystroke in the admin panel's search box → the organisation list repainted, at 5,000
 * organisations, in Debian's Chromium. `npm run bench` runs it after admin-list.bench.ts.
 *
 * For each key: the time from the key event (its timeStamp, in the page) to the first animation frame after
 * the list's DOM changed (a MutationObserver on the tab panel, then requestAnimationFrame + a task, i.e. after
 * the frame was produced). Figures only; no timing is asserted. Target: < 50 ms.
 */
import type { Page } from 'playwright-core';
import { insertBulkOrganizations } from '../support/bulkApplications.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { loginAsAdmin, startPortalWithDatabase } from '../e2e/support/applicationsPortal.ts';

const ORGANIZATIONS = 5_000;
const TARGET_MS = 50;
/**
 * Typed and erased, chosen so that (nearly) every key changes the listed organisations — a key that leaves the
 * list as it was repaints nothing, so it has nothing to measure (counted apart, and each costs a 1.5 s wait).
 * The seeded names are "<kind> <comune> <n>" (tests/support/bulkApplications.ts).
 */
const KEYS = [
  ...'comu',
  ...Array(4).fill('Backspace'),
  ...'123',
  ...Array(3).fill('Backspace'),
  ...'fond',
  ...Array(4).fill('Backspace'),
  ...'alb',
  ...Array(3).fill('Backspace'),
  ...'47',
  ...Array(2).fill('Backspace'),
];
const ROUNDS = 3;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

/**
 * The in-page half, installed once. It is plain JavaScript text on purpose: tsx compiles this file with
 * esbuild's keepNames, which wraps named functions in a `__name(…)` helper that exists in Node, not in the page,
 * so a function handed to page.evaluate() would throw "__name is not defined" there.
 *
 * arm() starts watching the list; the result (key → repaint in ms, or null when the list did not change within
 * 1.5 s) is left in window.__benchResult, a promise page.evaluate() awaits.
 */
const IN_PAGE = `
window.__benchArm = function () {
  var panel = document.querySelector('[role="tabpanel"]');
  var keyAt = null;
  document.addEventListener('keydown', function (event) { keyAt = event.timeStamp; }, { capture: true, once: true });
  window.__benchResult = new Promise(function (resolve) {
    var observer = new MutationObserver(function () {
      observer.disconnect();
      clearTimeout(timeout);
      requestAnimationFrame(function () {
        setTimeout(function () { resolve(keyAt === null ? null : performance.now() - keyAt); });
      });
    });
    var timeout = setTimeout(function () { observer.disconnect(); resolve(null); }, 1500);
    observer.observe(panel, { subtree: true, childList: true, characterData: true });
  });
};
`;

/** Arms the observer, presses the key, resolves with key → repaint in ms (null when the list did not change). */
async function measureKey(page: Page, key: string): Promise<number | null> {
  await page.evaluate('window.__benchArm()');
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  return (await page.evaluate('window.__benchResult')) as number | null;
}

const portal = await startPortalWithDatabase();
const seedStarted = performance.now();
await insertBulkOrganizations(portal.db, ORGANIZATIONS);
const seedMs = performance.now() - seedStarted;
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ locale: 'it-IT' });
  const page = await context.newPage();
  await loginAsAdmin(page, portal.url);
  const loadStarted = performance.now();
  await page.getByRole('table', { name: 'Organizzazioni e candidature' }).waitFor({ timeout: 60_000 });
  const firstListMs = performance.now() - loadStarted;
  await page.evaluate(IN_PAGE);
  const box = page.getByRole('searchbox', { name: 'Cerca organizzazione' });
  await box.click();

  // Warm-up: one round not counted (JIT, first renders of each code path).
  for (const key of KEYS) await measureKey(page, key);
  const samples: number[] = [];
  let unchanged = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of KEYS) {
      const value = await measureKey(page, key);
      if (value === null) unchanged += 1;
      else samples.push(value);
    }
  }
  if (samples.length === 0) throw new Error('no keystroke changed the list: nothing was measured');
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  console.log(
    [
      '',
      `(b) browser: keystroke in the search box → list repainted — ${ORGANIZATIONS} organisations (seeded in ${(seedMs / 1000).toFixed(1)} s), Chromium headless`,
      `  list first shown after login                ${ms(firstListMs)}`,
      `  key → repaint                               median ${ms(p50)}   p95 ${ms(p95)}   max ${ms(Math.max(...samples))}   (${samples.length} keystrokes, ${unchanged} left the list unchanged)`,
      `  target: p95 < ${TARGET_MS} ms                          ${p95 < TARGET_MS ? 'met' : 'NOT MET'}`,
      '',
    ].join('\n'),
  );
  await context.close();
} finally {
  await browser.close();
  await portal.close();
}
