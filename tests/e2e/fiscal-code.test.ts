import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalCodeMessages } from '../../domain/messages/fiscalCode.ts';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { acceptTerms, signInAfterRegistration } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { startPortal } from './support/portal.ts';

// As a portal behind a SPID/CIE proxy would say it (the embedded provider stands in for the proxy here).
const e2e = usePortalAndBrowser(() => startPortal({ OIDC_LOGIN_LABEL: 'Entra con SPID o CIE' }));

const person = {
  firstName: 'Mario',
  lastName: 'Rossi',
  email: `mario.rossi.cf.${Date.now()}@esempio.it`,
  password: 'una-password-lunga',
};

/** A person types their codice fiscale at registration, key by key; the portal then shows it on /account. */
describe('the codice fiscale given at registration', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
  });
  afterAll(() => context.close());

  it('OIDC_LOGIN_LABEL names the welcome page’s sign-in button', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await page.getByRole('button', { name: 'Entra con SPID o CIE' }).waitFor();
    expect(await page.getByRole('button', { name: 'Accedi', exact: true }).count()).toBe(0);
    await expectAccessible(page);
  });

  it('is checked as typed: a wrong check character is named under the field', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await page
      .getByRole('button', { name: 'Registrati' })
      .or(page.getByRole('link', { name: 'Registrati' }))
      .click();
    await page.waitForURL(/\/idp\/interaction\//);
    await typeLikeAPerson(page.getByLabel('Nome', { exact: true }), person.firstName);
    await typeLikeAPerson(page.getByLabel('Cognome'), person.lastName);
    await typeLikeAPerson(page.getByLabel('Email'), person.email);
    await typeLikeAPerson(page.getByLabel('Codice fiscale (facoltativo)'), 'rssmra80a01h501x');
    await typeLikeAPerson(page.getByLabel('Password'), person.password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    const field = page.getByLabel('Codice fiscale (facoltativo)');
    await page.getByText(fiscalCodeMessages.check).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
    expect(await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email))).toEqual([]);
  });

  it('corrected, is kept with the account and shown, read-only, on /account', async () => {
    const field = page.getByLabel('Codice fiscale (facoltativo)');
    await field.fill('');
    await typeLikeAPerson(field, 'rssmra80a01h501u');
    await typeLikeAPerson(page.getByLabel('Password'), person.password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await signInAfterRegistration(page, person.email, person.password);
    // A new person, not yet verified, lands where an organisation is registered.
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);

    await page.goto(`${e2e.portal.url}/account`);
    await expectHeading(page, 'Account');
    await page.getByText('RSSMRA80A01H501U', { exact: true }).waitFor();
    await page.getByText(fiscalCodeMessages.accountNote).waitFor();
    await page.getByText('Codice fiscale', { exact: true }).waitFor();
    await expectAccessible(page);
    const [account] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, person.email));
    expect(account!.fiscalCode).toBe('RSSMRA80A01H501U');
  });
});
