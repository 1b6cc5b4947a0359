import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_COOKIE } from '../../domain/authCookies.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/portal.ts';
import { acceptTerms, signInAfterRegistration } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const e2e = usePortalAndBrowser();

const person = {
  firstName: 'Giulia',
  lastName: 'Rossi',
  email: `giulia.rossi.${Date.now()}@esempio.it`,
  password: 'una-password-lunga',
};

async function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}

describe('a visitor registers, logs in, logs out and is guarded', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
  });
  afterAll(() => context.close());

  it('shows the welcome page with Accedi and Registrati at once, without a spinner standing in for them', async () => {
    // Every spinner the page ever shows is counted, however briefly it stays.
    await page.addInitScript(() => {
      const seen = { spinners: 0 };
      Object.assign(window, { welcomeSpinners: seen });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && (node.matches('[role=status]') || node.querySelector('[role=status]'))) seen.spinners++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${e2e.portal.url}/`);
    await page
      .getByRole('button', { name: 'Registrati' })
      .or(page.getByRole('link', { name: 'Registrati' }))
      .waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('it');
    await expect(
      page.evaluate(() => (window as unknown as { welcomeSpinners: { spinners: number } }).welcomeSpinners.spinners),
    ).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('registers at the embedded provider and lands on /flow-organization', async () => {
    await page
      .getByRole('button', { name: 'Registrati' })
      .or(page.getByRole('link', { name: 'Registrati' }))
      .click();
    await page.waitForURL(/\/idp\/interaction\//);
    await expectHeading(page, 'Registrati');
    await expectAccessible(page);

    // A short password is refused with a message, and what was typed stays.
    await page.getByLabel('Nome', { exact: true }).fill(person.firstName);
    await page.getByLabel('Cognome').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('corta');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByText('La password deve contenere almeno 10 caratteri').waitFor();
    await expect(page.getByLabel('Nome', { exact: true }).inputValue()).resolves.toBe(person.firstName);
    await expectAccessible(page);

    await page.getByLabel('Password').fill(person.password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    // The same page whether the address was new or known: nobody is signed in by registering.
    await page.getByRole('heading', { name: 'Controlla la tua casella di posta' }).waitFor();
    await expectAccessible(page);
    await signInAfterRegistration(page, person.email, person.password);
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
  });

  it('stays logged in across a reload', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await pathOf(page)).toBe('/flow-organization');
    await page.getByText(`${person.firstName} ${person.lastName}`).first().waitFor();
  });

  it('logs out with Esci, ending the session at the provider too: the refresh token no longer works', async () => {
    const before = await context.cookies(e2e.portal.url);
    const refreshToken = decodeURIComponent(before.find((c) => c.name === REFRESH_TOKEN_COOKIE)?.value ?? '');
    expect(refreshToken).not.toBe('');
    await page.getByRole('button', { name: new RegExp(person.firstName) }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.waitForURL(`${e2e.portal.url}/`);
    await page
      .getByRole('button', { name: 'Accedi' })
      .or(page.getByRole('link', { name: 'Accedi' }))
      .waitFor();
    const cookies = await context.cookies(e2e.portal.url);
    expect(cookies.map((c) => c.name)).not.toContain('token');
    // Someone who copied the refresh token before Esci cannot renew the session with it.
    const replay = await fetch(`${e2e.portal.url}/api/Jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(replay.status).toBe(401);
  });

  it('bounces an anonymous visitor from a guarded page to /, then returns there after login', async () => {
    await page.goto(`${e2e.portal.url}/account`);
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('button', { name: 'Accedi' })
      .or(page.getByRole('link', { name: 'Accedi' }))
      .click();
    // The provider's session was ended by Esci: it asks for the password again.
    await page.waitForURL(/\/idp\/interaction\//);
    await expectHeading(page, 'Accedi');
    await expectAccessible(page);

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('password-sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.getByText('Credenziali non valide').waitFor();

    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${e2e.portal.url}/account`);
    await expectHeading(page, 'Account');
  });

  it('shows "Pagina non trovata" for an unknown path, with a way home', async () => {
    await page.goto(`${e2e.portal.url}/non-esiste`);
    await page.getByText('Pagina non trovata').waitFor();
    await expectAccessible(page);
    await page
      .getByRole('link', { name: 'Torna alla home' })
      .or(page.getByRole('button', { name: 'Torna alla home' }))
      .click();
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
  });
});

describe('an administrator', () => {
  it('lands on the admin panel after logging in', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto(`${e2e.portal.url}/`);
    await page
      .getByRole('button', { name: 'Accedi' })
      .or(page.getByRole('link', { name: 'Accedi' }))
      .click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${e2e.portal.url}/admin-panel`);
    await page.getByRole('tab', { name: 'Gestione organizzazioni' }).waitFor();
    await page.getByRole('tab', { name: 'Reportistica' }).click();
    await page.getByText('Nessun report disponibile').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
