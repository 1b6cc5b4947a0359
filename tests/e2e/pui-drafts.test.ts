import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Drafts never lose what was typed: the network drops and comes back; two tabs edit the same
 * application and the stale one is told, offered to reload, never silently overwritten.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
let context: BrowserContext;
let first: Page;
let second: Page;

const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const projectName = (page: Page) => page.getByRole('textbox', { name: /Nome del progetto/ });
const saved = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /Salvato alle \d\d:\d\d/ })
    .waitFor();

async function openWizard(page: Page) {
  await page.goto(`${e2e.portal.url}/survey/PUI_candidatura`);
  await expectHeading(page, TITLE);
  await page.getByRole('heading', { level: 2, name: 'Progetto' }).waitFor();
}

beforeAll(async () => {
  ({ context, page: first } = await e2e.newPage());
  await first.goto(`${e2e.portal.url}/`);
  await first.getByRole('button', { name: 'Registrati' }).click();
  await first.waitForURL(/\/idp\/interaction\//);
  await first.getByLabel('Nome', { exact: true }).fill('Marco');
  await first.getByLabel('Cognome').fill('Galli');
  const email = `marco.galli.${Date.now()}@esempio.it`;
  await first.getByLabel('Email').fill(email);
  await first.getByLabel('Password').fill('una-password-lunga');
  await acceptTerms(first);
  await first.getByRole('button', { name: 'Registrati' }).click();
  await signInAfterRegistration(first, email, 'una-password-lunga');
  await first.waitForURL(`${e2e.portal.url}/flow-organization`);
  await verifyEmailFromOutbox(context, e2e.portal, email, first);
  const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((c) => c.name === 'token')!.value);
  const response = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(organizationPayload({ name: 'Comune di Valle Chiara' })),
  });
  expect(response.status).toBe(201);
  await first.goto(`${e2e.portal.url}/`);
  await first.waitForURL(`${e2e.portal.url}/calls`);
});
afterAll(async () => {
  await context?.close();
});

describe('autosaved drafts', () => {
  it('saves shortly after typing stops and says so', async () => {
    await openWizard(first);
    await typeLikeAPerson(projectName(first), 'Piazza del mercato');
    await first.getByText('Modifiche non salvate').waitFor();
    await saved(first);
    await expectAccessible(first);
  });

  it('keeps what was typed while the network is down, says so, and saves when it is back', async () => {
    await context.setOffline(true);
    await typeLikeAPerson(projectName(first), 'Piazza del mercato coperto');
    await first.getByText('Connessione assente: nuovo tentativo tra poco').waitFor();
    await context.setOffline(false);
    await saved(first);
    await first.reload();
    await expectHeading(first, TITLE);
    await expect(projectName(first).inputValue()).resolves.toBe('Piazza del mercato coperto');
  });

  it('a second tab with an older draft is told, offered to reload, and the newer draft is kept', async () => {
    second = await context.newPage();
    await openWizard(second);
    await expect(projectName(second).inputValue()).resolves.toBe('Piazza del mercato coperto');

    await typeLikeAPerson(projectName(first), 'Piazza del mercato coperto e giardino');
    await first.getByText('Modifiche non salvate').waitFor();
    await saved(first);

    await typeLikeAPerson(projectName(second), 'Una versione vecchia');
    const dialog = second.getByRole('alertdialog', { name: 'Bozza non salvata' });
    await dialog.waitFor();
    await expectAccessible(second);
    await dialog.getByRole('button', { name: 'Ricarica' }).click();
    await expect.poll(() => projectName(second).inputValue()).toBe('Piazza del mercato coperto e giardino');

    await first.reload();
    await expectHeading(first, TITLE);
    await expect(projectName(first).inputValue()).resolves.toBe('Piazza del mercato coperto e giardino');
  });
});
