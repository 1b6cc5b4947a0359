import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { signedInPerson } from './support/signedIn.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Issue 44 in Chromium with axe: the administrator fills the fund's evaluation form on the application page (saved as
 * typed: a reload midway keeps it), is refused the hand-over while questions are missing, hands it over and reads it
 * read-only with who handed it over; the status change to Ammissibile then offers the evaluation's proposed outcome,
 * Rifiutata, with its note, which the change records.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
const stamp = Date.now();
const ORGANIZATION = 'Comune di Val Valutazione';
const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const JUSTIFICATION = 'Fuori dal perimetro del piano.';
const OUTCOME_NOTE = 'Progetto non coerente con il piano.';

let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

const tokenOf = async (context: BrowserContext) =>
  decodeURIComponent((await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);

/** Picks an option of a SurveyJS radio group (or a rating) by clicking its label, as a person does. */
async function choose(form: Locator, question: string | RegExp, option: string) {
  const group = form.getByRole('radiogroup', { name: question });
  await group
    .locator('label')
    .filter({ hasText: new RegExp(`^\\s*${option}\\s*$`) })
    .click();
  await expect(group.getByRole('radio', { name: option, exact: true }).isChecked()).resolves.toBe(true);
}

beforeAll(async () => {
  const applicant = await signedInPerson((options) => e2e.newPage(options), e2e.portal, {
    firstName: 'Lucia',
    lastName: 'Neri',
    email: `lucia.neri.${stamp}@esempio.it`,
  });
  const headers = { authorization: `Bearer ${await tokenOf(applicant.context)}`, 'content-type': 'application/json' };
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
      json: JSON.stringify(completePuiApplication(organizationId)),
      organizationId,
    }),
  });
  expect(draft.ok).toBe(true);
  await applicant.context.close();
  applicationId = await e2e.portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());
  admin = await e2e.newPage();
  await loginAsAdmin(admin.page, e2e.portal.url);
}, 180_000);
afterAll(async () => {
  await admin?.context.close();
});

describe('the reviewers’ evaluation form', () => {
  it('is saved as it is typed, refused while incomplete, handed over, then read-only', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    const form = page.getByRole('region', { name: 'Valutazione istruttoria' });
    await form.getByRole('radiogroup', { name: /Il soggetto proponente/ }).waitFor();

    // The admissibility checks: one not passed, with its justification.
    await choose(form, /Il soggetto proponente/, 'Sì');
    await choose(form, /consegnata entro i termini/, 'Sì');
    await choose(form, /firmata digitalmente/, 'Sì');
    await choose(form, /dichiarazioni DNSH/, 'Non applicabile');
    await choose(form, /quota richiesta al fondo/, 'Sì');
    await choose(form, /non supera 30 milioni/, 'Sì');
    await choose(form, /inerente al Piano Urbano Integrato/, 'No');
    await typeLikeAPerson(form.getByRole('textbox', { name: /Motivazione/ }), JUSTIFICATION);
    await form.getByText(/^Salvata alle \d\d:\d\d$/).waitFor();

    // A reload midway: what was typed is there.
    await page.reload();
    await form.getByRole('radiogroup', { name: /Il soggetto proponente/ }).waitFor();
    await expect(
      form
        .getByRole('radiogroup', { name: /inerente al Piano Urbano Integrato/ })
        .getByRole('radio', { name: 'No', exact: true })
        .isChecked(),
    ).resolves.toBe(true);
    await expect(form.getByRole('textbox', { name: /Motivazione/ }).inputValue()).resolves.toBe(JUSTIFICATION);

    // Handed over too early: refused with what is missing, nothing handed over.
    await form.getByRole('button', { name: 'Consegna valutazione' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Consegnare la valutazione?' });
    await confirm.getByRole('button', { name: 'Consegna', exact: true }).click();
    await form.getByText('Prima di consegnare, completare:').waitFor();
    await form.getByRole('listitem').filter({ hasText: 'Esito proposto: Campo obbligatorio' }).first().waitFor();
    await expectAccessible(page);

    // The scores, each 0–5 with its weight, and the proposed outcome with its note.
    await choose(form, /Coerenza con gli obiettivi del Piano Urbano Integrato/, '2');
    await choose(form, /Maturità progettuale/, '4');
    await choose(form, /Sostenibilità economico-finanziaria/, '5');
    await choose(form, /Impatto ambientale e sociale/, '3');
    await choose(form, /Capacità del soggetto proponente/, '4');
    await form.getByText('71').first().waitFor();
    await choose(form, /^Esito proposto/, 'Rifiutata');
    await typeLikeAPerson(form.getByRole('textbox', { name: /Nota sull/ }), OUTCOME_NOTE);

    await form.getByRole('button', { name: 'Consegna valutazione' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Consegnare la valutazione?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Consegna', exact: true }).click();
    await form.getByText(/Consegnata da .+ il \d\d\/\d\d\/\d{4} alle \d\d:\d\d\./).waitFor();

    // Read-only from now on, for this administrator and after a reload.
    await expect(form.getByRole('button', { name: 'Consegna valutazione' }).count()).resolves.toBe(0);
    await page.reload();
    await form.getByText(/Consegnata da /).waitFor();
    await expect(form.getByRole('button', { name: 'Consegna valutazione' }).count()).resolves.toBe(0);
    await expect(form.getByRole('textbox', { name: /Nota sull/ }).isEditable()).resolves.toBe(false);
    await expect(form.getByRole('textbox', { name: /Nota sull/ }).inputValue()).resolves.toBe(OUTCOME_NOTE);
    // The timeline says it was handed over.
    const timeline = page.getByRole('list', { name: 'Cronologia della candidatura' });
    await timeline.getByText('Valutazione istruttoria consegnata').waitFor();
    await expectAccessible(page);
  });

  it('the status change offers the evaluation’s proposed outcome and note, and records them', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'Ammissibile' }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
    await dialog.getByText('La valutazione istruttoria propone: Rifiutata.').waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }).inputValue()).resolves.toBe('');
    await dialog.getByRole('button', { name: 'Usa l’esito proposto (Rifiutata) e la sua nota' }).click();
    await dialog.getByText('Sei sicuro di voler cambiare lo stato in «Rifiutata»?').waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }).inputValue()).resolves.toBe(OUTCOME_NOTE);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();

    const history = await fetch(`${e2e.portal.url}/api/Organization/GetCompilazioneHistory?compilazioneId=${applicationId}`, {
      headers: { authorization: `Bearer ${await tokenOf(admin.context)}` },
    });
    expect(history.status).toBe(200);
    const rows = (await history.json()) as { note?: string | null; toStatus?: string; to?: string }[];
    expect(JSON.stringify(rows)).toContain(OUTCOME_NOTE);
  });
});
