import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_COOKIE } from '../../domain/authCookies.ts';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { verifyPassword } from '../../server/idp/passwords.ts';
import { registerApplicant } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/** A person who forgot the password gets back in by e-mail, and changes it from the account page. */

const e2e = usePortalAndBrowser();

const person = {
  firstName: 'Chiara',
  lastName: 'Esposito',
  email: `chiara.esposito.${Date.now()}@esempio.it`,
  organizations: [],
};
/** registerApplicant's password. */
const FIRST_PASSWORD = 'una-password-lunga';
const RESET_PASSWORD = 'ricordata-finalmente-42';
const CHANGED_PASSWORD = 'cambiata-dal-profilo-7';

/** What the provider stores for the person: does this password open the account? */
async function storedPasswordIs(password: string): Promise<boolean> {
  const [account] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email));
  return verifyPassword(password, account!.passwordHash);
}

/** The reset link of the e-mail written to the outbox for the person; it is sent just after the answer. */
async function resetLinkInOutbox(): Promise<string> {
  const dir = path.join(e2e.portal.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
      const eml = await readFile(path.join(dir, file), 'utf8');
      if (!new RegExp(`^To: ${person.email.replace(/[.]/g, '\\.')}$`, 'm').test(eml)) continue;
      const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = body.match(/https?:\/\/[^\s]+\/idp\/password\/reset\?token=[A-Za-z0-9_-]+/);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset e-mail for ${person.email} in ${dir}`);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: new RegExp(person.firstName) }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await page.waitForURL(`${e2e.portal.url}/`);
}

async function openLoginPage(page: Page) {
  await page
    .getByRole('button', { name: 'Accedi' })
    .or(page.getByRole('link', { name: 'Accedi' }))
    .click();
  await page.waitForURL(/\/idp\/interaction\//);
  await expectHeading(page, 'Accedi');
}

async function logInAtProvider(page: Page, password: string) {
  await typeLikeAPerson(page.getByLabel('Email'), person.email);
  await typeLikeAPerson(page.getByLabel('Password'), password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

async function refreshTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(e2e.portal.url)).find((c) => c.name === REFRESH_TOKEN_COOKIE);
  return decodeURIComponent(cookie?.value ?? '');
}

const refreshAnswers = async (refreshToken: string) =>
  (
    await fetch(`${e2e.portal.url}/api/Jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
  ).status;

describe('Password dimenticata?', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
  });
  afterAll(() => context.close());

  it('a person registers and logs out', async () => {
    await registerApplicant(page, context, e2e.portal, person);
    await logOut(page);
  });

  it('asks for a link from the login page, and is told the same as anyone', async () => {
    await openLoginPage(page);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await expectHeading(page, 'Password dimenticata');
    await expectAccessible(page);

    await typeLikeAPerson(page.getByLabel('Email'), person.email);
    await page.getByRole('button', { name: 'Invia il collegamento' }).click();
    await expectHeading(page, 'Controlla la tua posta');
    await page.getByText('Se l’indirizzo corrisponde a un account del Portale Fondi').waitFor();
    await expectAccessible(page);
  });

  it('opens the e-mailed link and chooses a new password, typed key by key', async () => {
    const link = await resetLinkInOutbox();
    expect(link.startsWith(`${e2e.portal.url}/idp/password/reset?token=`)).toBe(true);
    await page.goto(link);
    await expectHeading(page, 'Scegli una nuova password');
    await expectAccessible(page);

    // Too short: the registration's rule, said beside the field, and nothing changes.
    const newPassword = page.getByLabel('Nuova password', { exact: true });
    const confirmation = page.getByLabel('Conferma la nuova password');
    await typeLikeAPerson(newPassword, 'corta');
    await typeLikeAPerson(confirmation, 'corta');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.getByText('La password deve contenere almeno 10 caratteri').waitFor();
    await expect(newPassword.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
    expect(await storedPasswordIs(FIRST_PASSWORD)).toBe(true);

    // Typed unseen, so typed twice: a slip in the second says so beside it, and nothing changes.
    await typeLikeAPerson(newPassword, RESET_PASSWORD);
    await typeLikeAPerson(confirmation, `${RESET_PASSWORD}x`);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await page.getByText('Le due password non coincidono: scrivi di nuovo la nuova password').waitFor();
    await expect(confirmation.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
    expect(await storedPasswordIs(FIRST_PASSWORD)).toBe(true);

    await typeLikeAPerson(newPassword, RESET_PASSWORD);
    await typeLikeAPerson(confirmation, RESET_PASSWORD);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await expectHeading(page, 'Password aggiornata');
    await expectAccessible(page);
    expect(await storedPasswordIs(RESET_PASSWORD)).toBe(true);

    // The link is used up: opening it again says so and offers a new one.
    await page.goto(link);
    await expectHeading(page, 'Collegamento già usato');
    await page.getByRole('link', { name: 'Chiedi un nuovo collegamento' }).waitFor();
    await expectAccessible(page);
  });

  it('signs in with the new password; the old one is refused', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await openLoginPage(page);
    await logInAtProvider(page, FIRST_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'Credenziali non valide' }).waitFor();
    await expectAccessible(page);

    await logInAtProvider(page, RESET_PASSWORD);
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
  });
});

describe('changing the password on /account', () => {
  let context: BrowserContext;
  let page: Page;
  let other: BrowserContext;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
    // The same person signed in on another device.
    other = await e2e.browser.newContext({ locale: 'it-IT' });
    const otherPage = await other.newPage();
    await otherPage.goto(`${e2e.portal.url}/`);
    await openLoginPage(otherPage);
    await logInAtProvider(otherPage, RESET_PASSWORD);
    await otherPage.waitForURL(`${e2e.portal.url}/flow-organization`);
  });
  afterAll(async () => {
    await context.close();
    await other.close();
  });

  it('asks for the new password twice and refuses a wrong current password, each beside its field', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await openLoginPage(page);
    await logInAtProvider(page, RESET_PASSWORD);
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await page.goto(`${e2e.portal.url}/account`);
    await page.getByRole('heading', { level: 2, name: 'Password' }).waitFor();
    await expectAccessible(page);

    await typeLikeAPerson(page.getByLabel(/^Password attuale/), 'non-e-quella-giusta');
    await typeLikeAPerson(page.getByLabel(/^Nuova password/), CHANGED_PASSWORD);
    // A typo in the confirmation is caught on the page: nothing is sent, the focus goes to the field that says why.
    const confirmation = page.getByLabel(/^Conferma la nuova password/);
    await typeLikeAPerson(confirmation, `${CHANGED_PASSWORD}x`);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByText('Le due password non coincidono').first().waitFor();
    await expect(confirmation.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => confirmation.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByText('Password attuale non corretta').first().waitFor();
    await expect(page.getByLabel(/^Password attuale/).getAttribute('aria-invalid')).resolves.toBe('true');
    await expectAccessible(page);
    expect(await storedPasswordIs(RESET_PASSWORD)).toBe(true);
  });

  it('changes it: the other device is signed out, this one stays', async () => {
    await typeLikeAPerson(page.getByLabel(/^Password attuale/), RESET_PASSWORD);
    await page.getByRole('button', { name: 'Cambia password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password cambiata' }).waitFor();
    await expectAccessible(page);
    expect(await storedPasswordIs(CHANGED_PASSWORD)).toBe(true);
    await expect(page.getByLabel(/^Nuova password/).inputValue()).resolves.toBe('');
    await expect(page.getByLabel(/^Conferma la nuova password/).inputValue()).resolves.toBe('');

    expect(await refreshAnswers(await refreshTokenOf(other))).toBe(401);
    // This tab renews its session as before and still reads the account.
    expect(await refreshAnswers(await refreshTokenOf(context))).toBe(200);
  });
});
