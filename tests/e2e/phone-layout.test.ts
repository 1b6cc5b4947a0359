import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { monitoringPeriods, monitoringRounds } from '../../server/db/schema/monitoring.ts';
import { monitoringPeriodsEnv } from '../support/monitoringPeriods.ts';
import { signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * A 390 px phone: /monitoraggio shows each period as a card with its "Compila" in view, and the application
 * wizard opens with the focus on its step heading and a one-line step indicator ("Passo 1 di 6 · Progetto")
 * whose list of steps opens on demand, from the keyboard.
 */

const ORGANIZATION = 'Comune di Monte Telefono';
const PHONE = { width: 390, height: 844 };

const e2e = usePortalAndBrowser(() => startPortalWithDatabase(monitoringPeriodsEnv().env));
let context: BrowserContext;
let page: Page;
let organizationId: string;

beforeAll(async () => {
  ({ context, page } = await e2e.newPage({ viewport: PHONE }));
  const ids = await signInApplicant(page, context, e2e.portal, {
    firstName: 'Chiara',
    lastName: 'Galli',
    email: `chiara.galli.${Date.now()}@esempio.it`,
    organizations: [ORGANIZATION],
  });
  organizationId = ids[ORGANIZATION]!;
}, 120_000);

/** Whether the document scrolls sideways, and the right edge of what sticks out furthest. */
const sideways = (target: Page) =>
  target.evaluate(() => ({ scrolls: document.documentElement.scrollWidth > window.innerWidth, width: window.innerWidth }));

describe('/monitoraggio on a phone', () => {
  it('shows the open period as a card whose Compila is on screen, nothing scrolling sideways', async () => {
    const applicationId = await e2e.portal.forceStatus(organizationId, 'PUI', 'MONITORAGGIO_APERTO', new Date());
    const [period] = await e2e.portal.db
      .select()
      .from(monitoringPeriods)
      .where(and(eq(monitoringPeriods.fund, 'PUI'), eq(monitoringPeriods.code, 'P1')));
    await e2e.portal.db.insert(monitoringRounds).values({ applicationId, periodId: period!.id });

    await page.goto(`${e2e.portal.url}/monitoraggio`);
    await expectHeading(page, 'Monitoraggio');
    const fill = page.getByRole('link', { name: 'Compila Monitoraggio primo periodo PUI' });
    await fill.waitFor();
    const box = (await fill.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sideways(page)).toEqual({ scrolls: false, width: PHONE.width });
    // The card names its parts (the column headers are there for screen readers, not shown).
    const card = page.getByRole('row').filter({ hasText: 'Monitoraggio primo periodo' });
    expect(await card.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
    await expectAccessible(page);

    await fill.click();
    await page.waitForURL(/\/survey\/PUI_istruttoria\/.*monitoraggio=true/);
    await page.getByText('Passo 1 di 3 \u00b7 Istruttoria').waitFor();
    expect(await sideways(page)).toEqual({ scrolls: false, width: PHONE.width });
    await expectAccessible(page);
  });
});

describe('the application wizard on a phone', () => {
  it('opens from /calls with the focus on its step heading and the first field in the first screen', async () => {
    await page.goto(`${e2e.portal.url}/calls`);
    await page
      .getByRole('article', { name: 'Fondo Tematico Turismo Sostenibile' })
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${e2e.portal.url}/survey/TUR_candidatura`);
    const heading = page.getByRole('heading', { level: 2, name: 'Progetto' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.getByText(/^Passo 1 di \d \u00b7 Progetto$/).waitFor();
    const steps = page.getByRole('navigation', { name: 'Passi della candidatura' });
    expect(await steps.isVisible()).toBe(false);
    const firstField = page.getByRole('textbox', { name: /Nome del progetto/ });
    expect((await firstField.boundingBox())!.y + 40).toBeLessThan(PHONE.height);
    expect(await sideways(page)).toEqual({ scrolls: false, width: PHONE.width });
    await expectAccessible(page);
  });

  it('lists the steps on demand from the keyboard, and goes to one; the list folds and the focus follows', async () => {
    // From the step heading, back to the button before it.
    await page.keyboard.press('Shift+Tab');
    const toggle = page.getByRole('button', { name: 'Mostra tutti i passi' });
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    const hide = page.getByRole('button', { name: 'Nascondi i passi' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const steps = page.getByRole('navigation', { name: 'Passi della candidatura' });
    await steps.waitFor();
    const buttons = steps.getByRole('button');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(3);
    await expectAccessible(page);

    // Tab to the second step and press it with the space bar.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const second = buttons.nth(1);
    await expect.poll(() => second.evaluate((element) => element === document.activeElement)).toBe(true);
    // "22. Fonti e Impieghi (non ancora aperto)": the badge's number, then what a screen reader hears.
    const title = (await second.textContent())!.match(/\d+\.\s*(.+?)\s*\(/)![1]!;
    await page.keyboard.press('Space');
    const heading = page.getByRole('heading', { level: 2, name: title });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText(`Passo 2 di ${count} \u00b7 ${title}`).waitFor();
    expect(await steps.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Mostra tutti i passi' }).getAttribute('aria-expanded')).toBe('false');
    expect(await sideways(page)).toEqual({ scrolls: false, width: PHONE.width });
  });

  it('on a desktop shows every step and no summary line', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Passi della candidatura' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mostra tutti i passi' }).isVisible()).toBe(false);
    await expectAccessible(page);
  });

  it("draws a combo box's focus ring once, around the whole box (no white notch where the text ends)", async () => {
    await page.getByRole('navigation', { name: 'Passi della candidatura' }).getByRole('button').first().click();
    for (const [label, option] of [
      [/Regione/, 'Toscana'],
      [/Provincia/, 'Siena'],
    ] as const) {
      await page.getByRole('button', { name: label }).first().click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    const comune = page.getByRole('combobox', { name: /Comune/ });
    // Siena's towns arrive after the choice; until then the box is disabled and Tab would pass it by.
    await expect.poll(() => comune.isEnabled()).toBe(true);
    await page
      .getByRole('button', { name: /Provincia/ })
      .first()
      .focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => comune.evaluate((element) => element === document.activeElement)).toBe(true);
    const rings = await comune.evaluate((input) => {
      const group = input.parentElement!;
      return {
        input: [getComputedStyle(input).outlineStyle, getComputedStyle(input).boxShadow],
        group: [getComputedStyle(group).outlineStyle, getComputedStyle(group).boxShadow],
      };
    });
    // The text box draws nothing (its white shadow covered the group's border up to the button); the group draws it.
    expect(rings.input).toEqual(['none', 'none']);
    expect(rings.group[0]).toBe('solid');
    expect(rings.group[1]).toContain('255, 255, 255');
  });
});
