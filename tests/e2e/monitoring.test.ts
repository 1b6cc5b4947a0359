import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { surveyDefinitions, surveySubmissions } from '../../server/db/schema/surveys.ts';
import { monitoringPeriodsEnv } from '../support/monitoringPeriods.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';
import { loginAsAdmin, signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { storedSurveyAnswers } from './support/surveyApi.ts';
import { surveyForm } from './support/surveyForm.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const ORGANIZATION = 'Comune di Poggio Monitorato';
const TITLE = 'Monitoraggio Fondo Tematico Piani Urbani Integrati';
const CARD = 'Fondo Tematico Piani Urbani Integrati';
const PERIOD = 'Monitoraggio primo periodo';
const NEW_CUP = 'J31B21001230099';
const COST = "Costo complessivo aggiornato dell'intervento (euro)";

const e2e = usePortalAndBrowser(() => startPortalWithDatabase(monitoringPeriodsEnv().env));
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

beforeAll(async () => {
  applicant = await e2e.newPage();
  admin = await e2e.newPage();
});

const stepButtons = (page: Page) => page.getByRole('navigation', { name: 'Passaggi della survey' }).getByRole('button');

async function changeStatus(page: Page, target: string) {
  await page.goto(`${e2e.portal.url}/admin-panel`);
  await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
  await page.getByRole('menuitem', { name: target, exact: true }).click();
  const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
}

describe('monitoring: the admin opens it, the applicant updates the prefilled answers and submits, the admin reads and closes', () => {
  it('a funded (Deliberata) application with its review answers; /monitoraggio explains when monitoring starts', async () => {
    const ids = await signInApplicant(applicant.page, applicant.context, e2e.portal, {
      firstName: 'Elena',
      lastName: 'Ferri',
      email: `elena.ferri.${Date.now()}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    applicationId = await e2e.portal.forceStatus(organizationId, 'PUI', 'DELIBERATA', new Date());
    const definitions = await e2e.portal.db.select().from(surveyDefinitions);
    const idOf = (name: string) => definitions.find((d) => d.name === name)!.id;
    await e2e.portal.db.insert(surveySubmissions).values([
      {
        applicationId,
        surveyName: 'Istruttoria-Pui',
        definitionId: idOf('Istruttoria-Pui'),
        answers: istruttoriaPuiAnswers,
        submittedAt: new Date(),
      },
      { applicationId, surveyName: 'Gresb-Pui', definitionId: idOf('Gresb-Pui'), answers: gresbPuiAnswers, submittedAt: new Date() },
    ]);

    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/monitoraggio`);
    await expectHeading(page, 'Monitoraggio');
    await page.getByText(/Il monitoraggio inizia dopo la delibera di finanziamento/).waitFor();
    await expectAccessible(page);
  });

  it('the admin opens monitoring (Monitoraggio Aperto)', async () => {
    await loginAsAdmin(admin.page, e2e.portal.url);
    await changeStatus(admin.page, 'Monitoraggio Aperto');
  });

  it('the applicant sees "Monitora il tuo progetto", finds the review answers prefilled, changes one and submits', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/calls`);
    const card = page.getByRole('article', { name: CARD });
    await card.getByRole('button').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual([
      'Visualizza domanda',
      'Visualizza',
      'Monitora il tuo progetto',
    ]);
    await expectAccessible(page);
    await card.getByRole('button', { name: /Monitora il tuo progetto/ }).click();
    await page.waitForURL(new RegExp(`/survey/PUI_istruttoria/${organizationId}\\?monitoraggio=true`));
    await expectHeading(page, TITLE);
    await page.getByText(PERIOD).first().waitFor();
    // Three steps in monitoring: no DNSH.
    await expect(stepButtons(page).count()).resolves.toBe(3);
    const cup = page.getByRole('textbox', { name: /Codice Unico di Progetto/ });
    await expect.poll(() => cup.inputValue()).toBe(istruttoriaPuiAnswers.cup);
    await expectAccessible(page);
    await typeLikeAPerson(cup, NEW_CUP);
    const stored = () =>
      e2e.portal.db
        .select()
        .from(surveySubmissions)
        .where(
          and(
            eq(surveySubmissions.applicationId, applicationId),
            eq(surveySubmissions.surveyName, 'Istruttoria-Pui'),
            eq(surveySubmissions.monitoraggio, true),
          ),
        );
    await expect.poll(async () => (await stored())[0]?.answers.cup).toBe(NEW_CUP);

    // The updated cost, typed key by key over the review's, and read back through the API.
    const form = surveyForm(page);
    const cost = page.getByRole('textbox', { name: COST, exact: true });
    await expect(cost.inputValue()).resolves.toBe('4.250.000');
    await form.type(COST, '1.250.000');
    const monitoringAnswers = (name: string) =>
      storedSurveyAnswers(page.context(), e2e.portal.url, { name, candidaturaId: applicationId, monitoraggio: true });
    await expect.poll(() => monitoringAnswers('Istruttoria-Pui').then((answers) => answers?.costoAggiornato)).toBe(1_250_000);

    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Gresb', level: 2 }).waitFor();
    const emissions = surveyForm(page, page.getByRole('group', { name: 'Emissioni di gas serra (Scope 1 e 2)' }));
    await emissions.type('Ante operam (tCO2e/anno)', '212,5');
    // Pasted (or autofilled): the whole text at once.
    await form.paste('Quota di energia da fonti rinnovabili sul fabbisogno post operam (%)', '47,5');
    await expect
      .poll(() => monitoringAnswers('Gresb-Pui'))
      .toMatchObject({ emissioniGhg: { anteOperam: 212.5, postOperam: 80 }, quotaRinnovabili: 47.5 });
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Invia survey', level: 2 }).waitFor();
    const invia = page.getByRole('button', { name: 'Invia', exact: true });
    await expect.poll(() => invia.isEnabled()).toBe(true);
    await expectAccessible(page);
    await invia.click();
    const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
    await dialog.getByText('Sicuro di inviare la survey? Non sarà più possibile modificarla.').waitFor();
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(/\/surveyIstruttoriaCompletata\?ricevuta=[0-9a-f-]{36}$/);
    await expectHeading(page, 'Survey inviata!');
    await expectAccessible(page);
    expect((await stored())[0]?.submittedAt).not.toBeNull();
  });

  it('/monitoraggio lists the period as compilata, with a link to read it', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/monitoraggio`);
    const table = page.getByRole('table', { name: 'Periodi di monitoraggio' });
    const row = table.getByRole('row').filter({ hasText: PERIOD });
    await row.waitFor();
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      expect.any(String),
      'PUI',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      'Sì',
      'Visualizza',
    ]);
    await expectAccessible(page);
    await row.getByRole('link', { name: `Visualizza ${PERIOD} PUI` }).click();
    await page.waitForURL(/isReadOnly=true/);
    await page.getByText('Le risposte sono in sola lettura.').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /Codice Unico di Progetto/ }).inputValue()).toBe(NEW_CUP);
  });

  it('the admin reads the period (with the period selector) and closes monitoring', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-panel`);
    await page.getByRole('link', { name: 'Apri monitoraggio PUI' }).click();
    await page.waitForURL(`${e2e.portal.url}/admin-organization/PUI_istruttoria/${organizationId}?monitoraggio=true`);
    await expectHeading(page, TITLE);
    await page.getByRole('button', { name: /Periodo di monitoraggio/ }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /Codice Unico di Progetto/ }).inputValue()).toBe(NEW_CUP);
    await expect(page.getByRole('textbox', { name: COST, exact: true }).inputValue()).resolves.toBe('1.250.000');
    await expectAccessible(page);
    await changeStatus(page, 'Monitoraggio Chiuso');
  });
});
