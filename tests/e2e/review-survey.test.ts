import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyDefinitions, surveySubmissions } from '../../server/db/schema/surveys.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';
import { loginAsAdmin, registerApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading, launchBrowser } from './support/browser.ts';

const ORGANIZATION = 'Comune di Montevarchi Alto';
const TITLE = 'Istruttoria Fondo Tematico Piani Urbani Integrati';
const CARD = 'Fondo Tematico Piani Urbani Integrati';
const XSS = '<img src=x onerror="window.__xss=1">';
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

let portal: Awaited<ReturnType<typeof startPortalWithDatabase>>;
let browser: Browser;
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

beforeAll(async () => {
  portal = await startPortalWithDatabase();
  browser = await launchBrowser();
  const open = async () => {
    const context = await browser.newContext({ locale: 'it-IT', acceptDownloads: true });
    return { context, page: await context.newPage() };
  };
  applicant = await open();
  admin = await open();
});
afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** Most answers as an earlier session left them (saved answers, version 1); the person adds the rest here. */
async function answersSavedEarlier() {
  const definitions = await portal.db.select().from(surveyDefinitions);
  const idOf = (name: string) => definitions.find((d) => d.name === name)!.id;
  const { cup: _cup, ...istruttoria } = istruttoriaPuiAnswers;
  const { quotaRinnovabili: _quota, ...gresb } = gresbPuiAnswers;
  await portal.db.insert(surveySubmissions).values([
    { applicationId, surveyName: 'Istruttoria-Pui', definitionId: idOf('Istruttoria-Pui'), answers: istruttoria },
    { applicationId, surveyName: 'Gresb-Pui', definitionId: idOf('Gresb-Pui'), answers: { ...gresb, biodiversita: XSS } },
  ]);
}

const stepButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Passaggi della survey' }).getByRole('button', { name });

describe('review (istruttoria): the applicant answers and submits, the admin reads and deliberates', () => {
  it('an application is under evaluation and the admin makes it admissible', async () => {
    const ids = await registerApplicant(applicant.page, applicant.context, portal.url, {
      firstName: 'Marta',
      lastName: 'Galli',
      email: `marta.galli.${Date.now()}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    applicationId = await portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());

    const { page } = admin;
    await loginAsAdmin(page, portal.url);
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'Ammissibile' }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler settare lo stato' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Stato della candidatura cambiata con successo!').waitFor();
    await answersSavedEarlier();
  });

  it('the card offers the application and the review; the review opens on Istruttoria', async () => {
    const { page } = applicant;
    await page.goto(`${portal.url}/calls`);
    const card = page.getByRole('article', { name: CARD });
    await card.getByRole('button').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Visualizza domanda', 'Compila istruttoria']);
    await card.getByRole('button', { name: 'Compila istruttoria' }).click();
    await page.waitForURL(`${portal.url}/survey/PUI_istruttoria/${organizationId}`);
    await expectHeading(page, TITLE);
    await page.getByRole('heading', { name: 'Istruttoria', level: 2 }).waitFor();
    await expectAccessible(page);
  });

  it('answers Istruttoria and Gresb; after a reload the answers are there', async () => {
    const { page } = applicant;
    const cup = page.getByRole('textbox', { name: /Codice Unico di Progetto/ });
    await cup.fill('J31B21001230006');
    await cup.blur();
    await page.getByRole('status').filter({ hasText: 'Salvataggio in corso' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Gresb', level: 2 }).waitFor();
    // Markup typed earlier is shown as text.
    await page.getByText(XSS).waitFor();
    const quota = page.getByRole('spinbutton', { name: /Quota di energia da fonti rinnovabili/ }).or(page.getByRole('textbox', { name: /Quota di energia/ }));
    await quota.fill('45');
    await quota.blur();
    await expect.poll(async () => (await portal.db.select().from(surveySubmissions).where(eq(surveySubmissions.surveyName, 'Gresb-Pui')))[0]?.answers.quotaRinnovabili).toBe(45);
    await expectAccessible(page);

    await page.reload();
    await expectHeading(page, TITLE);
    await expect(page.getByRole('textbox', { name: /Codice Unico di Progetto/ }).inputValue()).resolves.toBe('J31B21001230006');
    await stepButton(page, '2. Gresb').click();
    await expect(quota.inputValue()).resolves.toBe('45');
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
    await page.getByRole('link', { name: /Scarica modulo/ }).first().click();
    const template = await download;
    expect(template.suggestedFilename()).toMatch(/dnsh.*\.pdf$/i);
    expect((await readFile((await template.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page);

    const declaration = page.getByRole('listitem').filter({ hasText: 'Dichiarazione attestante il rispetto dei vincoli DNSH' });
    const chooser = page.waitForEvent('filechooser');
    await declaration.getByRole('button', { name: /Seleziona file/ }).click();
    await (await chooser).setFiles({ name: 'dichiarazione-dnsh.pdf', mimeType: 'application/pdf', buffer: pdf });
    await declaration.getByText('dichiarazione-dnsh.pdf').waitFor();

    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByText(/Dichiarazione attestante il rispetto dei vincoli/).first().waitFor();
    const invia = page.getByRole('button', { name: 'Invia', exact: true });
    await expect.poll(() => invia.isEnabled()).toBe(true);
    await expectAccessible(page);
    await invia.click();
    const dialog = page.getByRole('alertdialog', { name: 'Conferma' });
    await dialog.getByText('Sicuro di inviare la survey? Non sarà più possibile modificarla.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(`${portal.url}/surveyIstruttoriaCompletata`);
    await expectHeading(page, 'Survey inviata!');
    await page.getByText('Salvataggio avvenuto con successo').first().waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Torna ai fondi' }).click();
    const card = page.getByRole('article', { name: CARD });
    await card.getByRole('button').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Visualizza domanda', 'Visualizza']);
  });

  it('the applicant reads the review read-only', async () => {
    const { page } = applicant;
    await page.getByRole('article', { name: CARD }).getByRole('button', { name: /^Visualizza istruttoria/ }).click();
    await page.waitForURL(/isReadOnly=true/);
    await page.getByText('Le risposte sono in sola lettura.').waitFor();
    await expect(page.getByRole('button', { name: '4. Invia survey' }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('the admin reads the review, answers as text, and sets Deliberata', async () => {
    const { page } = admin;
    await page.goto(`${portal.url}/admin-panel`);
    await page.getByRole('link', { name: 'Apri istruttoria PUI' }).click();
    await page.waitForURL(`${portal.url}/admin-organization/PUI_istruttoria/${organizationId}`);
    await expectHeading(page, TITLE);
    await expect(page.getByRole('textbox', { name: /Codice Unico di Progetto/ }).inputValue()).resolves.toBe('J31B21001230006');
    await stepButton(page, '2. Gresb').click();
    await page.getByText(XSS).waitFor();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await stepButton(page, '3. DNSH').click();
    await page.getByText('dichiarazione-dnsh.pdf').waitFor();
    await page.getByRole('link', { name: 'Torna alla lista' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Torna alla lista' }).click();
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'Deliberata' }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler settare lo stato' });
    await dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }).fill('Deliberata dal comitato del 20/11');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Stato della candidatura cambiata con successo!').waitFor();
    const rows = await portal.db.select().from(surveySubmissions).where(eq(surveySubmissions.applicationId, applicationId));
    expect(rows.every((row) => row.submittedAt !== null)).toBe(true);
  });
});
