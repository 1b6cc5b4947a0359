import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { users } from '../../server/db/schema/users.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { mailsTo, verificationLinkFor } from '../support/verificationMail.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const e2e = usePortalAndBrowser();

const person = {
  firstName: 'Elena',
  lastName: 'Marchetti',
  email: `elena.marchetti.${Date.now()}@esempio.it`,
  password: 'una-password-lunga',
};
const outbox = () => path.join(e2e.portal.dataDir, 'outbox');
const banner = (page: Page) => page.getByRole('region', { name: 'Registrazione non verificata' });

async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(e2e.portal.url)).find((c) => c.name === 'token');
  if (!cookie) throw new Error('no token cookie');
  return decodeURIComponent(cookie.value);
}

const createOrganization = async (token: string, name: string) =>
  fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(organizationPayload({ name })),
  });

describe('the privacy notice and the accessibility statement', () => {
  it('are reached from the welcome page’s footer, without an account', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await page.goto(`${e2e.portal.url}/`);
      const footer = page.getByRole('contentinfo');
      await footer.getByText('Date e orari sono indicati nell’ora italiana.').waitFor();
      await footer.getByRole('link', { name: 'Informativa sulla privacy' }).click();
      await page.waitForURL(`${e2e.portal.url}/privacy`);
      await expectHeading(page, 'Informativa sul trattamento dei dati personali');
      await page.getByRole('heading', { name: /^Diritti dell.interessato$/ }).waitFor();
      await expectAccessible(page);

      await page.getByRole('contentinfo').getByRole('link', { name: 'Dichiarazione di accessibilità' }).click();
      await page.waitForURL(`${e2e.portal.url}/accessibilita`);
      await expectHeading(page, 'Dichiarazione di accessibilità');
      await page.getByRole('heading', { name: 'Procedura di attuazione' }).waitFor();
      expect(await page.getByRole('link', { name: 'Segnala un problema di accessibilità' }).getAttribute('href')).toMatch(/^mailto:/);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe('a person registers, is told to verify, verifies and registers an organisation', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
  });
  afterAll(() => context.close());

  it('the registration page refuses a registration without the terms accepted', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await page
      .getByRole('button', { name: 'Registrati' })
      .or(page.getByRole('link', { name: 'Registrati' }))
      .click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Informativa sulla privacy' }).waitFor();
    await typeLikeAPerson(page.getByLabel('Nome', { exact: true }), person.firstName);
    await typeLikeAPerson(page.getByLabel('Cognome'), person.lastName);
    await typeLikeAPerson(page.getByLabel('Email'), person.email);
    await typeLikeAPerson(page.getByLabel('Password'), person.password);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByText('Per registrarti devi accettare le condizioni e prendere visione dell’informativa sulla privacy.').waitFor();
    expect(await page.getByRole('checkbox', { name: /Ho letto l’informativa/ }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    expect(await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email))).toEqual([]);
  });

  it('with the terms accepted by keyboard, the account is created and the portal says it is not verified', async () => {
    // What was typed stays, except the password.
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(person.email);
    await typeLikeAPerson(page.getByLabel('Password'), person.password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await signInAfterRegistration(page, person.email, person.password);
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await banner(page).getByRole('heading', { name: 'Registrazione non verificata' }).waitFor();
    await expectAccessible(page);

    const [account] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email));
    expect(account!.emailVerifiedAt).toBeNull();
    expect(account!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(account!.privacyNoticeVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await mailsTo(outbox(), person.email)).toHaveLength(1);
  });

  it('the server refuses registering an organisation meanwhile', async () => {
    const refused = await createOrganization(await accessToken(context), 'Comune di Prima della Verifica');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Registrazione non verificata/);
    expect(await e2e.portal.db.select().from(organizations).where(eq(organizations.name, 'Comune di Prima della Verifica'))).toEqual([]);
  });

  it('Invia di nuovo il link mails a new link, with the same answer whatever happened', async () => {
    await banner(page).getByRole('button', { name: 'Invia di nuovo il link' }).click();
    await banner(page)
      .getByRole('status')
      .getByText('Se la registrazione non è ancora verificata, riceverai a breve una nuova email con il link di verifica.')
      .waitFor();
    expect(await mailsTo(outbox(), person.email)).toHaveLength(2);
    await expectAccessible(page);
  });

  it('opening the mailed link verifies the address, and the open portal tab follows without a new login', async () => {
    // On a slow line the page's closing script (which tells the portal's tabs) arrives well after its heading.
    await context.route('**/idp-assets/email-verified.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await verifyEmailFromOutbox(context, e2e.portal, person.email, page);
    await context.unroute('**/idp-assets/email-verified.js');
    await expect(banner(page).count()).resolves.toBe(0);
    const [account] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email));
    expect(account!.emailVerifiedAt).toBeInstanceOf(Date);
    const [user] = await e2e.portal.db.select().from(users).where(eq(users.email, person.email));
    expect(user!.emailVerified).toBe(true);

    // The link a second time changes nothing and says so, on an accessible page.
    const again = await context.newPage();
    await again.goto(await verificationLinkFor(outbox(), person.email));
    // The page holds the token in its form; the address bar no longer shows it.
    await again.waitForURL((url) => url.pathname === '/idp/verifica-email' && url.search === '');
    await again.getByRole('button', { name: 'Conferma l’indirizzo email' }).click();
    await again.getByText('Il tuo indirizzo email era già confermato.').waitFor();
    await expectAccessible(again);
    await again.close();
  });

  it('now the organisation is registered, and the person works for it', async () => {
    const created = await createOrganization(await accessToken(context), 'Comune di Dopo la Verifica');
    expect(created.status).toBe(201);
    const [row] = await e2e.portal.db.select().from(organizations).where(eq(organizations.name, 'Comune di Dopo la Verifica'));
    expect(row).toBeDefined();
    await page.goto(`${e2e.portal.url}/`);
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await expectHeading(page, 'Fondi');
    await expect(banner(page).count()).resolves.toBe(0);
    await expectAccessible(page);
  });
});
