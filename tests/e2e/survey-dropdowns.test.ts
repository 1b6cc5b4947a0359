import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Every dropdown of a review survey opens with one click, every time, and from the keyboard. A dropdown's list
 * (SurveyJS) closes on any scroll of the page; a save's status line appearing or going above the survey, or the
 * steps' done/incomplete marks arriving, moved the page under the list, Chrome's scroll anchoring scrolled to
 * keep it in place, and the list closed at once: the person clicked a second time.
 */

const ORGANIZATION = 'Comune di Tendina';
const TITLE = 'Istruttoria Fondo Tematico Turismo Sostenibile';
const COST = "Costo complessivo aggiornato dell'intervento (euro)";

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ context, page } = await e2e.newPage({ viewport: { width: 1280, height: 900 } }));
  const ids = await signInApplicant(page, context, e2e.portal, {
    firstName: 'Marta',
    lastName: 'Neri',
    email: `marta.neri.${Date.now()}@esempio.it`,
    organizations: [ORGANIZATION],
  });
  await e2e.portal.forceStatus(ids[ORGANIZATION]!, 'TUR', 'AMMISSIBILE', new Date());
  await page.goto(`${e2e.portal.url}/survey/TUR_istruttoria/${ids[ORGANIZATION]}`);
  await expectHeading(page, TITLE);
  await page.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
  // SurveyJS is loaded with the page (React.lazy): the survey is there once its first box is.
  await page.getByRole('textbox', { name: COST, exact: true }).waitFor();
}, 120_000);

const dropdowns = () => page.locator('main').getByRole('combobox');
/** The list a dropdown controls (SurveyJS's popup), by the id in its aria-controls. */
const listOf = async (combobox: Locator) => page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
const saving = () => page.getByRole('status').filter({ hasText: 'Salvataggio in corso' });

/** Open now, and still open once the save the click set off (and anything it moved) is over. */
async function expectStaysOpen(combobox: Locator, how: string) {
  const name = `${await combobox.getAttribute('aria-label')} (${how})`;
  const list = await listOf(combobox);
  await expect.poll(() => list.isVisible(), { message: name, timeout: 2_000 }).toBe(true);
  await expect.poll(() => saving().count(), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(300);
  expect(await list.isVisible(), `${name}: the list closed by itself`).toBe(true);
  expect(await combobox.getAttribute('aria-expanded'), name).toBe('true');
  await page.keyboard.press('Escape');
  await expect.poll(() => list.isVisible(), { message: name }).toBe(false);
}

describe('review survey dropdowns', () => {
  it('each opens with one click, right after typing an answer elsewhere (which saves)', async () => {
    const count = await dropdowns().count();
    expect(count).toBeGreaterThanOrEqual(2);
    const cost = page.getByRole('textbox', { name: COST, exact: true });
    for (let index = 0; index < count; index++) {
      // A person types an amount, then clicks the next dropdown: leaving the box saves the answers.
      await cost.click();
      await cost.press('ControlOrMeta+A');
      await cost.pressSequentially(String(100_000 + index));
      const combobox = dropdowns().nth(index);
      await combobox.scrollIntoViewIfNeeded();
      const box = (await combobox.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expectStaysOpen(combobox, 'one click');
    }
    await expectAccessible(page);
  });

  it('each opens from the keyboard (Tab to it, then the space bar or the down arrow)', async () => {
    const count = await dropdowns().count();
    for (let index = 0; index < count; index++) {
      const combobox = dropdowns().nth(index);
      // The dropdown's search box is its tab stop.
      await combobox.focus();
      await page.keyboard.press(index % 2 === 0 ? 'Space' : 'ArrowDown');
      await expectStaysOpen(combobox, 'keyboard');
    }
  });

  it('a list stays open when the page still moves by itself just after the click (a scroll ending, scroll anchoring)', async () => {
    const combobox = dropdowns().nth(1);
    await combobox.scrollIntoViewIfNeeded();
    const box = (await combobox.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(() => window.scrollBy(0, 2));
    await expectStaysOpen(combobox, 'page moved after the click');
  });

  it('a list opened while the step marks arrive stays open (the steps never move the page)', async () => {
    const combobox = dropdowns().first();
    await combobox.scrollIntoViewIfNeeded();
    const box = (await combobox.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // What the window's focus sets off: the step marks are fetched again.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expectStaysOpen(combobox, 'window focus');
  });
});
