import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { prose } from '../support/puiFixtures.ts';
import { PUI_FIELDS } from '../../domain/pui/puiFields.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { badIdRequests, recordApiRequests, storedDraftValues, SAVED, type Figure } from './support/serverReads.ts';
import { wizardActions } from './support/wizard.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * A new applicant fills the whole PUI application as a person would (spec §2 Application wizard PUI), typing a
 * key at a time and numbers the Italian way (what a person types is what is stored), reloads midway
 * and finds everything, uploads the attachments, submits, sees the confirmation and the new status on /calls;
 * then an admin opens it read-only with the reviewers' warnings and the same figures. Every figure is checked
 * three times: the box once left, the draft the server stored, the admin's read-only view. axe on every step.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
let context: BrowserContext;
let page: Page;
let organizationId: string;
let workbook: Buffer;
let requests: string[];

const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const stamp = Date.now();
const templatePdf = readFileSync(path.resolve('public/modelli/informativa-privacy.pdf'));
const stored = () => storedDraftValues(context, e2e.portal.url, 'PUI', organizationId);

/** Step 2's amounts, in the forms Italian people type them: dots or spaces for thousands, a comma for cents. */
const AMOUNTS: readonly Figure[] = [
  ['Totale investimento', '10.000.000', '10.000.000,00', 'costiTotale', 10_000_000],
  ['Acquisto di immobili', '1 000 000', '1.000.000,00', 'costiImmobili', 1_000_000],
  ['Capex', '8.500.000,50', '8.500.000,50', 'costiCapex', 8_500_000.5],
  ['Capitale circolante', '499999,5', '499.999,50', 'costiCircolante', 499_999.5],
  ['Intervento richiesto al Fondo', '6.000.000', '6.000.000,00', 'entitaInterventoFondo', 6_000_000],
  ['Cofinanziamento a debito', '2000000', '2.000.000,00', 'cofinanziamentoDebito', 2_000_000],
  ['Cofinanziamento in equity', '1.000.000,00', '1.000.000,00', 'cofinanziamentoEquity', 1_000_000],
  ['Cofinanziamento pubblico', '1 000 000,00', '1.000.000,00', 'cofinanziamentoPubblico', 1_000_000],
];
/** Step 4's quantities (kW, MWh, m²) and counts, typed; and the amounts and quantities pasted in their own test. */
const TYPED_IMPACT: readonly Figure[] = [
  ['Potenza installata', '12,5', '12,50', 'potenzaFER', 12.5],
  ['Energia prodotta all.anno', '1.250,75', '1.250,75', 'quantitaFER', 1250.75],
  ['Superficie coperta esistente', '1200000,5', '1.200.000,50', 'superficieCopertaEsistente', 1_200_000.5],
  ['Numero di posti letto', '1.200', '1.200', 'numeroPostiLetto', 1200],
  ['Nuovi posti di lavoro nella fase di cantiere', '45', '45', 'forzaLavoro', 45],
];
const PASTED_IMPACT: readonly Figure[] = [
  ['Canone medio di locazione mensile', '1.200,50', '1.200,50', 'canoniLocazione', 1200.5],
  ['Prezzo medio di compravendita al m²', '3 500', '3.500,00', 'prezziCompravendita', 3500],
  ['Superficie verde aggiunta', '2500,5', '2.500,50', 'superficieVerdeAggiunta', 2500.5],
];
const labelled = (label: string) => new RegExp(`^${label}`);
/** A figure as the read-only application shows it: with its field's unit. */
const withUnit = (text: string, field: string) => {
  const unit = PUI_FIELDS.find((spec) => spec.name === field || spec.name.endsWith(`.${field}`))?.unit;
  return unit ? `${text} ${unit}` : text;
};
const storedAs = (figures: readonly Figure[]) => Object.fromEntries(figures.map(([, , , field, value]) => [field, value]));

beforeAll(async () => {
  ({ context, page } = await e2e.newPage({ acceptDownloads: true }));
  requests = recordApiRequests(page);
  const excel = new ExcelJS.Workbook();
  excel.addWorksheet('Piano economico').addRows([
    ['Voce', 'Importo'],
    ['Capex', 8_500_000.5],
  ]);
  workbook = Buffer.from(await excel.xlsx.writeBuffer());
});
afterAll(async () => {
  await context?.close();
});

const wizard = () => wizardActions(page);
/** The value read under a label of the read-only application (label as a pattern, as the boxes' names are). */
const readOnlyValue = (label: string) =>
  page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
const stepHeading = (title: string) => wizard().stepHeading(title);
const next = (title: string) => wizard().next(title);
const choose = (label: string | RegExp, option: string) => wizard().choose(label, option);
const answer = (question: RegExp, label: string) => wizard().answer(question, label);
const typeDate = (label: string, digits: string) => wizard().typeDate(label, digits);
const type = (label: RegExp, text: string) => wizard().type(label, text);
const shown = (label: RegExp) => wizard().shown(label);
/** The Allegati rows that still take a file. */
const slotRows = () =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Seleziona file|Scegli un altro file/ }) });

/** The first choice of a checkbox group, ticked by its visible label. */
async function tickFirst(groupName: RegExp) {
  const group = page.getByRole('group', { name: groupName });
  await group
    .locator('label')
    .filter({ has: page.getByRole('checkbox') })
    .first()
    .click();
  await expect(group.getByRole('checkbox').first().isChecked()).resolves.toBe(true);
}

describe('the PUI application wizard', () => {
  it('a new applicant with an organisation opens the wizard from Candidati', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Nome', { exact: true }).fill('Giulia');
    await page.getByLabel('Cognome').fill('Ferri');
    await page.getByLabel('Email').fill(`giulia.ferri.${stamp}@esempio.it`);
    await page.getByLabel('Password').fill('una-password-lunga');
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await signInAfterRegistration(page, `giulia.ferri.${stamp}@esempio.it`, 'una-password-lunga');
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await verifyEmailFromOutbox(context, e2e.portal, `giulia.ferri.${stamp}@esempio.it`, page);
    const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((c) => c.name === 'token')!.value);
    const response = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name: 'Comune di Rocca Serena' })),
    });
    expect(response.status).toBe(201);
    organizationId = ((await response.json()) as { orgId: string }).orgId;

    await page.goto(`${e2e.portal.url}/`);
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await expectHeading(page, 'Fondi');
    await page
      .getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' })
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${e2e.portal.url}/survey/PUI_candidatura`);
    await expectHeading(page, TITLE);
    await stepHeading('Progetto').waitFor();
    await page.getByText('Tutti i campi con * devono essere compilati per poter inviare la candidatura').waitFor();
    await expectAccessible(page);
  });

  it('step 1 Progetto: the city fills the region and narrows comuni and plans', async () => {
    await type(/Nome del progetto/, 'Parco lineare del Naviglio');
    await choose(/Città metropolitana/, 'Milano');
    await page.getByRole('textbox', { name: 'Regione' }).and(page.locator('[value="Lombardia"]')).waitFor();
    await wizard().pick(/Comune/, 'Milano');
    await answer(/inerente a un PUI/, 'Sì');
    await type(/Codice del progetto nel PUI/, 'B07');
    await tickFirst(/PUI di riferimento/);
    await type(/Distanza dal perimetro del PUI/, '1.350');
    await expect(shown(/Distanza dal perimetro del PUI/)).resolves.toBe('1.350');
    await choose(/Finalità generale/, (await firstOptionOf(/Finalità generale/)) ?? '');
    await choose(/Obiettivo generale/, 'Ambiente');
    await tickFirst(/Obiettivi specifici/);
    await tickFirst(/Tipologia di intervento/);
    await expect.poll(stored, SAVED).toMatchObject({ progPuiDistanza: 1350 });
  });

  it('step 1: the project description, typed key by key (500 to 1,000 characters)', async () => {
    await type(/Descrizione del progetto/, prose(650));
    await expect.poll(async () => String((await stored()).progDescrizione).length, SAVED).toBe(650);
    await expectAccessible(page);
    await next('Fonti e Impieghi');
  });

  it('step 2 Fonti e Impieghi: amounts typed the Italian way are shown formatted and stored as meant', async () => {
    for (const [label, typed] of AMOUNTS) await type(labelled(label), typed);
    for (const [label, , text] of AMOUNTS) await expect(shown(labelled(label)), label).resolves.toBe(text);
    await type(/Nome della misura di cofinanziamento/, 'PNRR M5C2 Investimento 2.2');
    await choose(/Forma tecnica/, 'Debito');
    await expect.poll(() => shown(/^Fonti di copertura/)).toBe('10.000.000,00');
    await expect.poll(() => shown(/^Quota del Fondo/)).toBe('60,00 %');
    await expect.poll(stored, SAVED).toMatchObject(storedAs(AMOUNTS));
    await expectAccessible(page);
  });

  it('step 2: a text that is not an Italian amount says the form expected and stores no number', async () => {
    await type(/^Capex/, '1.2');
    await page.getByText('Inserisci un importo come 1.200.000,50').waitFor();
    // The text stays as typed, to be corrected; no other number (1,2 or 12) is stored in its place.
    await expect(shown(/^Capex/)).resolves.toBe('1.2');
    await expect.poll(async () => (await stored()).costiCapex, SAVED).toBeNull();
    await expectAccessible(page);
    await type(/^Capex/, '8.500.000,50');
    await expect(page.getByText('Inserisci un importo come 1.200.000,50').count()).resolves.toBe(0);
    await expect.poll(stored, SAVED).toMatchObject({ costiCapex: 8_500_000.5 });
  });

  it('a reload midway finds everything that was typed', async () => {
    await page.waitForFunction(() => document.body.innerText.includes('Salvato'));
    await page.reload();
    await expectHeading(page, TITLE);
    await page
      .getByRole('button', { name: /Progetto/ })
      .first()
      .click();
    await stepHeading('Progetto').waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).inputValue()).resolves.toBe('Parco lineare del Naviglio');
    await expect(page.getByRole('textbox', { name: /Descrizione del progetto/ }).inputValue()).resolves.toHaveLength(650);
    await page
      .getByRole('button', { name: /Fonti e Impieghi/ })
      .first()
      .click();
    await stepHeading('Fonti e Impieghi').waitFor();
    for (const [label, , text] of AMOUNTS) await expect(shown(labelled(label)), label).resolves.toBe(text);
    await next('Tempistiche');
  });

  it("step 3 Tempistiche: the end of works is computed and blocked after the call's limit", async () => {
    await choose(/Livello di progettazione/, 'PFTE');
    await choose(/Stadio dell.iter autorizzativo/, 'In corso');
    await type(/Tipo di autorizzazione/, 'Permesso di costruire');
    await type(/Tempi per i permessi/, '90');
    await typeDate('Data di inizio lavori', '15012026');
    await type(/Durata dei lavori/, '60');
    await page.getByText('La data non può superare il 31/12/2030').waitFor();
    await type(/Durata dei lavori/, '6');
    await expect.poll(() => shown(/^Fine lavori prevista/)).toBe('15/07/2026');
    await expect(page.getByText('La data non può superare il 31/12/2030').count()).resolves.toBe(0);
    // A start already past cannot be a forecast (issue 46): said under the start date, gone once the works have begun.
    const forecastInPast = page.getByText(
      /^Una data di inizio lavori prevista non può essere già passata \(oggi è il \d{2}\/\d{2}\/\d{4}\)/,
    );
    await answer(/La data di inizio lavori è una previsione/, 'Sì');
    await forecastInPast.waitFor();
    await expect.poll(stored, SAVED).toMatchObject({ previsioneInizioLavori: true });
    await expectAccessible(page);
    await answer(/La data di inizio lavori è una previsione/, 'No');
    await expect.poll(() => forecastInPast.count()).toBe(0);
    await expect.poll(stored, SAVED).toMatchObject({ previsioneInizioLavori: false });
    await type(/Descrizione dell.iter procedurale/, prose(320));
    // An optional choice made, then taken back with the keyboard alone: Tab to "Cancella la scelta", Enter.
    await choose(/Modalità di esecuzione/, 'A corpo');
    await expect.poll(stored, SAVED).toMatchObject({ modalitaEsecuzione: 'A corpo' });
    const modalita = page.getByRole('button', { name: /Modalità di esecuzione/ }).first();
    await modalita.focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Cancella la scelta: Modalità di esecuzione');
    await page.keyboard.press('Enter');
    await expect.poll(stored, SAVED).toMatchObject({ modalitaEsecuzione: null });
    await expect(page.getByRole('button', { name: /Cancella la scelta/ }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toContain('Seleziona');
    await expect.poll(stored, SAVED).toMatchObject({ tempiPermessi: 90, tempiDurataLavori: 6 });
    await expectAccessible(page);
    await next("Valutazione d'Impatto");
  });

  it("step 4 Valutazione d'Impatto: quantities and counts typed the Italian way; a No clears what the Sì asked", async () => {
    await answer(/impianti a fonti rinnovabili/, 'Sì');
    await answer(/interviene su superficie coperta/, 'Sì');
    await answer(/prevede posti letto/, 'Sì');
    for (const [label, typed] of TYPED_IMPACT) await type(labelled(label), typed);
    for (const [label, , text] of TYPED_IMPACT) await expect(shown(labelled(label)), label).resolves.toBe(text);
    await answer(/nuove piantumazioni/, 'Sì');
    await type(/Numero di alberi piantati/, '120');
    await expect
      .poll(async () => (await stored()).puiSurveyDto, SAVED)
      .toMatchObject({
        ...storedAs(TYPED_IMPACT),
        numeroPiantumazioni: 120,
      });
    await answer(/nuove piantumazioni/, 'No');
    await expect(page.getByRole('textbox', { name: /Numero di alberi piantati/ }).count()).resolves.toBe(0);
    await expect.poll(async () => (await stored()).puiSurveyDto, SAVED).toMatchObject({ numeroPiantumazioni: null });
    await expectAccessible(page);
  });

  it('step 4: figures pasted or filled in by the browser are read the same way', async () => {
    await answer(/abitazioni/, 'Sì');
    await answer(/aggiunge superficie verde/, 'Sì');
    for (const [label, pasted] of PASTED_IMPACT) {
      const box = page.getByRole('textbox', { name: labelled(label) });
      await box.fill(pasted);
      await box.press('Tab');
    }
    for (const [label, , text] of PASTED_IMPACT) await expect(shown(labelled(label)), label).resolves.toBe(text);
    await expect.poll(async () => (await stored()).puiSurveyDto, SAVED).toMatchObject(storedAs(PASTED_IMPACT));
    await next('Allegati');
  });

  it('step 5 Allegati: templates to download; nothing is said missing before the person goes on', async () => {
    await page
      .getByRole('link', { name: /Scarica modulo/ })
      .first()
      .waitFor();
    await expect(page.getByText('L\u2019allegato è obbligatorio').count()).resolves.toBe(0);
    await expectAccessible(page);
    await next('Invia Candidatura');
    await page
      .getByRole('button', { name: /Allegati/ })
      .first()
      .click();
    await stepHeading('Allegati').waitFor();
    const mandatory = await slotRows().filter({ hasText: '*' }).count();
    expect(mandatory).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('L\u2019allegato è obbligatorio').count()).toBe(mandatory);
  });

  it('step 5: a file the server refuses offers choosing another file, not sending the same one again', async () => {
    const row = page.getByRole('listitem').filter({ hasText: 'Piano economico-finanziario' });
    const chooser = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: /Seleziona file/ }).click();
    await (
      await chooser
    ).setFiles({ name: 'piano.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: templatePdf });
    await row
      .getByRole('alert')
      .getByText(/non è un foglio Excel/)
      .waitFor();
    await expect(row.getByRole('button', { name: 'Riprova' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    const another = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: /Scegli un altro file/ }).click();
    await (
      await another
    ).setFiles({ name: 'piano.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    await row.getByText('CARICATO', { exact: true }).waitFor();
    await expect(row.getByRole('alert').count()).resolves.toBe(0);
  });

  it('step 5: every mandatory slot uploaded', async () => {
    const rows = slotRows();
    for (let remaining = await mandatoryRows(); remaining > 0; remaining = await mandatoryRows()) {
      const row = rows.filter({ hasText: '*' }).first();
      const isExcel = (await row.textContent())?.includes('Excel') ?? false;
      const chooser = page.waitForEvent('filechooser');
      await row.getByRole('button', { name: /Seleziona file/ }).click();
      await (
        await chooser
      ).setFiles(
        isExcel
          ? { name: 'piano.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook }
          : { name: 'documento firmato.pdf', mimeType: 'application/pdf', buffer: templatePdf },
      );
      await expect.poll(mandatoryRows, { timeout: 15_000 }).toBe(remaining - 1);
    }
    await page.getByText('CARICATO', { exact: true }).first().waitFor();
    await expect(page.getByText('L\u2019allegato è obbligatorio').count()).resolves.toBe(0);
    await expectAccessible(page);
    await next('Invia Candidatura');

    async function mandatoryRows() {
      return rows.filter({ hasText: '*' }).count();
    }
  });

  it('step 6: the Riepilogo shows every answer as typed, and «Modifica» goes back to its step (issue 46)', async () => {
    const summary = page.getByRole('region', { name: 'Riepilogo della candidatura' });
    await expect(readOnlyValue('Nome del progetto').textContent()).resolves.toBe('Parco lineare del Naviglio');
    await expect(readOnlyValue('Totale investimento').textContent()).resolves.toBe('10.000.000,00 €');
    await summary.getByRole('link', { name: 'Modifica Totale investimento' }).click();
    await page.getByRole('heading', { level: 2, name: 'Fonti e Impieghi' }).waitFor();
    await expect(page.getByRole('textbox', { name: /^Totale investimento/ }).inputValue()).resolves.toBe('10.000.000,00');
    await page
      .getByRole('navigation', { name: 'Passi della candidatura' })
      .getByRole('button', { name: /Invia Candidatura/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Invia Candidatura' }).waitFor();
    await expectAccessible(page);
  });

  it('step 6: the Domanda is signed with the trial certificate, as a newcomer to the trial set-up does (issue 43)', async () => {
    await wizard().signWithTrialCertificate('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)');
    await expectAccessible(page);
  });

  it('step 6: submit, confirm, "Candidatura inviata!", and the card says Candidatura Sottomessa', async () => {
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Invia candidatura', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Sicuro di inviare la candidatura. Non sarà più possibile modificarla.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(/\/candidaturaCompletata\?ricevuta=[0-9a-f-]{36}$/);
    await expectHeading(page, 'Candidatura inviata!');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Torna ai fondi' }).click();
    await page.waitForURL(`${e2e.portal.url}/calls`);
    const card = page.getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' });
    await card.getByText('Candidatura Sottomessa').first().waitFor();
    // The card opens whole: its receipt is listed with it, not a moment later above the buttons.
    await expect(card.getByRole('heading', { name: 'Ricevute' }).count()).resolves.toBe(1);
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Scarica ricevuta', 'Visualizza']);
  });

  it('the applicant sees the submitted application read-only', async () => {
    await page
      .getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' })
      .getByRole('button', { name: /Visualizza/ })
      .click();
    await expectHeading(page, TITLE);
    await expect(readOnlyValue('Nome del progetto').textContent()).resolves.toBe('Parco lineare del Naviglio');
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Invia Candidatura/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('an admin opens it read-only with the reviewers\u2019 warnings', async () => {
    await context.clearCookies();
    await loginAsAdmin(page, e2e.portal.url);
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByText("La quota richiesta al Fondo supera il 50% dell'investimento totale").waitFor();
    await expect(readOnlyValue('Nome del progetto').textContent()).resolves.toBe('Parco lineare del Naviglio');
    await expectAccessible(page);
    await page
      .getByRole('button', { name: /Allegati/ })
      .first()
      .click();
    await stepHeading('Allegati').waitFor();
    await expect(page.getByRole('link', { name: 'Torna alla lista' }).count()).resolves.toBe(2);
    await expect(page.getByRole('button', { name: /Rimuovi/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('the admin reads every figure as it was typed, in Italian form', async () => {
    const readOnlyStep = async (title: string, figures: readonly (readonly [string, string])[]) => {
      await page
        .getByRole('button', { name: new RegExp(title) })
        .first()
        .click();
      await stepHeading(title).waitFor();
      // Text, not boxes, each number with the unit the wizard shows beside its box.
      for (const [label, text] of figures) await expect(readOnlyValue(label).textContent(), label).resolves.toBe(text);
      // The page's boxes are the reviewers' own, in their sections below the application: the private notes and the
      // evaluation form.
      const notes = page.getByRole('region', { name: 'Note interne' });
      await notes.getByRole('textbox', { name: 'Nuova nota interna' }).waitFor();
      const evaluation = page.getByRole('region', { name: 'Valutazione istruttoria' });
      await evaluation.getByRole('radiogroup').first().waitFor();
      const own = (await notes.getByRole('textbox').count()) + (await evaluation.getByRole('textbox').count());
      await expect(page.getByRole('textbox').count()).resolves.toBe(own);
    };
    const shownOf = (figures: readonly Figure[]) => figures.map(([label, , text, field]) => [label, withUnit(text, field)] as const);
    await readOnlyStep('Progetto', [['Distanza dal perimetro del PUI', '1.350 m']]);
    await readOnlyStep('Fonti e Impieghi', [...shownOf(AMOUNTS), ['Fonti di copertura', '10.000.000,00 €']]);
    await readOnlyStep('Tempistiche', [
      ['Tempi per i permessi', '90 giorni'],
      ['Durata dei lavori', '6 mesi'],
    ]);
    await readOnlyStep("Valutazione d'Impatto", [...shownOf(TYPED_IMPACT), ...shownOf(PASTED_IMPACT)]);
    await expectAccessible(page);
  });

  it('the admin downloads the application\u2019s attachments as one zip from the organisation list', async () => {
    await page.goto(`${e2e.portal.url}/admin-panel`);
    await expectHeading(page, 'Pannello Admin');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica gli allegati PUI di Comune di Rocca Serena (zip)' }).click();
    expect((await download).suggestedFilename()).toBe('AllegatiPui-Comune di Rocca Serena.zip');
  });

  it('no list was asked for with an id that is not one (cityId=0, regId=NaN) on any page of the journey', () => {
    expect(requests.some((url) => url.includes('/api/Typology/GetComuneFromCity?cityId=215'))).toBe(true);
    expect(badIdRequests(requests)).toEqual([]);
  });
});

async function firstOptionOf(label: RegExp): Promise<string | null> {
  await page.getByRole('button', { name: label }).click();
  const name = await page.getByRole('option').first().textContent();
  await page.keyboard.press('Escape');
  return name;
}
