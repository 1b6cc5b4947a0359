import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let admin: { context: BrowserContext; page: Page };
const stamp = Date.now();
const roccalta = organizationPayload({ name: 'Comune di Roccalta', codiceFiscale: 'RCCCMN80A01H501X' });
const other = organizationPayload({ name: 'Comune di Pratobello' });
let roccaltaId: string;

/** '01234567890' as people copy it from a letterhead: 'IT 012 345 678 90'. */
const spacedVat = (digits: string) => `IT ${digits.replace(/(\d{3})(\d{3})(\d{3})(\d+)/, '$1 $2 $3 $4')}`;
const table = (page: Page) => page.getByRole('table', { name: 'Organizzazioni e candidature' });
const row = (page: Page, name: string) => table(page).getByRole('row', { name: new RegExp(name) });
const header = (page: Page) => page.getByRole('region', { name: 'Candidatura TUR di Comune di Roccalta' });

/** What the server holds of the TUR application, read with the admin's own token. */
async function storedApplication(context: BrowserContext) {
  const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);
  const response = await fetch(`${e2e.portal.url}/api/Tur/GetTurCompilazione?orgId=${roccaltaId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const compilation = (await response.json()) as { id: string; statusCode: string };
  const history = await fetch(`${e2e.portal.url}/api/Organization/GetCompilazioneHistory?compilazioneId=${compilation.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: compilation.statusCode, history: (await history.json()) as { statusCode: string; note: string | null }[] };
}

beforeAll(async () => {
  admin = await e2e.newPage();
  // An applicant and two organisations, created as the registration form does.
  const { context: applicantContext, page } = await e2e.newPage();
  await page.goto(`${e2e.portal.url}/`);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Nome', { exact: true }).fill('Ada');
  await page.getByLabel('Cognome').fill('Ferri');
  await page.getByLabel('Email').fill(`ada.ferri.${stamp}@esempio.it`);
  await page.getByLabel('Password').fill('una-password-lunga');
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await signInAfterRegistration(page, `ada.ferri.${stamp}@esempio.it`, 'una-password-lunga');
  await page.waitForURL(`${e2e.portal.url}/flow-organization`);
  // Only a verified address may register organisations: the person opens the link mailed to them.
  await verifyEmailFromOutbox(applicantContext, e2e.portal, `ada.ferri.${stamp}@esempio.it`, page);
  const token = decodeURIComponent((await applicantContext.cookies(e2e.portal.url)).find((c) => c.name === 'token')!.value);
  const ids: string[] = [];
  for (const payload of [roccalta, other]) {
    const response = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { orgId: string }).orgId);
  }
  roccaltaId = ids[0]!;
  await e2e.portal.forceStatus(roccaltaId, 'TUR', 'ISTRUTTORIA_SOTTOMESSA', new Date('2026-04-10T10:00:00Z'));
  await e2e.portal.forceStatus(ids[1]!, 'TUR', 'IN_VALUTAZIONE', new Date('2026-04-12T10:00:00Z'));
  await applicantContext.close();
}, 180_000);

describe('admin pages say whose application they are about', () => {
  it('the list finds the organisation by its P.IVA typed with spaces and IT, and keeps the search in the URL', async () => {
    const { page } = admin;
    await loginAsAdmin(page, e2e.portal.url);
    await expectHeading(page, 'Pannello Admin');
    await row(page, 'Comune di Pratobello').waitFor();
    await typeLikeAPerson(page.getByRole('searchbox', { name: 'Cerca organizzazione' }), spacedVat(roccalta.pIva));
    await page.waitForURL(/q=/);
    await row(page, 'Comune di Roccalta').waitFor();
    await expect(row(page, 'Comune di Pratobello').count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('the application page is headed with organisation, P.IVA, codice fiscale, fund and status, and leads back to the same list', async () => {
    const { page } = admin;
    const listUrl = page.url();
    await row(page, 'Comune di Roccalta').getByRole('link', { name: 'Apri candidatura TUR' }).click();
    await page.waitForURL(/\/admin-organization\/survey-tur\//);
    const facts = header(page);
    await facts.waitFor();
    await facts.getByText('Comune di Roccalta').waitFor();
    await facts.getByText(roccalta.pIva, { exact: true }).waitFor();
    await facts.getByText('RCCCMN80A01H501X').waitFor();
    await facts.getByText('Fondo Tematico Turismo Sostenibile (TUR)').waitFor();
    await facts.getByText('Istruttoria Sottomessa').waitFor();
    await expectAccessible(page);
    // The wizard's own way back, on its Allegati step, keeps the list's filters too.
    const opened = new URL(page.url());
    opened.searchParams.set('numberStep', '4');
    await page.goto(opened.toString());
    const backLinks = page.getByRole('link', { name: 'Torna alla lista' });
    await expect.poll(() => backLinks.count()).toBe(2);
    for (const href of await backLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(new URL(href!, e2e.portal.url).searchParams.get('q')).toBe(new URL(listUrl).searchParams.get('q'));
    }
    await backLinks.last().click();
    await expectHeading(page, 'Pannello Admin');
    expect(new URL(page.url()).searchParams.get('q')).toBe(new URL(listUrl).searchParams.get('q'));
    await expect(page.getByRole('searchbox', { name: 'Cerca organizzazione' }).inputValue()).resolves.toBe(spacedVat(roccalta.pIva));
    await row(page, 'Comune di Roccalta').waitFor();
    await expect(row(page, 'Comune di Pratobello').count()).resolves.toBe(0);
  });

  it('the review page offers the list\u2019s status change: the admin deliberates with a note, typed key by key', async () => {
    const { page, context } = admin;
    await row(page, 'Comune di Roccalta').getByRole('link', { name: 'Apri istruttoria TUR' }).click();
    await page.waitForURL(/\/admin-organization\/TUR_istruttoria\//);
    await header(page).getByText('Istruttoria Sottomessa').waitFor();
    await expectAccessible(page);
    const trigger = header(page).getByRole('button', { name: 'Cambia stato TUR di Comune di Roccalta' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Deliberata']);
    await page.getByRole('menuitem', { name: 'Deliberata' }).click();
    const dialog = page.getByRole('alertdialog').filter({ hasText: 'Sei sicuro di voler cambiare lo stato' });
    await dialog.getByText('Sei sicuro di voler cambiare lo stato in «Deliberata»?').waitFor();
    await typeLikeAPerson(dialog.getByRole('textbox', { name: 'Nota (facoltativa)' }), 'Delibera n. 7 del 20 novembre');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
    await header(page).getByText('Deliberata', { exact: true }).waitFor();
    // What the server stored: the new status, with the note as typed.
    const stored = await storedApplication(context);
    expect(stored.statusCode).toBe('DELIBERATA');
    expect(stored.history.at(-1)).toMatchObject({ statusCode: 'DELIBERATA', note: 'Delibera n. 7 del 20 novembre' });
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Torna alla lista' }).first().click();
    await expectHeading(page, 'Pannello Admin');
    await expect(page.getByRole('searchbox', { name: 'Cerca organizzazione' }).inputValue()).resolves.toBe(spacedVat(roccalta.pIva));
    await row(page, 'Comune di Roccalta').getByText('Deliberata').waitFor();
    await expect(row(page, 'Comune di Pratobello').count()).resolves.toBe(0);
  });
});
