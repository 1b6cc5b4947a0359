import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { describeEveryRouteFits, horizontalOverflow, label, useTour } from './support/reflow.ts';
import { ROUTE_TABLE, unfoldWizardSteps } from './support/routeTour.ts';

/**
 * The route tour's reflow checks (tests/e2e/support/reflow.ts) for visitors and applicants, the wizards' step
 * indicators on a phone and the surveys' matrices. The admins' routes are in reflow-admin.test.ts.
 */
const tour = useTour();

describeEveryRouteFits(['visitor', 'applicant'], tour);

describe('step indicators on a phone (the application wizards and the review survey)', () => {
  const wizards = ['tur-candidatura', 'pui-candidatura', 'tur-istruttoria'].map((name) =>
    ROUTE_TABLE.find((route) => route.name === name)!,
  );
  it.each(wizards.map((route) => [label(route), route] as const))(
    '%s: one line "Passo 1 di N · …" at 390 px, the list on demand, nothing scrolling sideways either way',
    async (_name, route) => {
      const page = await tour().open(route, 'phone');
      try {
        await page.getByText(/^Passo 1 di \d \u00b7 /).waitFor();
        const toggle = page.getByRole('button', { name: 'Mostra tutti i passi' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await horizontalOverflow(page)).toMatchObject({ documentScrolls: false, stickingOut: [], scrollingUnmarked: [] });
        await unfoldWizardSteps(page);
        expect(await page.getByRole('button', { name: 'Nascondi i passi' }).getAttribute('aria-expanded')).toBe('true');
        expect(await horizontalOverflow(page)).toMatchObject({ documentScrolls: false, stickingOut: [], scrollingUnmarked: [] });
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    },
  );
});

describe('SurveyJS matrices reflow (review surveys)', () => {
  it('stack their rows as cards on a phone, and a matrix still wider than its box is a named scroll region a keyboard reaches', async () => {
    const route = ROUTE_TABLE.find((candidate) => candidate.name === 'tur-istruttoria')!;
    const page = await tour().open(route, 'narrow');
    try {
      expect(await page.locator('.sd-question--mobile.sd-question--table').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-scroll-region="table"]').count()).toBe(0);
      // A desktop whose matrix columns no longer fit (simulated by widening the tables).
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.addStyleTag({ content: '.sd-table { min-width: 2000px !important; }' });
      const region = page.getByRole('region', { name: 'Tabella: Stato delle autorizzazioni necessarie alla realizzazione' });
      await expect.poll(() => region.getAttribute('data-scroll-region')).toBe('table');
      expect(await region.getAttribute('tabindex')).toBe('0');
      await region.focus();
      expect(await region.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
      // Back to fitting: the box is plain again, no extra tab stop.
      await page.addStyleTag({ content: '.sd-table { min-width: 0 !important; }' });
      await expect.poll(() => page.locator('[data-scroll-region="table"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
