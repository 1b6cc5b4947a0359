import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
const organizations: Record<string, string> = {};
const stamp = Date.now();

beforeAll(async () => {
  applicant = await e2e.newPage({ acceptDownloads: true });
  admin = await e2e.newPage({ acceptDownloads: true });
});

const table = (page: Page) => page.getByRole('table', { name: 'Organizzazioni e candidature' });
const row = (page: Page, name: string) => table(page).getByRole('row', { name: new RegExp(name) });
const count = (page: Page) => page.getByRole('status').filter({ hasText: /organizzazion/ });

describe('the admin organisation list', () => {
  it('an applicant registers; organisations and applications exist', async () => {
    const { page, context } = applicant;
    await page.goto(`${e2e.portal.url}/`);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Nome', { exact: true }).fill('Marta');
    await page.getByLabel('Cognome').fill('Galli');
    await page.getByLabel('Email').fill(`marta.galli.${stamp}@esempio.it`);
    await page.getByLabel('Password').fill('una-password-lunga');
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await signInAfterRegistration(page, `marta.galli.${stamp}@esempio.it`, 'una-password-lunga');
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await verifyEmailFromOutbox(context, e2e.portal, `marta.galli.${stamp}@esempio.it`, page);
    const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((c) => c.name === 'token')!.value);
    for (const name of ['Comune di Pietralta', 'Comune di Valfonda', 'Fondazione Riva']) {
      const response = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(organizationPayload({ name })),
      });
      expect(response.status).toBe(201);
      organizations[name] = ((await response.json()) as { orgId: string }).orgId;
    }
    await e2e.portal.forceStatus(organizations['Comune di Pietralta']!, 'TUR', 'IN_VALUTAZIONE', new Date('2026-03-10T10:00:00Z'));
    await e2e.portal.forceStatus(organizations['Comune di Valfonda']!, 'TUR', 'CANDIDATURA_SOTTOMESSA', new Date('2026-05-20T10:00:00Z'));
    await e2e.portal.forceStatus(organizations['Fondazione Riva']!, 'PUI', 'IN_VALUTAZIONE', new Date('2026-04-01T10:00:00Z'));
  });

  it('the admin sees every organisation with its applications in a table', async () => {
    await loginAsAdmin(admin.page, e2e.portal.url);
    await expectHeading(admin.page, 'Pannello Admin');
    await row(admin.page, 'Comune di Pietralta').waitFor();
    await count(admin.page).filter({ hasText: '3 organizzazioni' }).waitFor();
    await row(admin.page, 'Comune di Pietralta').getByText('In valutazione').waitFor();
    await expectAccessible(admin.page);
  });

  it('searches case-insensitively, keeps the search in the URL, and says when nothing matches', async () => {
    const { page } = admin;
    const box = page.getByRole('searchbox', { name: 'Cerca organizzazione' });
    await box.fill('comune di');
    await count(page).filter({ hasText: '2 organizzazioni' }).waitFor();
    await page.waitForURL(/q=/);
    await page.reload();
    await expectHeading(page, 'Pannello Admin');
    await count(page).filter({ hasText: '2 organizzazioni' }).waitFor();
    await expect(box.inputValue()).resolves.toBe('comune di');
    await box.fill('nessun ente');
    await page.getByText('Non sono stati trovati risultati').waitFor();
    await expectAccessible(page);
    await box.fill('');
    await count(page).filter({ hasText: '3 organizzazioni' }).waitFor();
  });

  it('filters by status and by candidacy date (in the URL, shareable)', async () => {
    const { page } = admin;
    // The statuses are a closed list saying what is chosen; the keyboard opens it, moves, chooses and closes it.
    const statuses = page.getByRole('button', { name: /Stato/ });
    await expect(statuses.textContent()).resolves.toContain('Tutti gli stati');
    await statuses.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.getByRole('option', { name: 'In valutazione' }).press('Space');
    await expect(page.getByRole('option', { name: 'In valutazione' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expect(statuses.textContent()).resolves.toContain('In valutazione');
    await count(page).filter({ hasText: '2 organizzazioni' }).waitFor();
    await expect(row(page, 'Comune di Valfonda').count()).resolves.toBe(0);
    await page.waitForURL(/statuses=/);
    const url = new URL(page.url());
    // The search was just emptied: the filter change writes the box as it is now, not the previous search.
    expect(url.searchParams.has('q')).toBe(false);
    url.searchParams.set('from', '"2026-03-01"');
    url.searchParams.set('to', '"2026-03-31"');
    await page.goto(url.toString());
    await expectHeading(page, 'Pannello Admin');
    await count(page).filter({ hasText: '1 organizzazione' }).waitFor();
    await row(page, 'Comune di Pietralta').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Azzera filtri' }).click();
    await count(page).filter({ hasText: '3 organizzazioni' }).waitFor();
    await page.waitForURL((current) => current.search === '');
  });

  it('changes a status with a note through the dialog, offering only the allowed targets', async () => {
    const { page } = admin;
    await row(page, 'Comune di Pietralta').getByRole('button', { name: 'Cambia stato TUR di Comune di Pietralta' }).click();
    await page.getByRole('menu').waitFor(); // the menu opens after the press: read its items once it is there
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Aperta', 'In integrazione', 'Ammissibile', 'Rifiutata']);
    await page.getByRole('menuitem', { name: 'Ammissibile' }).click();
    // Toasts are alert dialogs too (react-aria), and the success toast shares the dialog's title: pick the question.
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
    await dialog.getByText('Sei sicuro di voler cambiare lo stato in «Ammissibile»?').waitFor();
    await dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }).fill('Documentazione completa');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
    await row(page, 'Comune di Pietralta').getByText('Ammissibile').waitFor();
    // The focus is back on the row's "Cambia stato", not on the page's body.
    const trigger = row(page, 'Comune di Pietralta').getByRole('button', { name: 'Cambia stato TUR di Comune di Pietralta' });
    await expect.poll(() => trigger.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('the admin organisation page shows the history with the note', async () => {
    const { page } = admin;
    await row(page, 'Comune di Pietralta').getByRole('link', { name: 'Comune di Pietralta' }).click();
    await expectHeading(page, 'Comune di Pietralta');
    const history = page.getByRole('table', { name: 'Storico degli stati della candidatura TUR' });
    await history.getByRole('cell', { name: 'Documentazione completa' }).waitFor();
    await expectAccessible(page);
  });

  it('the applicant’s card follows the new status', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/`);
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await expectHeading(page, 'Fondi');
    const card = page.getByRole('article', { name: 'Fondo Tematico Turismo Sostenibile' });
    await card.getByText('Ammissibile').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Visualizza domanda', 'Compila istruttoria']);
    await expectAccessible(page);
  });

  it('downloads the Excel list of the listed TUR applications', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-panel`);
    await expectHeading(page, 'Pannello Admin');
    await row(page, 'Comune di Pietralta').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica Excel TUR' }).click()]);
    expect(download.suggestedFilename()).toBe('Lista-candidature-TUR.xlsx');
    // Read back as a person opens it: Italian labels, the header row frozen, the applications by organisation.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 5)).toEqual(['Organizzazione', 'P.IVA', 'E-mail', 'Stato', 'Numero di protocollo']);
    expect(headers).toContain('Nome del progetto');
    expect(headers).toContain('Il progetto prevede la piantumazione di alberi?');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const listed = [2, 3].map((r) => [sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(4).value]);
    expect(listed).toEqual([
      ['Comune di Pietralta', 'Ammissibile'],
      ['Comune di Valfonda', 'Candidatura Sottomessa'],
    ]);
  });
});
