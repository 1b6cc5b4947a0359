/**
 * `npm run screenshots`: PNGs of every route of the spec's route table, for the visitor, the applicant and the
 * admin, at 1280 and 390 px wide — the first screen and the whole page — and of each application wizard step,
 * on the demo data, into `screenshots/` (not committed). Look at them before calling a screen done.
 * `SCREENSHOTS_ONLY=admin-panel,account` limits it to the routes whose name contains one of those.
 *
 * Runs the built client (npm run build first: the npm script does) on an in-memory database.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser.ts';
import { ROUTE_TABLE, settle, startTour, unfoldWizardSteps, wizardStepButtons, type ViewportName } from '../tests/e2e/support/routeTour.ts';

const OUT = path.resolve(process.argv[2] ?? 'screenshots');
const WIDTHS: ViewportName[] = ['desktop', 'phone'];
const only = process.env.SCREENSHOTS_ONLY?.split(',').filter(Boolean);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const tour = await startTour({ launch: launchBrowser });
let written = 0;
try {
  for (const route of ROUTE_TABLE) {
    if (only && !only.some((name) => route.name.includes(name))) continue;
    for (const viewport of WIDTHS) {
      const page = await tour.open(route, viewport);
      const base = `${route.role}-${route.name}-${viewport}`;
      // The first screen (what a person sees on arrival) and the whole page.
      await page.screenshot({ path: path.join(OUT, `${base}.png`) });
      await page.screenshot({ path: path.join(OUT, `${base}-full.png`), fullPage: true });
      written += 2;
      if (route.wizard) {
        const steps = wizardStepButtons(page);
        await unfoldWizardSteps(page);
        const count = await steps.count();
        for (let index = 1; index < count; index += 1) {
          // On a phone the steps fold behind "Mostra tutti i passi" again after each step change.
          await unfoldWizardSteps(page);
          await steps.nth(index).click();
          await settle(page);
          await page.screenshot({ path: path.join(OUT, `${base}-step${index + 1}.png`), fullPage: true });
          written += 1;
        }
      }
      await page.close();
    }
  }
} finally {
  await tour.close();
}
console.log(`${written} screenshots in ${OUT}`);
