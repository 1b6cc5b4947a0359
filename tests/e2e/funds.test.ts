import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatusCode, Fund } from '../../domain/applicationStatus.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { eq } from 'drizzle-orm';
import { callWindowMessages } from '../../domain/messages/callWindow.ts';
import { italianDateAtTime } from '../../domain/italianDates.ts';
import { applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible } from './support/browser.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './support/verification.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let context: BrowserContext;
let page: Page;
let organizationId: string;

const stamp = Date.now();

beforeAll(async () => {
  ({ context, page } = await e2e.newPage());
});
afterAll(async () => {
  await context?.close();
});

async function openFunds() {
  await page.goto(`${e2e.portal.url}/calls`);
  await page.getByRole('heading', { level: 1, name: 'Fondi' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Fondo Tematico Turismo Sostenibile' }).waitFor();
}

const card = (fund: Fund) =>
  page.getByRole('article', { name: fund === 'TUR' ? 'Fondo Tematico Turismo Sostenibile' : 'Fondo Tematico Piani Urbani Integrati' });

async function buttonsOf(fund: Fund): Promise<string[]> {
  return card(fund).getByRole('button').allTextContents();
}

describe('the funds page', () => {
  it('an applicant without an organisation is sent to the organisation flow', async () => {
    await page.goto(`${e2e.portal.url}/`);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Nome', { exact: true }).fill('Lucia');
    await page.getByLabel('Cognome').fill('Neri');
    await page.getByLabel('Email').fill(`lucia.neri.${stamp}@esempio.it`);
    await page.getByLabel('Password').fill('una-password-lunga');
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await signInAfterRegistration(page, `lucia.neri.${stamp}@esempio.it`, 'una-password-lunga');
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
    await verifyEmailFromOutbox(context, e2e.portal, `lucia.neri.${stamp}@esempio.it`, page);
    await page.goto(`${e2e.portal.url}/calls`);
    await page.waitForURL(`${e2e.portal.url}/flow-organization`);
  });

  it('with an organisation: both cards, call dates, Non avviata and Candidati', async () => {
    const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((c) => c.name === 'token')!.value);
    const response = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name: 'Comune di Fontebella' })),
    });
    expect(response.status).toBe(201);
    organizationId = ((await response.json()) as { orgId: string }).orgId;
    // The session learns about the new organisation on a fresh load.
    await page.goto(`${e2e.portal.url}/`);
    await page.waitForURL(`${e2e.portal.url}/calls`);
    await openFunds();
    await card('PUI').waitFor();
    await expect(card('TUR').getByText('Non avviata').count()).resolves.toBe(1);
    await card('TUR').getByText('Fine lavori entro il').waitFor();
    await expect(buttonsOf('TUR')).resolves.toEqual(['Candidati']);
    await expect(buttonsOf('PUI')).resolves.toEqual(['Candidati']);
    await expectAccessible(page);
  });

  it('Candidati opens the PUI application wizard on its first step', async () => {
    await card('PUI')
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${e2e.portal.url}/survey/PUI_candidatura`);
    await page.getByRole('heading', { level: 1, name: 'Candidatura Fondo Tematico Piani Urbani Integrati' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Progetto' }).waitFor();
    await expectAccessible(page);
  });

  const families: [ApplicationStatusCode, string[]][] = [
    ['APERTA', ['Compila']],
    ['IN_VALUTAZIONE', ['Visualizza']],
    ['IN_INTEGRAZIONE', ['Vai agli allegati']],
    ['AMMISSIBILE', ['Visualizza domanda', 'Compila istruttoria']],
    ['DELIBERATA', ['Visualizza domanda', 'Visualizza']],
    ['MONITORAGGIO_APERTO', ['Visualizza domanda', 'Visualizza', 'Monitora il tuo progetto']],
    ['MONITORAGGIO_CHIUSO', ['Visualizza domanda', 'Visualizza', 'Visualizza']],
  ];

  it.each(families)('TUR in %s shows %j', async (status, buttons) => {
    await e2e.portal.forceStatus(organizationId, 'TUR', status, new Date());
    await openFunds();
    await card('TUR').getByRole('button').first().waitFor();
    await expect(buttonsOf('TUR')).resolves.toEqual(buttons);
    await expect(buttonsOf('PUI')).resolves.toEqual(['Candidati']);
  });

  it('Vai agli allegati opens the attachments step; Monitora opens the monitoring survey', async () => {
    await e2e.portal.forceStatus(organizationId, 'TUR', 'IN_INTEGRAZIONE', new Date());
    await openFunds();
    await card('TUR')
      .getByRole('button', { name: /Vai agli allegati/ })
      .click();
    await page.waitForURL(`${e2e.portal.url}/survey/TUR_candidatura?numberStep=4`);
    await page.getByRole('heading', { level: 2, name: 'Allegati', exact: true }).waitFor();

    await e2e.portal.forceStatus(organizationId, 'TUR', 'MONITORAGGIO_APERTO', new Date());
    await openFunds();
    await card('TUR')
      .getByRole('button', { name: /Monitora il tuo progetto/ })
      .click();
    await page.waitForURL(new RegExp(`/survey/TUR_istruttoria/${organizationId}\\?monitoraggio=true`));
    await page.getByRole('heading', { level: 1, name: 'Monitoraggio Fondo Tematico Turismo Sostenibile' }).waitFor();
    await expectAccessible(page);
  });

  it('the history shows the reviewers\u2019 note on a decision the applicant is told of, not on an internal step', async () => {
    const pui = await e2e.portal.forceStatus(organizationId, 'PUI', 'RIFIUTATA', new Date('2026-05-02T10:00:00Z'));
    await e2e.portal.db.insert(applicationStatusHistory).values([
      {
        applicationId: pui,
        fromStatus: 'IN_VALUTAZIONE',
        toStatus: 'RIFIUTATA',
        event: 'admin.reject',
        note: 'Il progetto non rientra nelle aree ammesse dal bando.',
        actorRole: 'admin',
        createdAt: new Date('2026-05-02T10:00:00Z'),
      },
      {
        applicationId: pui,
        fromStatus: 'RIFIUTATA',
        toStatus: 'APERTA',
        event: 'admin.reopen',
        note: 'Riaperta dopo la telefonata con il responsabile.',
        actorRole: 'admin',
        createdAt: new Date('2026-05-03T10:00:00Z'),
      },
    ]);
    await openFunds();
    const history = card('PUI').getByRole('region', { name: 'Storico della candidatura' });
    await history.getByText('Il progetto non rientra nelle aree ammesse dal bando.').waitFor();
    await expect(history.getByText('Nota dell\u2019amministrazione:').count()).resolves.toBe(1);
    await expect(history.getByText(/telefonata/).count()).resolves.toBe(0);
    // The history's times are Italy's, and the page says so once, in its footer, not beside each time.
    await expect(page.getByText(/ora italiana/).count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').getByText('Date e orari sono indicati nell’ora italiana.').count()).resolves.toBe(1);
    await expectAccessible(page);
  });
});

describe('the last days of a call (issue 44)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** TUR's call closing at `closesAt` for the length of `run`, then as shipped again. */
  async function withTurClosingAt(closesAt: Date, run: () => Promise<void>) {
    const [shipped] = await e2e.portal.db.select().from(calls).where(eq(calls.fund, 'TUR'));
    await e2e.portal.db.update(calls).set({ closesAt }).where(eq(calls.fund, 'TUR'));
    try {
      await run();
    } finally {
      await e2e.portal.db.update(calls).set({ closesAt: shipped!.closesAt }).where(eq(calls.fund, 'TUR'));
    }
  }

  it('the fund card counts down the days left when the call closes in 3 days', async () => {
    await e2e.portal.forceStatus(organizationId, 'TUR', 'APERTA', null);
    await withTurClosingAt(new Date(Date.now() + 3 * DAY), async () => {
      await openFunds();
      await card('TUR').getByText('Chiude tra 3 giorni').waitFor();
      // PUI closes as shipped, months away: no countdown.
      await expect(
        card('PUI')
          .getByText(/Chiude tra/)
          .count(),
      ).resolves.toBe(0);
      await expectAccessible(page);
    });
  });

  it('a draft after the closing time is read-only, with the reason and the closing date and time', async () => {
    await e2e.portal.forceStatus(organizationId, 'TUR', 'APERTA', null);
    const closedAt = new Date(Date.now() - 60 * 60 * 1000);
    await withTurClosingAt(closedAt, async () => {
      await openFunds();
      await card('TUR').getByText('Bando chiuso', { exact: false }).waitFor();
      // The card offers to read the draft, not to fill it in.
      await expect(
        card('TUR')
          .getByRole('button', { name: /Compila/ })
          .count(),
      ).resolves.toBe(0);
      await card('TUR').getByRole('button', { name: 'Visualizza TUR' }).click();
      await page.waitForURL(`${e2e.portal.url}/survey/TUR_candidatura?isReadOnly=true`);
      await page.getByRole('heading', { level: 1, name: 'Candidatura Fondo Tematico Turismo Sostenibile' }).waitFor();
      await page.getByText(callWindowMessages.closedNotice(italianDateAtTime(closedAt))).waitFor();
      // Every answer is text to read, not a box, and the submit step is not among the steps.
      await page
        .locator('dt')
        .filter({ hasText: /^Nome del progetto$/ })
        .waitFor();
      await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).count()).resolves.toBe(0);
      const steps = page.getByRole('navigation', { name: 'Passi della candidatura' });
      await expect(steps.getByRole('button', { name: /Invia Candidatura/ }).count()).resolves.toBe(0);
      await expectAccessible(page);
    });
  });
});
