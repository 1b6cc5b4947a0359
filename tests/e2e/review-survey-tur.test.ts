import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { storedSurveyAnswers } from './support/surveyApi.ts';
import { surveyForm } from './support/surveyForm.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const ORGANIZATION = 'Comune di Borgo Ospitale';
const TITLE = 'Istruttoria Fondo Tematico Turismo Sostenibile';
const COST = "Costo complessivo aggiornato dell'intervento (euro)";
const PRESENCES = 'Presenze turistiche annue attese a regime (notti)';
const WORK_UNITS = 'Nuovi occupati nel settore turistico attesi a regime (ULA)';
const APPROVAL = "Data dell'atto di approvazione dell'ultimo livello progettuale";

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

beforeAll(async () => {
  // A browser in English: its own number and date inputs would read and show numbers and dates the English way.
  applicant = await e2e.newPage({ locale: 'en-US' });
  admin = await e2e.newPage({ locale: 'en-US' });
});

/** What the server holds for a survey of the application, through the API with the applicant's session. */
const stored = (name: 'Istruttoria-Tur' | 'Gresb-Tur') =>
  storedSurveyAnswers(applicant.context, e2e.portal.url, { name, candidaturaId: applicationId });
const storedAnswer = (name: 'Istruttoria-Tur' | 'Gresb-Tur', question: string) => () => stored(name).then((answers) => answers?.[question]);

const stepButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Passaggi della survey' }).getByRole('button', { name });

describe('TUR review in a browser set to English: numbers and dates typed and shown the Italian way', () => {
  it('an admissible TUR application opens its review on Istruttoria', async () => {
    const ids = await signInApplicant(applicant.page, applicant.context, e2e.portal, {
      firstName: 'Paolo',
      lastName: 'Conti',
      email: `paolo.conti.${Date.now()}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    applicationId = await e2e.portal.forceStatus(organizationId, 'TUR', 'AMMISSIBILE', new Date());
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/survey/TUR_istruttoria/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
    await expect(page.evaluate(() => navigator.language)).resolves.toBe('en-US');
    // The survey is drawn a few rows at a time, top first, and all of it without being scrolled to: its last
    // question is there for the keyboard and the browser's search, and no placeholder is left.
    await page.locator('[data-name="note"]').getByRole('textbox').waitFor();
    await expect.poll(() => page.locator('.sv-skeleton-element').count()).toBe(0);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  });

  it('a date is gg/mm/aaaa, typed day first, stored as an ISO day (a question and a matrix cell)', async () => {
    const { page } = applicant;
    const form = surveyForm(page);
    await form.choose('Livello di progettazione approvato alla data di compilazione', 'Progetto esecutivo');
    const approval = page.getByRole('group', { name: APPROVAL, exact: true });
    await expect.poll(() => approval.textContent()).toContain('gg/mm/aaaa');
    await form.date(APPROVAL, '12/03/2026');
    await expect.poll(storedAnswer('Istruttoria-Tur', 'dataApprovazioneProgetto')).toBe('2026-03-12');

    await form.date('riga Aggiudicazione dei lavori, colonna Data prevista', '30/09/2026');
    await expect.poll(storedAnswer('Istruttoria-Tur', 'cronoprogramma')).toEqual({ aggiudicazione: { data: '2026-09-30' } });
    await expectAccessible(page);
  });

  it('amounts, counts and units of work typed key by key are the numbers stored, shown the Italian way after Tab', async () => {
    const { page } = applicant;
    const form = surveyForm(page);
    await form.type(COST, '1.250.000');
    await expect
      .poll(() => stored('Istruttoria-Tur').then((answers) => ({ costoAggiornato: answers?.costoAggiornato })))
      .toEqual({
        costoAggiornato: 1250000,
      });
    await form.choose("Tipologia della struttura o dell'offerta turistica oggetto di intervento", 'Struttura alberghiera');
    await form.type('Posti letto attuali', '120');
    await form.type('Posti letto a fine intervento', '1250', '1.250');
    await form.type(PRESENCES, '6.500');
    await form.type(WORK_UNITS, '4,5');
    await expect
      .poll(() => stored('Istruttoria-Tur'))
      .toMatchObject({
        costoAggiornato: 1_250_000,
        postiLettoAttuali: 120,
        postiLettoPrevisti: 1250,
        presenzeAnnue: 6500,
        nuoviOccupati: 4.5,
      });
  });

  it('a text that is not a number of the right kind stays with the Italian error naming the form, and is not an answer', async () => {
    const { page } = applicant;
    const form = surveyForm(page);
    // A count takes no decimals.
    await form.type(PRESENCES, '6,5');
    await page.getByText('Inserisci un numero intero, senza decimali, come 1.200').waitFor();
    await expect(page.getByRole('textbox', { name: PRESENCES, exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(storedAnswer('Istruttoria-Tur', 'presenzeAnnue')).toBeUndefined();
    // A decimal point written the English way.
    await form.type(WORK_UNITS, '4.5');
    await page.getByText('Inserisci un numero come 1.250,75').waitFor();
    await expect.poll(storedAnswer('Istruttoria-Tur', 'nuoviOccupati')).toBeUndefined();
    await expectAccessible(page);

    await form.type(PRESENCES, '6500', '6.500');
    await form.type(WORK_UNITS, '4,5');
    await expect.poll(() => page.getByText(/Inserisci un numero/).count()).toBe(0);
    await expect.poll(() => stored('Istruttoria-Tur')).toMatchObject({ presenzeAnnue: 6500, nuoviOccupati: 4.5 });
  });

  it('Gresb: quantities with decimals typed key by key, a multipletext question, and a pasted number', async () => {
    const { page } = applicant;
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Gresb', level: 2 }).waitFor();
    const form = surveyForm(page);
    await form.pick('I dati di consumo energetico sono', 'Misurati (bollette, contatori)');
    const energy = surveyForm(page, page.getByRole('group', { name: 'Consumi energetici annui' }));
    await energy.type('Ante operam (MWh/anno)', '1.250,5');
    await energy.type('Post operam (MWh/anno)', '980');
    const emissions = surveyForm(page, page.getByRole('group', { name: 'Emissioni di gas serra (Scope 1 e 2)' }));
    await emissions.type('Ante operam (tCO2e/anno)', '12,5');
    await emissions.type('Post operam (tCO2e/anno)', '8,25');
    await form.type('Consumo idrico per presenza turistica stimato (litri/notte)', '180,5');
    // Pasted (or autofilled): the whole text at once.
    await form.paste('Quota di energia da fonti rinnovabili sul fabbisogno post operam (%)', '37,5');
    await expect
      .poll(() => stored('Gresb-Tur'))
      .toMatchObject({
        consumiEnergia: { anteOperam: 1250.5, postOperam: 980 },
        emissioniGhg: { anteOperam: 12.5, postOperam: 8.25 },
        consumoAcquaPerPresenza: 180.5,
        quotaRinnovabili: 37.5,
      });
    await expectAccessible(page);

    // Shown again the Italian way when the step is shown again from the stored answers.
    await page.getByRole('button', { name: 'Indietro' }).click();
    await page.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: COST, exact: true }).inputValue()).toBe('1.250.000');
    await expect(page.getByRole('group', { name: APPROVAL, exact: true }).textContent()).resolves.toContain('12/03/2026');
  });

  it("the admin's read-only review shows the numbers and the dates the Italian way", async () => {
    const { page } = admin;
    await loginAsAdmin(page, e2e.portal.url);
    await page.goto(`${e2e.portal.url}/admin-organization/TUR_istruttoria/${organizationId}`);
    await expectHeading(page, TITLE);
    const cost = page.getByRole('textbox', { name: COST, exact: true });
    await expect.poll(() => cost.inputValue()).toBe('1.250.000');
    await expect(cost.getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByRole('textbox', { name: PRESENCES, exact: true }).inputValue()).resolves.toBe('6.500');
    await expect(page.getByRole('textbox', { name: WORK_UNITS, exact: true }).inputValue()).resolves.toBe('4,5');
    await expect(page.getByRole('group', { name: APPROVAL, exact: true }).textContent()).resolves.toContain('12/03/2026');
    await stepButton(page, '2. Gresb').click();
    const emissions = page.getByRole('group', { name: 'Emissioni di gas serra (Scope 1 e 2)' });
    await expect.poll(() => emissions.getByRole('textbox', { name: 'Ante operam (tCO2e/anno)' }).inputValue()).toBe('12,5');
    await expect(page.getByRole('textbox', { name: /Quota di energia da fonti rinnovabili/ }).inputValue()).resolves.toBe('37,5');
    await expectAccessible(page);
  });
});
