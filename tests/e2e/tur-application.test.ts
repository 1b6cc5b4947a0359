import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prose } from '../support/puiFixtures.ts';
import { loginAsAdmin, registerApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading, launchBrowser } from './support/browser.ts';
import { wizardActions } from './support/wizard.ts';

/**
 * A tourism operator fills the whole TUR application by hand (spec §2 Application wizard TUR), reloads midway
 * and finds everything, uploads the attachments, submits, sees the confirmation and the new status on /calls;
 * then an admin opens it read-only with the reviewers' warnings. axe on every step.
 */
let portal: Awaited<ReturnType<typeof startPortalWithDatabase>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let organizationId: string;
let workbook: Buffer;

const TITLE = 'Candidatura Fondo Tematico Turismo Sostenibile';
const ORGANIZATION = 'Agriturismo Poggio Alto';
const templatePdf = readFileSync(path.resolve('public/modelli/informativa-privacy.pdf'));
const card = () => page.getByRole('article', { name: 'Fondo Tematico Turismo Sostenibile' });

beforeAll(async () => {
  portal = await startPortalWithDatabase();
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'it-IT', acceptDownloads: true });
  page = await context.newPage();
  const excel = new ExcelJS.Workbook();
  excel.addWorksheet('Piano economico').addRows([
    ['Voce', 'Importo'],
    ['Capex energetico', 4_000_000],
  ]);
  workbook = Buffer.from(await excel.xlsx.writeBuffer());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.close();
});

const wizard = () => wizardActions(page);

describe('the TUR application wizard', () => {
  it('a tourism operator opens the wizard from Candidati on the TUR card', async () => {
    const ids = await registerApplicant(page, context, portal.url, {
      firstName: 'Paolo',
      lastName: 'Berti',
      email: `paolo.berti.${Date.now()}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    await page.goto(`${portal.url}/`);
    await page.waitForURL(`${portal.url}/calls`);
    await card()
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${portal.url}/survey/TUR_candidatura`);
    await expectHeading(page, TITLE);
    await wizard().stepHeading('Progetto').waitFor();
    await page.getByText('Tutti i campi con * devono essere compilati per poter inviare la candidatura').waitFor();
    await expectAccessible(page);
  });

  it('step 1 Progetto: region, province and comune narrow each other; thematic area; description', async () => {
    await page.getByRole('textbox', { name: /Nome del progetto/ }).fill('Ospitalità diffusa a Montalcino');
    await wizard().choose(/Regione/, 'Toscana');
    await wizard().choose(/Provincia/, 'Siena');
    await wizard().pick(/Comune/, 'Montalcino');
    // A new region clears province and comune (spec §4).
    await wizard().choose(/Regione/, 'Umbria');
    await expect(page.getByRole('button', { name: /Provincia/ }).textContent()).resolves.not.toContain('Siena');
    await expect(page.getByRole('combobox', { name: /Comune/ }).count()).resolves.toBe(0);
    await wizard().choose(/Regione/, 'Toscana');
    await wizard().choose(/Provincia/, 'Siena');
    await wizard().pick(/Comune/, 'Montalcino');
    await wizard().choose(/Area tematica/, 'Turismo enogastronomico');
    await page.getByRole('textbox', { name: /Descrizione del progetto/ }).fill(prose(320));
    await expectAccessible(page);
    await wizard().next('Fonti e Impieghi');
  });

  it('step 2 Fonti e Impieghi: totals must match the sources; shares computed', async () => {
    const amounts: [string, string][] = [
      ['Totale investimento', '8000000'],
      ['Acquisto di immobili', '1200000'],
      ['Capex per la transizione energetica', '3000000'],
      ['Capex per la transizione digitale', '2000000'],
      ['Capitale circolante', '1800000'],
      ['Intervento richiesto al Fondo', '4500000'],
      ['Cofinanziamento a debito', '2000000'],
      ['Cofinanziamento in equity', '500000'],
      ['Cofinanziamento pubblico', '1000000'],
    ];
    for (const [label, value] of amounts) await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    await page.getByRole('textbox', { name: /Nome della misura di cofinanziamento/ }).fill('Fondo regionale per il turismo');
    await wizard().choose(/Forma tecnica/, 'Debito');
    await expect.poll(() => page.getByRole('textbox', { name: /^Fonti di copertura/ }).inputValue()).toBe('8.000.000,00');
    await expect.poll(() => page.getByRole('textbox', { name: /^Quota del Fondo/ }).inputValue()).toBe('56,25 %');
    await expect.poll(() => page.getByRole('textbox', { name: /^Quota per la transizione energetica/ }).inputValue()).toBe('37,50 %');
    // One cent apart: the spec's message, and the step stays incomplete.
    await page.getByRole('textbox', { name: /^Totale investimento/ }).fill('8000000,01');
    await page.getByRole('textbox', { name: /^Acquisto di immobili/ }).focus();
    await page.getByText('I valori "Totale investimento" e "Fonti di copertura" devono essere uguali').waitFor();
    await page.getByRole('textbox', { name: /^Totale investimento/ }).fill('8000000');
    await expectAccessible(page);
  });

  it('a reload midway finds everything that was typed', async () => {
    await page.waitForFunction(() => document.body.innerText.includes('Salvato'));
    await page.reload();
    await expectHeading(page, TITLE);
    await page
      .getByRole('button', { name: /Progetto/ })
      .first()
      .click();
    await wizard().stepHeading('Progetto').waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).inputValue()).resolves.toBe('Ospitalità diffusa a Montalcino');
    await expect(page.getByRole('combobox', { name: /Comune/ }).inputValue()).resolves.toBe('Montalcino');
    await page
      .getByRole('button', { name: /Fonti e Impieghi/ })
      .first()
      .click();
    await wizard().stepHeading('Fonti e Impieghi').waitFor();
    await expect(page.getByRole('textbox', { name: /^Intervento richiesto al Fondo/ }).inputValue()).resolves.toMatch(/^4\.?500\.?000/);
    await wizard().next('Tempistiche');
  });

  it("step 3 Tempistiche: the end of works is computed and blocked after the call's limit", async () => {
    await wizard().choose(/Livello di progettazione/, 'PFTE');
    await wizard().typeDate('Data di inizio lavori', '01022026');
    await page.getByRole('textbox', { name: /Durata dei lavori/ }).fill('8');
    await page.getByText("La data non puo' superare il 31/08/2026").waitFor();
    await page.getByRole('textbox', { name: /Durata dei lavori/ }).fill('6');
    await expect.poll(() => page.getByRole('textbox', { name: /^Fine lavori prevista/ }).inputValue()).toBe('01/08/2026');
    await page.getByRole('textbox', { name: /Descrizione dell.iter procedurale/ }).fill(prose(260));
    await expectAccessible(page);
    await wizard().next("Valutazione d'Impatto");
  });

  it("step 4 Valutazione d'Impatto: tourism indicators, a NO clears what the SI asked", async () => {
    await wizard().answer(/piantumazione di alberi/, 'SI');
    await page.getByRole('textbox', { name: /Numero di alberi piantati/ }).fill('35,5');
    await wizard().answer(/incremento dei turisti/, 'SI');
    await page.getByRole('textbox', { name: /Incremento previsto di turisti/ }).fill('4000');
    await wizard().answer(/contesto paesaggistico tutelato/, 'SI');
    await page.getByRole('textbox', { name: /Tipo di contesto paesaggistico/ }).fill('Val d\u2019Orcia, patrimonio UNESCO');
    await wizard().answer(/mezzi di trasporto alternativi/, 'SI');
    await wizard().choose(/Tipo di intervento per la mobilità sostenibile/, 'Depositi per biciclette');
    await page.getByRole('textbox', { name: /Numero di interventi/ }).fill('3');
    await page.getByRole('textbox', { name: /Nuovi posti di lavoro nel turismo/ }).fill('6');
    await wizard().answer(/incremento dei turisti/, 'NO');
    await expect(page.getByRole('textbox', { name: /Incremento previsto di turisti/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await wizard().next('Allegati');
  });

  it('step 5 Allegati: every mandatory slot uploaded', async () => {
    const rows = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Seleziona file/ }) });
    await page
      .getByRole('link', { name: /Scarica modulo/ })
      .first()
      .waitFor();
    await expectAccessible(page);
    const mandatoryRows = () => rows.filter({ hasText: '*' }).count();
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
    await expectAccessible(page);
    await wizard().next('Invia Candidatura');
  });

  it('step 6: submit, confirm, "Candidatura inviata!", and the TUR card says Candidatura Sottomessa', async () => {
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Invia candidatura', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Sicuro di inviare la candidatura. Non sarà più possibile modificarla.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(`${portal.url}/candidaturaCompletata`);
    await expectHeading(page, 'Candidatura inviata!');
    await page.getByRole('link', { name: 'Torna ai fondi' }).click();
    await page.waitForURL(`${portal.url}/calls`);
    await card().getByText('Candidatura Sottomessa').first().waitFor();
    await expect(card().getByRole('button').allTextContents()).resolves.toEqual(['Visualizza']);
  });

  it('an admin opens it read-only with the reviewers\u2019 warnings', async () => {
    await context.clearCookies();
    await loginAsAdmin(page, portal.url);
    await page.goto(`${portal.url}/admin-organization/survey-tur/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByText("La quota richiesta al Fondo supera il 50% dell'investimento totale").waitFor();
    await page.getByText("L'acquisto di immobili supera il 10% dell'investimento totale").waitFor();
    await page.getByText("I capex per la transizione energetica sono inferiori al 50% dell'investimento totale").waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).getAttribute('readonly')).resolves.not.toBeNull();
    await expectAccessible(page);
  });
});
