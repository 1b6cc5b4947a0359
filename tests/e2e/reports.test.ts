import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed/demo.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * The admin reports on the demo seed, as an administrator uses them: the Reportistica tab, a report with its
 * chart and table, the fund filter in the URL (kept on reload), "Scarica Excel" read back, axe on every page.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
let page: Page;

beforeAll(async () => {
  ({ page } = await e2e.newPage({ acceptDownloads: true }));
}, 180_000);

const dataTable = (name: string) => page.getByRole('table', { name: `${name}: dati del grafico` });
const shot = (name: string) =>
  process.env.REPORTS_SCREENSHOTS ? page.screenshot({ path: `${process.env.REPORTS_SCREENSHOTS}/${name}.png`, fullPage: true }) : undefined;

describe('Reportistica', () => {
  it('says "Nessun report disponibile" while the call has no application', async () => {
    await loginAsAdmin(page, e2e.portal.url);
    await expectHeading(page, 'Pannello Admin');
    await page.getByRole('tab', { name: 'Reportistica' }).click();
    await page.waitForURL(/tab=reports/);
    await page.getByText('Nessun report disponibile', { exact: true }).waitFor();
    await expectAccessible(page);
  });

  it('lists the call’s reports in the admin panel’s second tab once there are applications', async () => {
    await seedDemo(e2e.portal.db);
    await page.reload();
    await page.getByRole('tab', { name: 'Reportistica', selected: true }).waitFor();
    for (const title of [
      'Candidature per stato',
      'Importi richiesti',
      'Candidature per territorio',
      'Presentazione e tempi di istruttoria',
      'Monitoraggio',
    ]) {
      await page.getByRole('link', { name: title, exact: true }).waitFor();
    }
    await shot('list');
    await expectAccessible(page);
  });

  it('opens a report at a linkable address with its chart, a text alternative and the same figures as a table', async () => {
    await page.getByRole('link', { name: 'Importi richiesti', exact: true }).click();
    await expectHeading(page, 'Importi richiesti');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/admin-panel/report');
    expect(url.searchParams.get('wid')).toBe('fondi-tematici');
    expect(url.searchParams.get('rid')).toBe('importi');
    const table = dataTable('Importi per fondo');
    await table.getByRole('rowheader', { name: 'TUR' }).waitFor();
    await table.getByRole('rowheader', { name: 'PUI' }).waitFor();
    // The chart is one image named by its title and described by its reading.
    const chart = page.getByRole('img', { name: /Importi per fondo/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-labelledby')).toBeTruthy();
    await expect(
      page
        .getByText(
          /^Le \d+ candidature presentate chiedono ai fondi [\d.]+(?:,\d{2})?\s€ su [\d.]+(?:,\d{2})?\s€ di investimento totale \(\d+,\d%\)\.$/,
        )
        .count(),
    ).resolves.toBe(1);
    await shot('importi');
    await expectAccessible(page);
  });

  it('filters by fund through the URL, and a reload keeps the filter', async () => {
    await page.getByRole('button', { name: /Fondo/ }).first().click();
    await page.getByRole('option', { name: 'PUI – Fondo Tematico Piani Urbani Integrati' }).click();
    await page.waitForURL(/fund=PUI/);
    const table = dataTable('Importi per fondo');
    await table.getByRole('rowheader', { name: 'TUR' }).waitFor({ state: 'detached' });
    await table.getByRole('rowheader', { name: 'PUI' }).waitFor();
    await page.reload();
    await expectHeading(page, 'Importi richiesti');
    expect(new URL(page.url()).searchParams.get('fund')).toBe('PUI');
    await dataTable('Importi per fondo').getByRole('rowheader', { name: 'PUI' }).waitFor();
    await expect(dataTable('Importi per fondo').getByRole('rowheader', { name: 'TUR' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: /PUI – Fondo Tematico Piani Urbani Integrati/ }).waitFor();
    await expectAccessible(page);
  });

  it('"Scarica Excel" downloads the filtered tables, which read back with the page’s figures', async () => {
    const shown = await dataTable('Importi per fondo').getByRole('row', { name: /PUI/ }).getByRole('cell').allTextContents();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('Report-importi-PUI.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Importi per fondo')!;
    expect(sheet.getCell('A3').value).toBe('Fondo Tematico Piani Urbani Integrati · tutto il periodo');
    let pui: ExcelJS.Row | undefined;
    sheet.eachRow((row) => (row.getCell(1).value === 'PUI' ? (pui = row) : undefined));
    // Candidature, then the amount asked: the page shows them Italian-formatted.
    expect(String(pui!.getCell(2).value)).toBe(shown[0]);
    // Whole euros without decimals, anything else to the cent (issue 46: never rounded into a figure nobody typed).
    const asked = pui!.getCell(3).value as number;
    const decimals = Number.isInteger(Math.round(asked * 100) / 100) ? 0 : 2;
    expect(
      `${new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(asked)} €`,
    ).toBe(shown[1]!.replace(/\s/g, ' '));
  });

  it('takes a presentation period from the URL, shows it in the date fields and clears it', async () => {
    await page.goto(
      `${e2e.portal.url}/admin-panel/report?wid=fondi-tematici&rid=flusso-istruttoria&fund=TUR&from=2026-01-01&to=2026-12-31`,
    );
    await expectHeading(page, 'Presentazione e tempi di istruttoria');
    await dataTable('Candidature presentate per settimana').waitFor();
    await page.getByRole('group', { name: 'Periodo di presentazione' }).getByRole('spinbutton', { name: /anno/i }).first().waitFor();
    await shot('flusso');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Tutto il periodo' }).click();
    await page.waitForURL((u) => !u.searchParams.has('from') && u.searchParams.get('fund') === 'TUR');
  });

  it.each([
    ['stato-candidature', 'Candidature per stato', 'Candidature per stato'],
    ['territorio', 'Candidature per territorio', 'Candidature e importi per regione'],
    ['monitoraggio', 'Monitoraggio', 'Progetti in monitoraggio'],
  ])('report %s has its chart and table and no axe violation', async (rid, title, table) => {
    await page.goto(`${e2e.portal.url}/admin-panel/report?wid=fondi-tematici&rid=${rid}`);
    await expectHeading(page, title);
    await dataTable(table).waitFor();
    await page
      .getByRole('img', { name: new RegExp(table) })
      .first()
      .waitFor();
    await shot(rid);
    await expectAccessible(page);
  });

  it('says when a report does not exist, with the way back to the list', async () => {
    await page.goto(`${e2e.portal.url}/admin-panel/report?wid=fondi-tematici&rid=vendite`);
    await expectHeading(page, 'Il report richiesto non esiste.');
    await page.getByRole('link', { name: 'Torna alla Reportistica' }).click();
    await page.getByRole('tab', { name: 'Reportistica', selected: true }).waitFor();
    await expectAccessible(page);
  });
});
