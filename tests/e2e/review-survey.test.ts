import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { surveySubmissions } from '../../server/db/schema/surveys.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';
import { loginAsAdmin, signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { storedSurveyAnswers } from './support/surveyApi.ts';
import { surveyForm } from './support/surveyForm.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const ORGANIZATION = 'Comune di Montevarchi Alto';
const TITLE = 'Istruttoria Fondo Tematico Piani Urbani Integrati';
const CARD = 'Fondo Tematico Piani Urbani Integrati';
const XSS = '<img src=x onerror="window.__xss=1">';
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

beforeAll(async () => {
  applicant = await e2e.newPage({ acceptDownloads: true });
  admin = await e2e.newPage({ acceptDownloads: true });
});

/** Every required question of the PUI Istruttoria, answered as a careful applicant does (tests/support/surveyAnswers.ts). */
async function answerIstruttoria(page: Page) {
  const form = surveyForm(page);
  await form.type('Codice Unico di Progetto (CUP)', 'J31B21001230006');
  await form.choose('Livello di progettazione approvato alla data di compilazione', 'Progetto di fattibilità tecnico-economica');
  await form.date("Data dell'atto di approvazione dell'ultimo livello progettuale", '12/03/2026');
  await form.pick('Titolarità delle aree e degli immobili oggetto di intervento', 'Interamente di proprietà del soggetto proponente');
  await form.yesNo('Le aree sono soggette a vincoli (paesaggistici, archeologici, idrogeologici, ambientali)?', true);
  await form.tick('Tipologia dei vincoli presenti', ['Paesaggistico (D.Lgs. 42/2004, parte III)']);
  const permits: [string, string, string?][] = [
    ['Titolo edilizio (permesso di costruire, SCIA)', 'Richiesta, in attesa', '30/06/2026'],
    ['Autorizzazione paesaggistica', 'Ottenuta', '01/02/2026'],
    ['Verifica di assoggettabilità o Valutazione di impatto ambientale', 'Non necessaria'],
    ['Parere della Soprintendenza', 'Ottenuta', '20/01/2026'],
    ['Conferenza dei servizi', 'Da richiedere'],
  ];
  for (const [row, state, day] of permits) {
    await form.choose(`riga ${row}, colonna Stato`, state);
    if (day) await form.date(`riga ${row}, colonna Data di rilascio (effettiva o prevista)`, day);
  }
  await form.type("Costo complessivo aggiornato dell'intervento (euro)", '4.250.000');
  await form.pick('Il costo aggiornato è coerente con il piano finanziario presentato in candidatura?', 'Variazione entro il 10%');
  await form.type(
    'Motivare la variazione dei costi e indicare come è coperta',
    'Aggiornamento del prezzario regionale 2026; la differenza è coperta con fondi propri.',
  );
  await form.yesNo('Il cofinanziamento a carico del soggetto proponente è già stato deliberato?', true);
  await form.type('Descrizione del rischio', 'Ritardo nel rilascio del titolo edilizio');
  await form.pick('Probabilità', 'Media');
  await form.type('Misura di mitigazione', 'Conferenza dei servizi anticipata.');
  await form.choose("Procedura prevista per l'affidamento dei lavori (D.Lgs. 36/2023)", 'Procedura aperta');
  await form.yesNo('Il soggetto proponente è stazione appaltante qualificata o si avvale di una centrale di committenza?', true);
  const timeline: [string, string][] = [
    ['Aggiudicazione dei lavori', '30/09/2026'],
    ['Inizio lavori', '02/11/2026'],
    ['Fine lavori', '30/06/2028'],
    ['Collaudo', '15/12/2028'],
  ];
  for (const [row, day] of timeline) await form.date(`riga ${row}, colonna Data prevista`, day);
}

/** Every required question of the PUI Gresb; the biodiversity note carries markup, which must stay text. */
async function answerGresb(page: Page) {
  const form = surveyForm(page);
  await form.pick('I dati di consumo energetico sono', 'Stimati da progetto o diagnosi energetica');
  const consumption = surveyForm(page, page.getByRole('group', { name: 'Consumi energetici annui' }));
  await consumption.type('Ante operam (MWh/anno)', '820');
  await consumption.type('Post operam (MWh/anno)', '410');
  const emissions = surveyForm(page, page.getByRole('group', { name: 'Emissioni di gas serra (Scope 1 e 2)' }));
  await emissions.type('Ante operam (tCO2e/anno)', '210');
  await emissions.type('Post operam (tCO2e/anno)', '80');
  await form.type('Quota di energia da fonti rinnovabili sul fabbisogno post operam (%)', '45');
  await form.tick('Impianti da fonti rinnovabili previsti', ['Fotovoltaico', 'Pompe di calore']);
  await form.choose('Classe energetica attesa a fine intervento (APE)', 'A2');
  await form.type('Consumo idrico annuo stimato post operam (m³/anno)', '3200', '3.200');
  await form.tick('Misure di risparmio e gestione delle acque', ['Recupero delle acque meteoriche']);
  await form.type('Quota di rifiuti da costruzione e demolizione avviata a recupero (%)', '75');
  await form.yesNo("Il progetto applica i Criteri Ambientali Minimi (CAM) per l'edilizia?", true);
  await form.tick('Certificazioni di sostenibilità possedute o previste', ['CasaClima']);
  await form.choose('Livello di certificazione atteso', 'Livello alto (es. Gold, Very Good, Classe A)');
  await form.yesNo("L'intervento comporta consumo di suolo non edificato?", false);
  await form.type('Superficie a verde o depavimentata realizzata (m²)', '1.800');
  await form.type("Misure per la tutela e l'incremento della biodiversità (specie autoctone, corridoi ecologici, tetti verdi)", XSS);
  await form.pick("Accessibilità per le persone con disabilità dopo l'intervento", 'Piena accessibilità di tutti gli spazi');
  await form.tick('Modalità di coinvolgimento della comunità locale', ['Assemblee pubbliche', 'Progettazione partecipata']);
  const governance: [string, string][] = [
    ["Responsabile della sostenibilità dell'intervento", 'Presente'],
    ['Piano di monitoraggio degli indicatori ambientali', 'In corso di adozione'],
    ['Misure anticorruzione e di trasparenza', 'Presente'],
    ['Rendicontazione pubblica dei risultati', 'Presente'],
  ];
  for (const [row, column] of governance) await form.pick('Presidi di governance ESG', `riga ${row}, colonna ${column}`);
}

/** The answers as the server keeps them, once every save has settled. */
async function storedAnswers(surveyName: string) {
  const [row] = await e2e.portal.db.select().from(surveySubmissions).where(eq(surveySubmissions.surveyName, surveyName));
  return row?.answers;
}

const stepButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Passaggi della survey' }).getByRole('button', { name });

describe('review (istruttoria): the applicant answers and submits, the admin reads and deliberates', () => {
  it('an application is under evaluation and the admin makes it admissible', async () => {
    const ids = await signInApplicant(applicant.page, applicant.context, e2e.portal, {
      firstName: 'Marta',
      lastName: 'Galli',
      email: `marta.galli.${Date.now()}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    applicationId = await e2e.portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());

    const { page } = admin;
    await loginAsAdmin(page, e2e.portal.url);
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'Ammissibile' }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
  });

  it('the card offers the application and the review; the review opens on Istruttoria', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/calls`);
    const card = page.getByRole('article', { name: CARD });
    await card.getByRole('button').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Visualizza domanda', 'Compila istruttoria']);
    await card.getByRole('button', { name: 'Compila istruttoria' }).click();
    await page.waitForURL(`${e2e.portal.url}/survey/PUI_istruttoria/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
    await expectAccessible(page);
  });

  it('text pasted (or autofilled, dictated) into the dynamic panel right after another answer is kept and saved', async () => {
    const { page } = applicant;
    const risk = page.getByRole('group', { name: 'Principali rischi e misure di mitigazione' });
    const mitigation = risk.getByRole('textbox', { name: 'Misura di mitigazione', exact: true });
    const description = risk.getByRole('textbox', { name: 'Descrizione del rischio', exact: true });
    // The sequence that lost the description: the mitigation's answer is saved as the description is pasted.
    await mitigation.fill('Conferenza dei servizi anticipata.');
    await description.fill('Ritardo nel rilascio del titolo edilizio');
    await description.blur();
    await expect.poll(() => description.inputValue()).toBe('Ritardo nel rilascio del titolo edilizio');
    await expect
      .poll(async () => ((await storedAnswers('Istruttoria-Pui')) as { rischi?: unknown[] } | undefined)?.rischi, { timeout: 20_000 })
      .toEqual([{ descrizione: 'Ritardo nel rilascio del titolo edilizio', mitigazione: 'Conferenza dei servizi anticipata.' }]);
    await expect(description.inputValue()).resolves.toBe('Ritardo nel rilascio del titolo edilizio');
    await expect(mitigation.inputValue()).resolves.toBe('Conferenza dei servizi anticipata.');
  });

  it('coming back to a step whose answers are still being saved shows what the person typed, and keeps it', async () => {
    const { page } = applicant;
    const saves = '**/api/SJSurvey/CreateSurveyAnswers';
    let saved = 0;
    await page.route(saves, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
      saved += 1;
    });
    const cup = page.getByRole('textbox', { name: 'Codice Unico di Progetto (CUP)', exact: true });
    await typeLikeAPerson(cup, 'J31B21001230006');
    // Away and back while that save is still on its way.
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Gresb', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Indietro' }).click();
    await page.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
    await expect(cup.inputValue()).resolves.toBe('J31B21001230006');
    await expect.poll(() => saved, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.unroute(saves);
    await expect.poll(async () => (await storedAnswers('Istruttoria-Pui'))?.cup, { timeout: 20_000 }).toBe('J31B21001230006');
    await expect(cup.inputValue()).resolves.toBe('J31B21001230006');
  });

  it('answers saved meanwhile in another tab are never overwritten: the conflict says so, and Ricarica brings them without reloading the page', async () => {
    const { page } = applicant;
    const cup = (tab: Page) => tab.getByRole('textbox', { name: 'Codice Unico di Progetto (CUP)', exact: true });
    const conflict = page.getByText('Le risposte sono state modificate in un\u2019altra scheda o da un altro membro');
    // A mark on this page's window: a reload of the page would take it away.
    await page.evaluate(() => void ((window as { __samePage?: boolean }).__samePage = true));

    const other = await applicant.context.newPage();
    await other.goto(`${e2e.portal.url}/survey/PUI_istruttoria/${organizationId}`);
    await other.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
    await expect(cup(other).inputValue()).resolves.toBe('J31B21001230006');
    await typeLikeAPerson(cup(other), 'J31B21009990001');
    await expect.poll(async () => (await storedAnswers('Istruttoria-Pui'))?.cup, { timeout: 20_000 }).toBe('J31B21009990001');

    // This tab still holds the version before the other tab's save: its save is refused, and nothing is overwritten.
    await typeLikeAPerson(cup(page), 'J31B21005550002');
    await conflict.waitFor();
    await expectAccessible(page);
    await expect(storedAnswers('Istruttoria-Pui')).resolves.toMatchObject({ cup: 'J31B21009990001' });

    await page.getByRole('button', { name: 'Ricarica le risposte' }).click();
    await expect.poll(() => cup(page).inputValue(), { timeout: 20_000 }).toBe('J31B21009990001');
    await expect(conflict.count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);

    // Saving goes on from the stored version.
    await typeLikeAPerson(cup(page), 'J31B21001230006');
    await expect.poll(async () => (await storedAnswers('Istruttoria-Pui'))?.cup, { timeout: 20_000 }).toBe('J31B21001230006');
    await expect(conflict.count()).resolves.toBe(0);
    const readBack = await storedSurveyAnswers(applicant.context, e2e.portal.url, {
      name: 'Istruttoria-Pui',
      candidaturaId: applicationId,
    });
    expect(readBack?.cup).toBe('J31B21001230006');
    await other.close();
  });

  it('answers every question of Istruttoria and Gresb by hand; the server keeps exactly those answers; after a reload they are there', async () => {
    const { page } = applicant;
    await answerIstruttoria(page);
    await expect.poll(() => storedAnswers('Istruttoria-Pui'), { timeout: 20_000 }).toEqual(istruttoriaPuiAnswers);
    // The amount typed "4.250.000" key by key, read back through the API as the number it means.
    const readBack = await storedSurveyAnswers(applicant.context, e2e.portal.url, {
      name: 'Istruttoria-Pui',
      candidaturaId: applicationId,
    });
    expect({ costoAggiornato: readBack?.costoAggiornato }).toEqual({ costoAggiornato: 4250000 });
    await expectAccessible(page);
    // Each step change fetches the stored answers again. A slow answer must not rebuild the survey under the
    // person's fingers (losing what they typed meanwhile): the step shows the survey once its answers are here.
    const submissionRequests = '**/api/SJSurvey/GetSurveySubmssionbySurveyId?**';
    await page.route(submissionRequests, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Gresb', level: 2 }).waitFor();
    await expect(page.getByRole('radiogroup').count()).resolves.toBe(0);
    await answerGresb(page);
    await page.unroute(submissionRequests);
    await expect.poll(() => storedAnswers('Gresb-Pui'), { timeout: 20_000 }).toEqual({ ...gresbPuiAnswers, biodiversita: XSS });
    // Markup typed as an answer stays text.
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expectAccessible(page);

    await page.reload();
    await expectHeading(page, TITLE);
    // The server's check of the stored answers marks both surveys done.
    await stepButton(page, '1. Istruttoria completato').waitFor();
    await expect(page.getByRole('textbox', { name: /Codice Unico di Progetto/ }).inputValue()).resolves.toBe('J31B21001230006');
    await stepButton(page, '2. Gresb completato').click();
    await page.getByRole('heading', { name: 'Gresb', level: 2 }).waitFor();
    await expect(page.getByRole('textbox', { name: /Quota di energia da fonti rinnovabili/ }).inputValue()).resolves.toBe('45');
    await page.getByText(XSS).waitFor();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('DNSH: downloads the template, uploads the declaration; Invia asks for confirmation and lands on "Survey inviata!"', async () => {
    const { page } = applicant;
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'DNSH', level: 2 }).waitFor();
    await page.getByText(/Regolamento \(UE\) 2021\/241/).waitFor();
    // The declaration's template, downloaded as a person does, from its slot in the first block.
    await page.getByRole('heading', { name: 'Dichiarazioni obbligatorie', level: 3 }).waitFor();
    await page.getByRole('heading', { name: 'Schede DNSH', level: 3 }).waitFor();
    const download = page.waitForEvent('download');
    // Spec §2: the template is named 'Dichiarazione DNSH - PUI', and saved under that name.
    await page.getByRole('link', { name: 'Scarica modulo: Dichiarazione DNSH - PUI' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('Dichiarazione DNSH - PUI.pdf');
    expect((await readFile((await template.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page);

    const declaration = page.getByRole('listitem').filter({ hasText: 'Dichiarazione attestante il rispetto dei vincoli DNSH' });
    const chooser = page.waitForEvent('filechooser');
    await declaration.getByRole('button', { name: /Seleziona file/ }).click();
    await (await chooser).setFiles({ name: 'dichiarazione-dnsh.pdf', mimeType: 'application/pdf', buffer: pdf });
    await declaration.getByText('dichiarazione-dnsh.pdf').waitFor();

    await page.getByRole('button', { name: 'Avanti' }).click();
    await page
      .getByText(/Dichiarazione attestante il rispetto dei vincoli/)
      .first()
      .waitFor();
    const invia = page.getByRole('button', { name: 'Invia', exact: true });
    await expect.poll(() => invia.isEnabled()).toBe(true);
    await expectAccessible(page);
    await invia.click();
    const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
    await dialog.getByText('Sicuro di inviare la survey? Non sarà più possibile modificarla.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(/\/surveyIstruttoriaCompletata\?ricevuta=[0-9a-f-]{36}$/);
    await expectHeading(page, 'Survey inviata!');
    await page.getByText('Istruttoria inviata').first().waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Torna ai fondi' }).click();
    const card = page.getByRole('article', { name: CARD });
    await card.getByRole('button').first().waitFor();
    // The card opens whole, with the hand-over's receipt listed beside the buttons.
    await expect(card.getByRole('heading', { name: 'Ricevute' }).count()).resolves.toBe(1);
    await expect(card.getByRole('button').filter({ hasNotText: 'Scarica ricevuta' }).allTextContents()).resolves.toEqual([
      'Visualizza domanda',
      'Visualizza',
    ]);
  });

  it('the applicant reads the review read-only', async () => {
    const { page } = applicant;
    await page
      .getByRole('article', { name: CARD })
      .getByRole('button', { name: /^Visualizza istruttoria/ })
      .click();
    await page.waitForURL(/isReadOnly=true/);
    await page.getByText('Le risposte sono in sola lettura.').waitFor();
    await expect(page.getByRole('button', { name: '4. Invia survey' }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('the admin reads the review, answers as text, and sets Deliberata', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-panel`);
    await page.getByRole('link', { name: 'Apri istruttoria PUI' }).click();
    await page.waitForURL(`${e2e.portal.url}/admin-organization/PUI_istruttoria/${organizationId}`);
    await expectHeading(page, TITLE);
    await expect(page.getByRole('textbox', { name: /Codice Unico di Progetto/ }).inputValue()).resolves.toBe('J31B21001230006');
    // Numbers and dates as Italians read them.
    await expect(page.getByRole('textbox', { name: "Costo complessivo aggiornato dell'intervento (euro)" }).inputValue()).resolves.toBe(
      '4.250.000',
    );
    await expect(page.getByRole('group', { name: 'riga Fine lavori, colonna Data prevista' }).textContent()).resolves.toContain(
      '30/06/2028',
    );
    await stepButton(page, '2. Gresb').click();
    await page.getByText(XSS).waitFor();
    await expect(page.getByRole('textbox', { name: 'Consumo idrico annuo stimato post operam (m³/anno)' }).inputValue()).resolves.toBe(
      '3.200',
    );
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await stepButton(page, '3. DNSH').click();
    await page.getByText('dichiarazione-dnsh.pdf').waitFor();
    // Two ways back: the header's, above whose application it is, and the wizard's own at the last step.
    await expect.poll(() => page.getByRole('link', { name: 'Torna alla lista' }).count()).toBe(2);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Torna alla lista' }).last().click();
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'Deliberata' }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
    await dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }).fill('Deliberata dal comitato del 20/11');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
    const rows = await e2e.portal.db.select().from(surveySubmissions).where(eq(surveySubmissions.applicationId, applicationId));
    expect(rows.every((row) => row.submittedAt !== null)).toBe(true);
  });
});
