import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { prose } from '../support/puiFixtures.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading, launchBrowser } from './support/browser.ts';
import { wizardActions } from './support/wizard.ts';

/**
 * A new applicant fills the whole PUI application as a person would (spec §2 Application wizard PUI), reloads
 * midway and finds everything, uploads the attachments, submits, sees the confirmation and the new status on
 * /calls; then an admin opens it read-only with the reviewers' warnings. axe on every step.
 */
let portal: Awaited<ReturnType<typeof startPortalWithDatabase>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let organizationId: string;
let workbook: Buffer;

const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const stamp = Date.now();
const templatePdf = readFileSync(path.resolve('public/modelli/informativa-privacy.pdf'));

beforeAll(async () => {
  portal = await startPortalWithDatabase();
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'it-IT', acceptDownloads: true });
  page = await context.newPage();
  const excel = new ExcelJS.Workbook();
  excel.addWorksheet('Piano economico').addRows([
    ['Voce', 'Importo'],
    ['Capex', 8_500_000.5],
  ]);
  workbook = Buffer.from(await excel.xlsx.writeBuffer());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.close();
});

const wizard = () => wizardActions(page);
const stepHeading = (title: string) => wizard().stepHeading(title);
const next = (title: string) => wizard().next(title);
const choose = (label: string | RegExp, option: string) => wizard().choose(label, option);
const answer = (question: RegExp, label: string) => wizard().answer(question, label);
const typeDate = (label: string, digits: string) => wizard().typeDate(label, digits);

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
    await page.goto(`${portal.url}/`);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Nome', { exact: true }).fill('Giulia');
    await page.getByLabel('Cognome').fill('Ferri');
    await page.getByLabel('Email').fill(`giulia.ferri.${stamp}@esempio.it`);
    await page.getByLabel('Password').fill('una-password-lunga');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL(`${portal.url}/flow-organization`);
    const token = decodeURIComponent((await context.cookies(portal.url)).find((c) => c.name === 'token')!.value);
    const response = await fetch(`${portal.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name: 'Comune di Rocca Serena' })),
    });
    expect(response.status).toBe(201);
    organizationId = ((await response.json()) as { orgId: string }).orgId;

    await page.goto(`${portal.url}/`);
    await page.waitForURL(`${portal.url}/calls`);
    await expectHeading(page, 'Fondi');
    await page
      .getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' })
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${portal.url}/survey/PUI_candidatura`);
    await expectHeading(page, TITLE);
    await stepHeading('Progetto').waitFor();
    await page.getByText('Tutti i campi con * devono essere compilati per poter inviare la candidatura').waitFor();
    await expectAccessible(page);
  });

  it('step 1 Progetto: the city fills the region and narrows comuni and plans', async () => {
    await page.getByRole('textbox', { name: /Nome del progetto/ }).fill('Parco lineare del Naviglio');
    await choose(/Città metropolitana/, 'Milano');
    await page.getByRole('textbox', { name: 'Regione' }).and(page.locator('[value="Lombardia"]')).waitFor();
    await page.getByRole('combobox', { name: /Comune/ }).fill('Milano');
    await page.getByRole('option', { name: 'Milano', exact: true }).click();
    await answer(/inerente a un PUI/, 'Sì');
    await page.getByRole('textbox', { name: /Codice del progetto nel PUI/ }).fill('B07');
    await tickFirst(/PUI di riferimento/);
    await page.getByRole('textbox', { name: /Distanza dal perimetro del PUI/ }).fill('350');
    await choose(/Finalità generale/, (await firstOptionOf(/Finalità generale/)) ?? '');
    await choose(/Obiettivo generale/, 'Ambiente');
    await tickFirst(/Obiettivi specifici/);
    await page.getByRole('textbox', { name: /Descrizione del progetto/ }).fill(prose(650));
    await tickFirst(/Tipologia di intervento/);
    await expectAccessible(page);
    await next('Fonti e Impieghi');
  });

  it('step 2 Fonti e Impieghi: amounts typed the Italian way, sources and fund share computed', async () => {
    const amounts: [string, string][] = [
      ['Totale investimento', '10000000'],
      ['Acquisto di immobili', '1000000'],
      ['Capex', '8500000,50'],
      ['Capitale circolante', '499999,50'],
      ['Intervento richiesto al Fondo', '6000000'],
      ['Cofinanziamento a debito', '2000000'],
      ['Cofinanziamento in equity', '1000000'],
      ['Cofinanziamento pubblico', '1000000'],
    ];
    for (const [label, value] of amounts) await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    await page.getByRole('textbox', { name: /Nome della misura di cofinanziamento/ }).fill('PNRR M5C2 Investimento 2.2');
    await choose(/Forma tecnica/, 'Debito');
    await expect.poll(() => page.getByRole('textbox', { name: /^Fonti di copertura/ }).inputValue()).toBe('10.000.000,00');
    await expect.poll(() => page.getByRole('textbox', { name: /^Quota del Fondo/ }).inputValue()).toBe('60,00 %');
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
    await stepHeading('Progetto').waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).inputValue()).resolves.toBe('Parco lineare del Naviglio');
    await expect(page.getByRole('textbox', { name: /Descrizione del progetto/ }).inputValue()).resolves.toHaveLength(650);
    await page
      .getByRole('button', { name: /Fonti e Impieghi/ })
      .first()
      .click();
    await stepHeading('Fonti e Impieghi').waitFor();
    await expect(page.getByRole('textbox', { name: /^Capex/ }).inputValue()).resolves.toMatch(/^8\.?500\.?000,5/);
    await next('Tempistiche');
  });

  it("step 3 Tempistiche: the end of works is computed and blocked after the call's limit", async () => {
    await choose(/Livello di progettazione/, 'PFTE');
    await choose(/Stadio dell.iter autorizzativo/, 'In corso');
    await page.getByRole('textbox', { name: /Tipo di autorizzazione/ }).fill('Permesso di costruire');
    await page.getByRole('textbox', { name: /Tempi per i permessi/ }).fill('90');
    await typeDate('Data di inizio lavori', '15012026');
    await page.getByRole('textbox', { name: /Durata dei lavori/ }).fill('9');
    await page.getByText("La data non puo' superare il 31/08/2026").waitFor();
    await page.getByRole('textbox', { name: /Durata dei lavori/ }).fill('6');
    await expect.poll(() => page.getByRole('textbox', { name: /^Fine lavori prevista/ }).inputValue()).toBe('15/07/2026');
    await expect(page.getByText("La data non puo' superare il 31/08/2026").count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: /Descrizione dell.iter procedurale/ }).fill(prose(320));
    await expectAccessible(page);
    await next("Valutazione d'Impatto");
  });

  it("step 4 Valutazione d'Impatto: an indicator's numbers appear on SI", async () => {
    await answer(/nuove piantumazioni/, 'SI');
    await page.getByRole('textbox', { name: /Numero di alberi piantati/ }).fill('120');
    await answer(/nuove piantumazioni/, 'NO');
    await expect(page.getByRole('textbox', { name: /Numero di alberi piantati/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await next('Allegati');
  });

  it('step 5 Allegati: templates to download, every mandatory slot uploaded', async () => {
    await page
      .getByRole('link', { name: /Scarica modulo/ })
      .first()
      .waitFor();
    const rows = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Seleziona file/ }) });
    await expectAccessible(page);
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
      await page.waitForFunction((count) => document.querySelectorAll('li').length > 0 && count > 0, remaining);
      await expect.poll(mandatoryRows, { timeout: 15_000 }).toBe(remaining - 1);
    }
    await page.getByText('CARICATO', { exact: true }).first().waitFor();
    await expectAccessible(page);
    await next('Invia Candidatura');

    async function mandatoryRows() {
      return rows.filter({ hasText: '*' }).count();
    }
  });

  it('step 6: submit, confirm, "Candidatura inviata!", and the card says Candidatura Sottomessa', async () => {
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Invia candidatura', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Sicuro di inviare la candidatura. Non sarà più possibile modificarla.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(`${portal.url}/candidaturaCompletata`);
    await expectHeading(page, 'Candidatura inviata!');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Torna ai fondi' }).click();
    await page.waitForURL(`${portal.url}/calls`);
    const card = page.getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' });
    await card.getByText('Candidatura Sottomessa').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Visualizza']);
  });

  it('the applicant sees the submitted application read-only', async () => {
    await page
      .getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' })
      .getByRole('button', { name: /Visualizza/ })
      .click();
    await expectHeading(page, TITLE);
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByRole('button', { name: /Invia Candidatura/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('an admin opens it read-only with the reviewers\u2019 warnings', async () => {
    await context.clearCookies();
    await loginAsAdmin(page, portal.url);
    await page.goto(`${portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByText("La quota richiesta al Fondo supera il 50% dell'investimento totale").waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).inputValue()).resolves.toBe('Parco lineare del Naviglio');
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

  it('the admin downloads the application\u2019s attachments as one zip from the organisation list', async () => {
    await page.goto(`${portal.url}/admin-panel`);
    await expectHeading(page, 'Pannello Admin');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica gli allegati PUI di Comune di Rocca Serena (zip)' }).click();
    expect((await download).suggestedFilename()).toBe('AllegatiPui-Comune di Rocca Serena.zip');
  });
});

async function firstOptionOf(label: RegExp): Promise<string | null> {
  await page.getByRole('button', { name: label }).click();
  const name = await page.getByRole('option').first().textContent();
  await page.keyboard.press('Escape');
  return name;
}
