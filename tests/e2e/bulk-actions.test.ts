import { inArray } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Issue 44, many applications at once, as an administrator does it in Chromium: 55 organisations found by a search
 * (two pages of the list), six of them with an application in mixed statuses; one ticked, then every one matching
 * the search (the count said before acting), Cambia stato with a note typed key by key, confirmed; the progress,
 * then the result with the refused ones and their reason; the database holds the changes.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
let admin: { context: BrowserContext; page: Page };
const STATUSES: ApplicationStatusCode[] = [
  'CANDIDATURA_SOTTOMESSA',
  'AMMISSIBILE',
  'INTEGRAZIONE_SOTTOMESSA',
  'DELIBERATA',
  'CANDIDATURA_SOTTOMESSA',
  'IN_VALUTAZIONE',
];
const ids: string[] = [];

beforeAll(async () => {
  admin = await e2e.newPage({ acceptDownloads: true });
  const { db } = e2e.portal;
  const rows = Array.from({ length: 55 }, (_, i) => {
    const firstTen = `7${String(i + 1).padStart(6, '0')}058`;
    return {
      name: `Ente Massivo ${String(i + 1).padStart(2, '0')}`,
      email: `ente${i}@massivo.test`,
      pIva: `${firstTen}${partitaIvaCheckDigit(firstTen)}`,
      profile: { description: 'Ente di prova' },
    };
  });
  const inserted = await db.insert(organizations).values(rows).returning({ id: organizations.id, name: organizations.name });
  inserted.sort((a, b) => a.name.localeCompare(b.name));
  for (const [index, status] of STATUSES.entries()) {
    ids.push(await e2e.portal.forceStatus(inserted[index]!.id, 'TUR', status, new Date(Date.UTC(2026, 2, index + 1, 9))));
  }
});

const status = (page: Page, text: RegExp | string) => page.getByRole('status').filter({ hasText: text });

describe('acting on many applications of the admin list at once', () => {
  it('selects one application, then every one matching the search beyond the page, with the count said', async () => {
    const { page } = admin;
    await loginAsAdmin(page, e2e.portal.url);
    await expectHeading(page, 'Pannello Admin');
    const box = page.getByRole('searchbox', { name: 'Cerca organizzazione' });
    await box.click();
    await box.pressSequentially('Ente Massivo');
    await status(page, '55 organizzazioni').waitFor();
    await page.getByRole('checkbox', { name: 'Seleziona la candidatura TUR di Ente Massivo 01' }).check();
    await status(page, '1 candidatura selezionata').waitFor();
    await page.getByRole('button', { name: 'Seleziona tutte le candidature che corrispondono ai filtri' }).click();
    await status(page, 'Selezionate 6 candidature che corrispondono ai filtri e alla ricerca').waitFor();
    await expectAccessible(page);
  });

  it('confirms a status change with one note, follows the progress and lists what was refused with the reason', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Cambia stato', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Conferma il cambio di stato' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Conferma' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: /Nuovo stato/ }).click();
    await page.getByRole('option', { name: 'In valutazione' }).click();
    await dialog.getByText('Le 6 candidature selezionate passeranno allo stato «In valutazione»', { exact: false }).waitFor();
    const note = dialog.getByRole('textbox', { name: /Nota per tutte le candidature/ });
    await note.click();
    await note.pressSequentially('Avvio della valutazione');
    await note.press('Tab');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();

    // The progress bar while it runs (it may already be over on this small selection), then the result.
    const result = page.getByText('Operazione completata con alcune candidature non elaborate');
    await page.getByRole('progressbar', { name: 'Avanzamento dell’operazione' }).or(result).first().waitFor();
    await result.waitFor();
    await page.getByText('3 candidature elaborate').waitFor();
    await page.getByRole('heading', { name: '3 candidature non elaborate' }).waitFor();
    await page.getByText('TUR – Ente Massivo 02: Non è possibile portare la candidatura da «Ammissibile» a «In valutazione».').waitFor();
    await expectAccessible(page);

    const stored = await e2e.portal.db.select().from(applications).where(inArray(applications.id, ids));
    const byId = new Map(stored.map((row) => [row.id, row.status]));
    expect(ids.map((id) => byId.get(id))).toEqual([
      'IN_VALUTAZIONE',
      'AMMISSIBILE',
      'IN_VALUTAZIONE',
      'DELIBERATA',
      'IN_VALUTAZIONE',
      'IN_VALUTAZIONE',
    ]);
    const history = await e2e.portal.db.select().from(applicationStatusHistory).where(inArray(applicationStatusHistory.applicationId, ids));
    expect(history.map((row) => [row.applicationId, row.note])).toEqual(
      expect.arrayContaining([
        [ids[0], 'Avvio della valutazione'],
        [ids[2], 'Avvio della valutazione'],
        [ids[4], 'Avvio della valutazione'],
      ]),
    );
    expect(history).toHaveLength(3);

    // Left and found again: after a reload the result is still there, until it is closed.
    await page.reload();
    await expectHeading(page, 'Pannello Admin');
    await result.waitFor();
    await page.getByText('TUR – Ente Massivo 02: Non è possibile portare la candidatura da «Ammissibile» a «In valutazione».').waitFor();
    await page.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await status(page, '0 candidature selezionate').waitFor();
    await page.reload();
    await expectHeading(page, 'Pannello Admin');
    await status(page, '0 candidature selezionate').waitFor();
    await expect(result.count()).resolves.toBe(0);
  });
});
