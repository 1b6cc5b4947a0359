import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusMailMessages } from '../../domain/messages/statusMail.ts';
import { readOutbox } from '../support/outbox.ts';
import { prose } from '../support/puiFixtures.ts';
import { TUR_FIELDS } from '../../domain/tur/turFields.ts';
import { loginAsAdmin, registerApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { badIdRequests, recordApiRequests, storedDraftValues, storedReceipts, SAVED, type Figure } from './support/serverReads.ts';
import { wizardActions } from './support/wizard.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * A tourism operator fills the whole TUR application by hand (spec §2 Application wizard TUR), typing a key at
 * a time and numbers the Italian way (what a person types is what is stored), reloads midway and finds
 * everything, uploads the attachments, submits, sees the confirmation and the new status on /calls; then an
 * admin opens it read-only with the reviewers' warnings and the same figures. Every figure is checked three
 * times: the box once left, the draft the server stored, the admin's read-only view. axe on every step.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
let context: BrowserContext;
let page: Page;
let organizationId: string;
let workbook: Buffer;
let requests: string[];

const TITLE = 'Candidatura Fondo Tematico Turismo Sostenibile';
const ORGANIZATION = 'Agriturismo Poggio Alto';
const templatePdf = readFileSync(path.resolve('public/modelli/informativa-privacy.pdf'));
const card = () => page.getByRole('article', { name: 'Fondo Tematico Turismo Sostenibile' });
const stored = () => storedDraftValues(context, e2e.portal.url, 'TUR', organizationId);

/** Step 2's amounts, in the forms Italian people type them: dots or spaces for thousands, a comma for cents. */
const AMOUNTS: readonly Figure[] = [
  ['Totale investimento', '8.000.000', '8.000.000,00', 'costiTotale', 8_000_000],
  ['Acquisto di immobili', '1.200.000,50', '1.200.000,50', 'costiImmobili', 1_200_000.5],
  ['Capex per la transizione energetica', '3 000 000', '3.000.000,00', 'costiTotaleCapexTransEnerg', 3_000_000],
  ['Capex per la transizione digitale', '2000000,5', '2.000.000,50', 'costiTotaleCapexTransDigital', 2_000_000.5],
  ['Capitale circolante', '1799999', '1.799.999,00', 'costiTotaleCircolante', 1_799_999],
  ['Intervento richiesto al Fondo', '4.500.000', '4.500.000,00', 'costiIintervento', 4_500_000],
  ['Cofinanziamento a debito', '2.000.000,00', '2.000.000,00', 'costiDdebito', 2_000_000],
  ['Cofinanziamento in equity', '500.000', '500.000,00', 'costiEquity', 500_000],
  ['Cofinanziamento pubblico', '1 000 000', '1.000.000,00', 'costiPubblico', 1_000_000],
];
/** Step 4's quantities (m², trees with decimals) and counts, typed; and those pasted (autofill) in their own test. */
const TYPED_IMPACT: readonly Figure[] = [
  ['Superficie coperta recuperata', '1.250,75', '1.250,75', 'mqSuperficieCopertaRecuperata', 1250.75],
  ['Numero di alberi piantati', '35,5', '35,50', 'numeroPiantumazioni', 35.5],
  ['Incremento previsto di turisti', '6.500', '6.500', 'incrementoTuristi', 6500],
  ['Nuovi posti di lavoro nel turismo', '12', '12', 'prevIncrementoForzaLavoro', 12],
];
/** Step 4's indicators PUI asks too (domain/impactIndicators.ts: renovation, renewables, surfaces, beds, shops, smart solutions), typed. */
const SHARED_IMPACT: readonly Figure[] = [
  ['Superficie lorda di pavimento ristrutturata', '1.250,5', '1.250,50', 'mqSLP', 1250.5],
  ['Consumo energetico annuo', '320,75', '320,75', 'consumoMWh', 320.75],
  ['Energia prodotta all\u2019anno', '1.480', '1.480,00', 'quantitaFER', 1480],
  ['Superficie coperta esistente', '2 400', '2.400,00', 'superficieCopertaEsistente', 2400],
  ['Superficie verde aggiunta', '850,25', '850,25', 'superficieVerdeAggiunta', 850.25],
  ['Numero di posti letto', '1.048', '1.048', 'numeroPostiLetto', 1048],
  ['Superficie di vendita', '315,5', '315,50', 'superficieVenditaSpaziCommerciali', 315.5],
  ['Numero di soluzioni smart', '4', '4', 'numeroInterventiSmartSolution', 4],
];
/** Housing's figures, typed and then cleared by a No. */
const HOUSING: readonly Figure[] = [
  ['Canone medio di locazione mensile', '650', '650,00', 'canoniLocazione', 650],
  ['Prezzo medio di compravendita al m²', '2.350,5', '2.350,50', 'prezziCompravendita', 2350.5],
];
const PASTED_IMPACT: readonly Figure[] = [
  ['Potenza installata', '1 200,5', '1.200,50', 'potenzaFER', 1200.5],
  ['Nuovi posti di lavoro nella fase di cantiere', '1.200', '1.200', 'forzaLavoro', 1200],
];
const labelled = (label: string) => new RegExp(`^${label}`);
/** A figure as the read-only application shows it: with its field's unit. */
const withUnit = (text: string, field: string) => {
  const unit = TUR_FIELDS.find((spec) => spec.name === field || spec.name.endsWith(`.${field}`))?.unit;
  return unit ? `${text} ${unit}` : text;
};
const storedAs = (figures: readonly Figure[]) => Object.fromEntries(figures.map(([, , , field, value]) => [field, value]));

beforeAll(async () => {
  ({ context, page } = await e2e.newPage({ acceptDownloads: true }));
  requests = recordApiRequests(page);
  const excel = new ExcelJS.Workbook();
  excel.addWorksheet('Piano economico').addRows([
    ['Voce', 'Importo'],
    ['Capex energetico', 4_000_000],
  ]);
  workbook = Buffer.from(await excel.xlsx.writeBuffer());
});
afterAll(async () => {
  await context?.close();
});

const APPLICANT_EMAIL = `paolo.berti.${Date.now()}@esempio.it`;
const wizard = () => wizardActions(page);
/** The value read under a label of the read-only application (its label's start, as the boxes' names were matched). */
const readOnlyValue = (label: string) =>
  page
    .locator('dt')
    .filter({ hasText: labelled(label) })
    .locator('xpath=following-sibling::dd[1]');
/** The Allegati rows that still take a file. */
const slotRows = () =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Seleziona file|Scegli un altro file/ }) });

describe('the TUR application wizard', () => {
  it('a tourism operator opens the wizard from Candidati on the TUR card', async () => {
    const ids = await registerApplicant(page, context, e2e.portal, {
      firstName: 'Paolo',
      lastName: 'Berti',
      email: APPLICANT_EMAIL,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    await page.goto(`${e2e.portal.url}/`);
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await card()
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${e2e.portal.url}/survey/TUR_candidatura`);
    await expectHeading(page, TITLE);
    await wizard().stepHeading('Progetto').waitFor();
    await page.getByText('Tutti i campi con * devono essere compilati per poter inviare la candidatura').waitFor();
    await expectAccessible(page);
  });

  it('step 1 Progetto: region, province and comune narrow each other; thematic area; description', async () => {
    await wizard().type(/Nome del progetto/, 'Ospitalità diffusa a Montalcino');
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
    await wizard().type(/Descrizione del progetto/, prose(320));
    await expectAccessible(page);
    await wizard().next('Fonti e Impieghi');
  });

  it('step 2 Fonti e Impieghi: amounts typed the Italian way are shown formatted and stored as meant', async () => {
    for (const [label, typed] of AMOUNTS) await wizard().type(labelled(label), typed);
    for (const [label, , shown] of AMOUNTS) await expect(wizard().shown(labelled(label)), label).resolves.toBe(shown);
    await wizard().type(/Nome della misura di cofinanziamento/, 'Fondo regionale per il turismo');
    await wizard().choose(/Forma tecnica/, 'Debito');
    await expect.poll(() => wizard().shown(/^Fonti di copertura/)).toBe('8.000.000,00');
    await expect.poll(() => wizard().shown(/^Quota del Fondo/)).toBe('56,25 %');
    await expect.poll(() => wizard().shown(/^Quota per la transizione energetica/)).toBe('37,50 %');
    await expect.poll(stored, SAVED).toMatchObject(storedAs(AMOUNTS));
    await expectAccessible(page);
  });

  it('step 2: totals must match the sources, to the cent', async () => {
    await wizard().type(/^Totale investimento/, '8.000.000,01');
    await page.getByText('I valori "Totale investimento" e "Fonti di copertura" devono essere uguali').waitFor();
    await expect.poll(stored, SAVED).toMatchObject({ costiTotale: 8_000_000.01 });
    await wizard().type(/^Totale investimento/, '8.000.000');
    await expect.poll(() => page.getByText('devono essere uguali').count()).toBe(0);
    await expect.poll(stored, SAVED).toMatchObject({ costiTotale: 8_000_000 });
  });

  it('step 2: a text that is not an Italian amount says the form expected and stores no number', async () => {
    await wizard().type(/^Cofinanziamento in equity/, '1.2');
    await page.getByText('Inserisci un importo come 1.200.000,50').waitFor();
    // The text stays as typed, to be corrected; no other number (1,2 or 12) is stored in its place.
    await expect(wizard().shown(/^Cofinanziamento in equity/)).resolves.toBe('1.2');
    await expect.poll(async () => (await stored()).costiEquity, SAVED).toBeNull();
    await expectAccessible(page);
    await wizard().type(/^Cofinanziamento in equity/, '500.000');
    await expect(page.getByText('Inserisci un importo come 1.200.000,50').count()).resolves.toBe(0);
    await expect.poll(stored, SAVED).toMatchObject({ costiEquity: 500_000 });
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
    for (const [label, , shown] of AMOUNTS) await expect(wizard().shown(labelled(label)), label).resolves.toBe(shown);
    await wizard().next('Tempistiche');
  });

  it("step 3 Tempistiche: the end of works is computed and blocked after the call's limit", async () => {
    // The call's limit is said before any date is typed.
    await page.getByText('La fine lavori prevista non può superare il 31/12/2030').waitFor();
    await wizard().choose(/Livello di progettazione/, 'PFTE');
    await wizard().typeDate('Data di inizio lavori', '01022026');
    await wizard().type(/Durata dei lavori/, '60');
    await page.getByText('La data non può superare il 31/12/2030').waitFor();
    await wizard().type(/Durata dei lavori/, '6');
    await expect.poll(() => wizard().shown(/^Fine lavori prevista/)).toBe('01/08/2026');
    await wizard().type(/Descrizione dell.iter procedurale/, prose(260));
    await expect.poll(stored, SAVED).toMatchObject({ tempiDurataLavori: 6 });
    await expectAccessible(page);
    await wizard().next("Valutazione d'Impatto");
  });

  it("step 4 Valutazione d'Impatto: quantities and counts typed the Italian way; a No clears what the Sì asked", async () => {
    await wizard().answer(/recupera superficie coperta/, 'Sì');
    await wizard().answer(/piantumazione di alberi/, 'Sì');
    await wizard().answer(/incremento dei turisti/, 'Sì');
    for (const [label, typed] of TYPED_IMPACT) await wizard().type(labelled(label), typed);
    for (const [label, , shown] of TYPED_IMPACT) await expect(wizard().shown(labelled(label)), label).resolves.toBe(shown);
    await wizard().answer(/contesto paesaggistico tutelato/, 'Sì');
    await wizard().type(/Tipo di contesto paesaggistico/, 'Val d\u2019Orcia, patrimonio UNESCO');
    await wizard().answer(/mezzi di trasporto alternativi/, 'Sì');
    await wizard().choose(/Tipo di intervento per la mobilità sostenibile/, 'Depositi per biciclette');
    await wizard().type(/Numero di interventi/, '3');
    await expect
      .poll(async () => (await stored()).turSurveyDto, SAVED)
      .toMatchObject({
        ...storedAs(TYPED_IMPACT),
        numInterventiMobilitaSostenibile: 3,
      });
    await wizard().answer(/mezzi di trasporto alternativi/, 'No');
    await expect(page.getByRole('textbox', { name: /Numero di interventi/ }).count()).resolves.toBe(0);
    await expect.poll(async () => (await stored()).turSurveyDto, SAVED).toMatchObject({ numInterventiMobilitaSostenibile: null });
    await expectAccessible(page);
  });

  it('step 4: the indicators PUI asks too, typed the Italian way, stored as meant; a No on housing clears its figures', async () => {
    await wizard().type(/^Tipo di autorizzazione/, 'Permesso di costruire');
    await wizard().answer(/ristrutturazione di edifici/, 'Sì');
    await wizard().choose(/Tipo di intervento previsto/, 'Restauro');
    await wizard().choose(/Classe energetica di partenza/, 'G (oltre 160 kWh/m² anno)');
    await wizard().choose(/Classe energetica raggiunta/, 'A (da 15 a 30 kWh/m² anno)');
    await wizard().answer(/impianti a fonti rinnovabili/, 'Sì');
    await wizard().answer(/interviene su superficie coperta/, 'Sì');
    await wizard().answer(/aggiunge superficie verde/, 'Sì');
    await wizard().answer(/prevede posti letto/, 'Sì');
    await wizard().answer(/prevede spazi commerciali/, 'Sì');
    await wizard().answer(/prevede soluzioni smart/, 'Sì');
    await wizard().type(/^Tipo di soluzione smart/, 'Sensori per i consumi idrici');
    for (const [label, typed] of SHARED_IMPACT) await wizard().type(labelled(label), typed);
    for (const [label, , shown] of SHARED_IMPACT) await expect(wizard().shown(labelled(label)), label).resolves.toBe(shown);
    await expect
      .poll(async () => (await stored()).turSurveyDto, SAVED)
      .toMatchObject({
        ...storedAs(SHARED_IMPACT),
        tipoAutorizzazione: 'Permesso di costruire',
        ristrutturazione: 'true',
        tipoInterventoPrevisione: 4,
        classeEnergeticaPartenza: 'G',
        classeEnergeticaRaggiunta: 'A',
        tipoSmartSolution: 'Sensori per i consumi idrici',
      });
    await expectAccessible(page);

    await wizard().answer(/abitazioni \(housing\)/, 'Sì');
    for (const [label, typed] of HOUSING) await wizard().type(labelled(label), typed);
    for (const [label, , shown] of HOUSING) await expect(wizard().shown(labelled(label)), label).resolves.toBe(shown);
    await expect.poll(async () => (await stored()).turSurveyDto, SAVED).toMatchObject({ housing: 'true', ...storedAs(HOUSING) });
    await wizard().answer(/abitazioni \(housing\)/, 'No');
    await expect(page.getByRole('textbox', { name: /^Canone medio di locazione/ }).count()).resolves.toBe(0);
    await expect
      .poll(async () => (await stored()).turSurveyDto, SAVED)
      .toMatchObject({ housing: 'false', canoniLocazione: null, prezziCompravendita: null, numeroPostiLetto: 1048 });
  });

  it('step 4: figures pasted or filled in by the browser are read the same way', async () => {
    await wizard().answer(/impianti a fonti rinnovabili/, 'Sì');
    for (const [label, pasted] of PASTED_IMPACT) {
      const box = page.getByRole('textbox', { name: labelled(label) });
      await box.fill(pasted);
      await box.press('Tab');
    }
    for (const [label, , shown] of PASTED_IMPACT) await expect(wizard().shown(labelled(label)), label).resolves.toBe(shown);
    await expect.poll(async () => (await stored()).turSurveyDto, SAVED).toMatchObject(storedAs(PASTED_IMPACT));
    await wizard().next('Allegati');
  });

  it('step 5 Allegati: nothing is said missing before the person goes on; then each mandatory slot says so', async () => {
    await page
      .getByRole('link', { name: /Scarica modulo/ })
      .first()
      .waitFor();
    await expect(page.getByText('L\u2019allegato è obbligatorio').count()).resolves.toBe(0);
    await expectAccessible(page);
    await wizard().next('Invia Candidatura');
    await page
      .getByRole('button', { name: /Allegati/ })
      .first()
      .click();
    await wizard().stepHeading('Allegati').waitFor();
    const mandatory = await slotRows().filter({ hasText: '*' }).count();
    expect(mandatory).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('L\u2019allegato è obbligatorio').count()).toBe(mandatory);
  });

  it('step 5: a file the server refuses offers choosing another file, not sending the same one again', async () => {
    const row = page.getByRole('listitem').filter({ hasText: 'Cronoprogramma dei lavori' });
    const chooser = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: /Seleziona file/ }).click();
    await (
      await chooser
    ).setFiles({ name: 'cronoprogramma.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Solo testo, non un PDF.') });
    await row
      .getByRole('alert')
      .getByText(/non è un documento PDF/)
      .waitFor();
    await expect(row.getByRole('button', { name: 'Riprova' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    const another = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: /Scegli un altro file/ }).click();
    await (await another).setFiles({ name: 'cronoprogramma.pdf', mimeType: 'application/pdf', buffer: templatePdf });
    await row.getByText('CARICATO', { exact: true }).waitFor();
    await expect(row.getByRole('alert').count()).resolves.toBe(0);
  });

  it('step 5: every mandatory slot uploaded', async () => {
    const rows = slotRows();
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
    await expect(page.getByText('L\u2019allegato è obbligatorio').count()).resolves.toBe(0);
    await expectAccessible(page);
    await wizard().next('Invia Candidatura');
  });

  it('step 6: the Domanda is signed with the trial certificate, as a newcomer to the trial set-up does (issue 43)', async () => {
    await wizard().signWithTrialCertificate('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)');
    await expectAccessible(page);
  });

  it('step 6: submit, confirm, "Candidatura inviata!" with the protocol number', async () => {
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Invia candidatura', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Sicuro di inviare la candidatura. Non sarà più possibile modificarla.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(/\/candidaturaCompletata\?ricevuta=[0-9a-f-]{36}$/);
    await expectHeading(page, 'Candidatura inviata!');
    // The toast says what happened, with the protocol number the server gave.
    const [receipt] = await storedReceipts(context, e2e.portal.url, 'TUR', organizationId);
    expect(receipt).toMatchObject({ kind: 'application', protocol: expect.stringMatching(/^TUR-\d{4}-\d{6}$/) });
    await page.getByText('Candidatura inviata', { exact: true }).waitFor();
    await page.getByText(`Numero di protocollo: ${receipt!.protocol}.`).first().waitFor();
    await page.getByText(receipt!.protocol, { exact: true }).waitFor();
    await expectAccessible(page);
  });

  it('downloads the receipt: protocol, organisation, and the SHA-256 of every file handed over', async () => {
    const [receipt] = await storedReceipts(context, e2e.portal.url, 'TUR', organizationId);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica ricevuta' }).click()]);
    expect(download.suggestedFilename()).toBe(`Ricevuta-${receipt!.protocol}.pdf`);
    const pdf = readFileSync((await download.path())!);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(receipt!.protocol);
    expect(flat).toContain(ORGANIZATION);
    expect(flat).toContain('Ricevuta di consegna');
    // The Domanda signed with the trial certificate (issue 43): who signed, and that it has no legal value.
    expect(flat).toContain('Domanda firmata digitalmente');
    expect(flat).toContain('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)');
    expect(flat).toContain('firma di prova, senza valore legale');
    for (const file of [templatePdf, workbook]) expect(flat).toContain(createHash('sha256').update(file).digest('hex'));
    await expectAccessible(page);
  });

  it('the e-mail saying the application was received reaches the applicant with the receipt attached', async () => {
    const [receipt] = await storedReceipts(context, e2e.portal.url, 'TUR', organizationId);
    // Sent once the hand-over has committed, a moment after the answer.
    const received = async () =>
      (await readOutbox(path.join(e2e.portal.dataDir, 'outbox'))).filter(
        (mail) => mail.to === APPLICANT_EMAIL && mail.subject === statusMailMessages.statuses.CANDIDATURA_SOTTOMESSA.subject('TUR'),
      );
    await expect.poll(async () => (await received()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await received();
    expect(mail!.text).toContain(statusMailMessages.receiptAttached);
    expect(mail!.attachments).toEqual([{ filename: `Ricevuta-${receipt!.protocol}.pdf`, contentType: 'application/pdf' }]);
  });

  it('back on /calls, the TUR card says Candidatura Sottomessa and lists the receipt', async () => {
    const [receipt] = await storedReceipts(context, e2e.portal.url, 'TUR', organizationId);
    await page.getByRole('link', { name: 'Torna ai fondi' }).click();
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await card().getByText('Candidatura Sottomessa').first().waitFor();
    await card().getByRole('heading', { name: 'Ricevute' }).waitFor();
    await card().getByText(receipt!.protocol).waitFor();
    await expect(
      card()
        .getByRole('button', { name: `Scarica la ricevuta ${receipt!.protocol}` })
        .count(),
    ).resolves.toBe(1);
    await expect(card().getByRole('button').filter({ hasNotText: 'Scarica ricevuta' }).allTextContents()).resolves.toEqual(['Visualizza']);
    await expectAccessible(page);
  });

  it('an admin opens it read-only with the reviewers\u2019 warnings and the receipt', async () => {
    await context.clearCookies();
    await loginAsAdmin(page, e2e.portal.url);
    await page.goto(`${e2e.portal.url}/admin-organization/survey-tur/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByText("La quota richiesta al Fondo supera il 50% dell'investimento totale").waitFor();
    await page.getByText("L'acquisto di immobili supera il 10% dell'investimento totale").waitFor();
    await page.getByText("I capex per la transizione energetica sono inferiori al 50% dell'investimento totale").waitFor();
    await expect(readOnlyValue('Nome del progetto').textContent()).resolves.toBe('Ospitalità diffusa a Montalcino');
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).count()).resolves.toBe(0);
    // The application's receipts, each to download.
    const [receipt] = await storedReceipts(context, e2e.portal.url, 'TUR', organizationId);
    await page.getByRole('heading', { name: 'Ricevute' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Scarica la ricevuta ${receipt!.protocol}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Ricevuta-${receipt!.protocol}.pdf`);
    await expectAccessible(page);
  });

  it('the admin reads every figure as it was typed, in Italian form', async () => {
    const readOnlyStep = async (title: string, figures: readonly (readonly [string, string])[]) => {
      await page
        .getByRole('button', { name: new RegExp(title) })
        .first()
        .click();
      await wizard().stepHeading(title).waitFor();
      // Text, not boxes, each number with the unit the wizard shows beside its box.
      for (const [label, shown] of figures) await expect(readOnlyValue(label).textContent(), label).resolves.toBe(shown);
      // The page's boxes are the reviewers' own, in their sections below the application: the private notes and the
      // evaluation form.
      const notes = page.getByRole('region', { name: 'Note interne' });
      await notes.getByRole('textbox', { name: 'Nuova nota interna' }).waitFor();
      const evaluation = page.getByRole('region', { name: 'Valutazione istruttoria' });
      await evaluation.getByRole('radiogroup').first().waitFor();
      const own = (await notes.getByRole('textbox').count()) + (await evaluation.getByRole('textbox').count());
      await expect(page.getByRole('textbox').count()).resolves.toBe(own);
    };
    const shownOf = (figures: readonly Figure[]) => figures.map(([label, , shown, field]) => [label, withUnit(shown, field)] as const);
    await readOnlyStep('Fonti e Impieghi', [...shownOf(AMOUNTS), ['Fonti di copertura', '8.000.000,00 €']]);
    await readOnlyStep('Tempistiche', [['Durata dei lavori', '6 mesi']]);
    await readOnlyStep("Valutazione d'Impatto", [
      ...shownOf(TYPED_IMPACT),
      ...shownOf(SHARED_IMPACT),
      ...shownOf(PASTED_IMPACT),
      ['Tipo di autorizzazione', 'Permesso di costruire'],
      ['Tipo di soluzione smart', 'Sensori per i consumi idrici'],
    ]);
    await expectAccessible(page);
  });

  it('no list was asked for with an id that is not one (regId=NaN, cityId=0) on any page of the journey', () => {
    expect(requests.some((url) => url.includes('/api/Typology/GetprovfromRegion?regId=9'))).toBe(true);
    expect(badIdRequests(requests)).toEqual([]);
  });
});
