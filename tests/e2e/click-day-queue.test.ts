import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { prepareCompleteApplicationOverHttp } from '../support/completeApplicationOverHttp.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { callsFileWithSignature } from '../support/testApp.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';
import { signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { storedReceipts } from './support/serverReads.ts';

/**
 * A click day's queue in the browser (issue 45): the portal lets one hand-over run at a time and none wait
 * (HANDOVER_CONCURRENCY=1, HANDOVER_QUEUE_LENGTH=0, HANDOVER_QUEUE_MS=1000, so Retry-After: 1). Another
 * organisation's hand-over holds the only place: the test locks the protocol counters on PostgreSQL, so it waits
 * at its last statement, inside the queue. The applicant presses Invia: the server answers 503 «Sei in coda», the
 * browser says so with the time of the first try and sends the same application again every second by itself;
 * once the lock goes, the first hand-over ends and the next try goes through. The first to try gets the first number.
 */
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const stamp = Date.now();
let databaseUrl: string;
const e2e = usePortalAndBrowser(async () => {
  const throwaway = await createThrowawayDatabase(SERVER);
  databaseUrl = throwaway.url;
  const opened = await openDatabase({ kind: 'postgres', url: throwaway.url });
  const database = {
    ...opened,
    async close() {
      await opened.close();
      await throwaway.drop();
    },
  };
  const calls = callsFileWithSignature(mkdtempSync(path.join(tmpdir(), 'pf-clickday-')), false);
  return startPortalWithDatabase(
    { CALLS_FILE: calls, HANDOVER_CONCURRENCY: '1', HANDOVER_QUEUE_LENGTH: '0', HANDOVER_QUEUE_MS: '1000' },
    { database },
  );
});

let first: { context: BrowserContext; orgId: string; token: string };
let queued: { context: BrowserContext; page: Page; orgId: string };
let lock: pg.Client;

const tokenOf = async (context: BrowserContext) =>
  decodeURIComponent((await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);

beforeAll(async () => {
  const { url } = e2e.portal;
  const firstPage = await e2e.newPage();
  const firstIds = await signInApplicant(firstPage.page, firstPage.context, e2e.portal, {
    firstName: 'Primo',
    lastName: 'Arrivato',
    email: `primo.arrivato.${stamp}@esempio.it`,
    organizations: ['Comune di Primavalle'],
  });
  first = { context: firstPage.context, orgId: firstIds['Comune di Primavalle']!, token: await tokenOf(firstPage.context) };
  await prepareCompleteApplicationOverHttp(url, first.token, first.orgId, 'PUI');

  const { context, page } = await e2e.newPage();
  const ids = await signInApplicant(page, context, e2e.portal, {
    firstName: 'Sara',
    lastName: 'Incoda',
    email: `sara.incoda.${stamp}@esempio.it`,
    organizations: ['Comune di Secondigliano'],
  });
  queued = { context, page, orgId: ids['Comune di Secondigliano']! };
  await prepareCompleteApplicationOverHttp(url, await tokenOf(context), queued.orgId, 'PUI');
  lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
}, 120_000);
afterAll(async () => {
  await lock?.end();
  await queued?.context.close();
  await first?.context.close();
});

describe('a click day with a full queue', () => {
  it('tells the applicant «Sei in coda» with the first try, retries by itself, and hands over once the place is free', async () => {
    const { url } = e2e.portal;
    const { page } = queued;
    await page.goto(`${url}/survey/PUI_candidatura`);
    await expectHeading(page, 'Candidatura Fondo Tematico Piani Urbani Integrati');
    await page
      .getByRole('navigation', { name: 'Passi della candidatura' })
      .getByRole('button', { name: /Invia Candidatura/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Invia Candidatura' }).waitFor();

    // The first organisation's hand-over takes the only place and waits there for the protocol counters.
    await lock.query('begin');
    await lock.query('lock table receipt_counters in exclusive mode');
    const firstHandOver = fetch(`${url}/api/Pui/CreatePui`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(completePuiApplication(first.orgId)),
    });
    await expect
      .poll(
        async () =>
          (
            await lock.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0]!.waiting,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(1);

    const answers: number[] = [];
    page.on('response', (response: Response) => {
      if (response.url().endsWith('/api/Pui/CreatePui')) answers.push(response.status());
    });
    await page.getByRole('button', { name: 'Invia candidatura', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    const pressedAt = new Date();
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await dialog.getByText('Sei in coda: la tua domanda verrà inviata appena possibile').waitFor();
    const firstTry = await dialog.getByText(/^Primo tentativo alle \d\d:\d\d:\d\d\.$/).textContent();
    // The time is the first try's on Italy's clock, within the second the person pressed Invia.
    const rome = (at: Date) => at.toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hourCycle: 'h23' });
    expect([rome(pressedAt), rome(new Date(pressedAt.getTime() + 1000))]).toContain(firstTry!.slice('Primo tentativo alle '.length, -1));
    // Invia's spinner turns for as long as the queue waits: the page is judged as a person who asked for reduced motion sees it.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessible(page);
    await page.emulateMedia({ reducedMotion: null });
    // It tries again by itself after each Retry-After, and keeps telling the first try's time.
    await expect.poll(() => answers.length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    expect(answers.every((status) => status === 503)).toBe(true);
    await expect(dialog.getByText(/^Primo tentativo alle/).textContent()).resolves.toBe(firstTry);
    await expect(dialog.getByRole('button', { name: /Invio in corso/ }).isDisabled()).resolves.toBe(true);

    // The counters are free again: the first hand-over ends, then the queued one goes through on its next try.
    await lock.query('rollback');
    expect((await firstHandOver).status).toBe(200);
    await page.waitForURL(/\/candidaturaCompletata\?ricevuta=[0-9a-f-]{36}$/, { timeout: 15_000 });
    await expectHeading(page, 'Candidatura inviata!');
    await expectAccessible(page);
    expect(answers.at(-1)).toBe(200);
    expect(answers.slice(0, -1).every((status) => status === 503)).toBe(true);

    // One hand-over each, numbered in the order they were first tried.
    const [firstReceipts, queuedReceipts] = await Promise.all([
      storedReceipts(first.context, url, 'PUI', first.orgId),
      storedReceipts(queued.context, url, 'PUI', queued.orgId),
    ]);
    const year = new Date().toLocaleString('en-GB', { timeZone: 'Europe/Rome', year: 'numeric' });
    expect(firstReceipts.map((receipt) => receipt.protocol)).toEqual([`PUI-${year}-000001`]);
    expect(queuedReceipts.map((receipt) => receipt.protocol)).toEqual([`PUI-${year}-000002`]);
  }, 120_000);
});
