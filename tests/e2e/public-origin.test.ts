import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { acceptTerms, signInAfterRegistration } from './support/verification.ts';

// Issue 46: opened on another address than PUBLIC_URL, the portal created the account at registration and then
// said «L'accesso è scaduto o è stato avviato da un altro browser» (token-exchange 400). PUBLIC_URL is
// http://127.0.0.1:<port> here; the newcomer types http://localhost:<port>.

const e2e = usePortalAndBrowser();

const person = { firstName: 'Paolo', lastName: 'Neri', email: `paolo.neri.${Date.now()}@esempio.it`, password: 'una-password-lunga' };

describe('a newcomer who opens the portal on another address than PUBLIC_URL', () => {
  let context: BrowserContext;
  let page: Page;
  let elsewhere: string;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
    elsewhere = `http://localhost:${new URL(e2e.portal.url).port}`;
  });
  afterAll(() => context.close());

  it('lands on PUBLIC_URL, path and query kept, before any page starts', async () => {
    const response = await page.goto(`${elsewhere}/calls?da=altrove`);
    expect(response!.request().redirectedFrom()?.url()).toBe(`${elsewhere}/calls?da=altrove`);
    await page.waitForURL(`${e2e.portal.url}/**`);
    expect(new URL(page.url()).origin).toBe(e2e.portal.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page);
  });

  it('registers and signs in there, typing key by key, without the false «accesso scaduto»', async () => {
    await page.goto(`${elsewhere}/`);
    await page.waitForURL(`${e2e.portal.url}/**`);
    await page
      .getByRole('button', { name: 'Registrati' })
      .or(page.getByRole('link', { name: 'Registrati' }))
      .click();
    await page.waitForURL(/\/idp\/interaction\//);
    await expectHeading(page, 'Registrati');
    await typeLikeAPerson(page.getByLabel('Nome', { exact: true }), person.firstName);
    await typeLikeAPerson(page.getByLabel('Cognome'), person.lastName);
    await typeLikeAPerson(page.getByLabel('Email'), person.email);
    await typeLikeAPerson(page.getByLabel('Password'), person.password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await signInAfterRegistration(page, person.email, person.password);
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByText(/L.accesso è scaduto/).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('the probes answer on the other address, as operators ask them by IP', async () => {
    const ready = await fetch(`${elsewhere}/readyz`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(ready.status).toBe(200);
  });
});
