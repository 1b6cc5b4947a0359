import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { completePuiApplication, prose } from '../support/puiFixtures.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { signedInPerson } from './support/signedIn.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Issue 46 (points 3, 7, 12) on the administrator's application page, in Chromium with axe: the page opens with the
 * focus on its heading, "Cambia stato" one Shift+Tab before it; the read-only application is text, with its units
 * and long answers whole at 390 px; a refused status change keeps the dialog, what was typed and the server's
 * message; a deadline already gone is pointed out; after the dialog the focus is back on "Cambia stato".
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
const stamp = Date.now();
const ORGANIZATION = 'Comune di Valle Chiara';
const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const FINALITA =
  'Manutenzione per il riuso e la rifunzionalizzazione ecosostenibile di aree pubbliche e di strutture edilizie pubbliche esistenti per finalità di interesse pubblico';
const DESCRIPTION = prose(700);
const DAY = 24 * 60 * 60 * 1000;

let applicant: BrowserContext;
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

/** A calendar day `days` from today in Italy, as gg/mm/aaaa keys for the date's segments. */
const dayKeys = (days: number) => {
  const [year, month, day] = italianCalendarDay(new Date(Date.now() + days * DAY)).split('-');
  return { iso: `${year}-${month}-${day}`, keys: `${day}${month}${year}` };
};

const focusedIs = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element === document.activeElement);
const trigger = (page: Page) => page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` });
const dialogOf = (page: Page) => page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
/** The value read under a label of the read-only application. */
const shown = (page: Page, label: string) => page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** What the server holds: the status and the history's last note. */
async function stored(context: BrowserContext) {
  const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);
  const headers = { authorization: `Bearer ${token}` };
  const compilation = (await (await fetch(`${e2e.portal.url}/api/Pui/GetPuiCompilazione?orgId=${organizationId}`, { headers })).json()) as {
    statusCode: string;
  };
  const history = (await (
    await fetch(`${e2e.portal.url}/api/Organization/GetCompilazioneHistory?compilazioneId=${applicationId}`, { headers })
  ).json()) as { statusCode: string; note: string | null }[];
  return { statusCode: compilation.statusCode, last: history.at(-1) };
}

/** Opens "Cambia stato" and chooses a target, by keyboard alone. */
async function chooseStatus(page: Page, label: string) {
  await trigger(page).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  for (let presses = 0; presses < 5 && !(await focusedIs(page.getByRole('menuitem', { name: label }))); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await dialog.getByText(`Sei sicuro di voler cambiare lo stato in «${label}»?`).waitFor();
  return dialog;
}

/** Types a day into the deadline's segments, from its first (giorno). */
async function typeDeadline(page: Page, keys: string) {
  await dialogOf(page).getByRole('spinbutton').first().focus();
  await page.keyboard.type(keys, { delay: 30 });
}

beforeAll(async () => {
  const person = await signedInPerson((options) => e2e.newPage(options), e2e.portal, {
    firstName: 'Livia',
    lastName: 'Neri',
    email: `livia.neri.${stamp}@esempio.it`,
  });
  applicant = person.context;
  const headers = { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' };
  const created = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers,
    body: JSON.stringify(organizationPayload({ name: ORGANIZATION })),
  });
  expect(created.status).toBe(201);
  organizationId = ((await created.json()) as { orgId: string }).orgId;
  const draft = await fetch(`${e2e.portal.url}/api/DraftCompilazione/CreateDraftCompilazione`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      json: JSON.stringify(completePuiApplication(organizationId, { progDescrizione: DESCRIPTION })),
      organizationId,
    }),
  });
  expect(draft.ok).toBe(true);
  applicationId = await e2e.portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());
  admin = await e2e.newPage();
  await loginAsAdmin(admin.page, e2e.portal.url);
}, 180_000);
afterAll(async () => {
  await applicant?.close();
});

describe("the administrator's application page", () => {
  it('opens with the focus on its heading, "Cambia stato" one Shift+Tab before it, and no field to tab through', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    const heading = page.getByRole('heading', { level: 1, name: TITLE });
    await expect.poll(() => focusedIs(heading)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedIs(trigger(page))).toBe(true);
    // The read-only values are text: no box in the step, so Tab from the heading does not walk them.
    await shown(page, 'Nome del progetto').waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).count()).resolves.toBe(0);
    // The page's boxes are the reviewers' own (issue 44), in their sections below the application: the evaluation
    // form and the private notes.
    const notes = page.getByRole('region', { name: 'Note interne' });
    await notes.getByRole('textbox', { name: 'Nuova nota interna' }).waitFor();
    const evaluation = page.getByRole('region', { name: 'Valutazione istruttoria' });
    await evaluation.getByRole('radiogroup').first().waitFor();
    const boxes = 'form input, form textarea, dl input, dl textarea';
    const fields = page.locator(boxes);
    const own = (await notes.locator(boxes).count()) + (await evaluation.locator(boxes).count());
    await expect(fields.count()).resolves.toBe(own);
    await expectAccessible(page);
  });

  it('shows every answer whole, with its unit, on a 390 px screen', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    const whole = async (label: string, text: string) => {
      const value = shown(page, label);
      await expect(value.textContent(), label).resolves.toBe(text);
      // Nothing cut: the text fits the box it is in.
      await expect(
        value.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight),
        label,
      ).resolves.toBe(true);
    };
    await whole('Distanza dal perimetro del PUI', '250 m');
    await whole('Finalità generale', FINALITA);
    await whole('Descrizione del progetto', DESCRIPTION);
    await expectAccessible(page);
    const goToStep = async (title: string) => {
      await page.getByRole('button', { name: 'Mostra tutti i passi' }).click();
      await page
        .getByRole('navigation', { name: 'Passi della candidatura' })
        .getByRole('button', { name: new RegExp(title) })
        .click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    };
    await goToStep('Fonti e Impieghi');
    await whole('Totale investimento', '10.000.000,00 €');
    await goToStep('Tempistiche');
    await whole('Tempi per i permessi', '90 giorni');
    await whole('Durata dei lavori', '6 mesi');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('keeps the dialog, the note and the server\u2019s message when a change is refused; Annulla returns to "Cambia stato"', async () => {
    const { page, context } = admin;
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    const dialog = await chooseStatus(page, 'Ammissibile');
    const note = dialog.getByRole('textbox', { name: 'Nota (facoltativa)' });
    await typeLikeAPerson(note, 'Verbale della commissione n. 12');
    // Meanwhile another administrator made it Ammissibile.
    await e2e.portal.forceStatus(organizationId, 'PUI', 'AMMISSIBILE', new Date());
    await dialog.getByRole('button', { name: 'Conferma' }).focus();
    await page.keyboard.press('Enter');
    const refusal = dialog.getByRole('alert');
    await refusal.getByText(/^C’è un problema nel cambio dello stato della candidatura! \S/).waitFor();
    await expect(note.inputValue()).resolves.toBe('Verbale della commissione n. 12');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Annulla' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedIs(trigger(page))).toBe(true);
    await expect(stored(context)).resolves.toMatchObject({ statusCode: 'AMMISSIBILE' });
  });

  it('points out a deadline already gone, keeps the request when the server refuses the deadline, and returns the focus after the change', async () => {
    const { page, context } = admin;
    await e2e.portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());
    // The administrator's computer is three days behind: its "today" is not the server's.
    await page.clock.setFixedTime(new Date(Date.now() - 3 * DAY));
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    const dialog = await chooseStatus(page, 'In integrazione');
    const request = dialog.getByRole('textbox', { name: /Richiesta di integrazione/ });
    const text = 'Inviare il computo metrico firmato e la relazione geologica aggiornata.';
    await typeLikeAPerson(request, text);
    const confirm = dialog.getByRole('button', { name: 'Conferma' });

    // A day before the computer's today: said under the date, and Conferma waits.
    await typeDeadline(page, dayKeys(-10).keys);
    await dialog.getByText('La scadenza deve essere una data valida, non precedente a oggi.').waitFor();
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await expectAccessible(page);

    // Yesterday in Italy: still ahead of the computer's today, so only the server can refuse it.
    await typeDeadline(page, dayKeys(-1).keys);
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.focus();
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('alert')
      .getByText(
        'C’è un problema nel cambio dello stato della candidatura! La scadenza deve essere una data valida, non precedente a oggi.',
      )
      .waitFor();
    await expect(request.inputValue()).resolves.toBe(text);
    await expect(dialog.getByRole('spinbutton').allTextContents()).resolves.toEqual(dayKeys(-1).iso.split('-').reverse());
    await expectAccessible(page);

    // A week from today: accepted; the dialog closes and the focus is back on "Cambia stato".
    await typeDeadline(page, dayKeys(7).keys);
    await confirm.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
    await expect.poll(() => focusedIs(trigger(page))).toBe(true);
    await expect(stored(context)).resolves.toMatchObject({ statusCode: 'IN_INTEGRAZIONE', last: { note: text } });
    await expectAccessible(page);
  });
});
