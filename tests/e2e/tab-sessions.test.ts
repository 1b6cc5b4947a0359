import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../domain/authCookies.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * An administrator with the portal open in two tabs of one browser, access tokens that live 5 seconds (a test-only
 * setting of the embedded provider) and the server's reuse window off: the tabs keep the session only if they
 * renew one at a time and share the result. Both download the Excel lists after the token expired.
 */
const e2e = usePortalAndBrowser(() => startPortalWithDatabase({ IDP_ACCESS_TOKEN_TTL_SECONDS: '5', REFRESH_TOKEN_REUSE_SECONDS: '0' }));
let context: BrowserContext;
let first: Page;
let second: Page;
/** Every renewal either tab asked for, with the server's answer. */
const renewals: number[] = [];

beforeAll(async () => {
  await seedDemo(e2e.portal.db);
  context = await e2e.browser.newContext({ locale: 'it-IT', acceptDownloads: true });
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/Jwt/refresh') renewals.push(response.status());
  });
  first = await context.newPage();
  second = await context.newPage();
}, 180_000);

/** Until the API refuses the access token both tabs hold now (its 5 seconds, plus the server's clock tolerance). */
async function untilTokenExpired() {
  const cookie = (await context.cookies(e2e.portal.url)).find((c) => c.name === TOKEN_COOKIE);
  const token = decodeURIComponent(cookie!.value);
  for (;;) {
    const answer = await fetch(`${e2e.portal.url}/api/User`, { headers: { authorization: `Bearer ${token}` } });
    if (answer.status === 401) return;
    await sleep(250);
  }
}

async function expectWorkbook(download: Download, fileName: string) {
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = await readFile((await download.path())!);
  // An xlsx is a zip: "PK", and more than an error message's worth of it.
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  expect(bytes.length).toBeGreaterThan(1000);
}

const excelButton = (page: Page) => page.getByRole('button', { name: 'Scarica Excel TUR' });

describe('two tabs of one browser', () => {
  it('both open the admin panel with one login', async () => {
    await loginAsAdmin(first, e2e.portal.url);
    await second.goto(`${e2e.portal.url}/admin-panel`);
    for (const page of [first, second]) {
      await expectHeading(page, 'Pannello Admin');
      await page.getByRole('table', { name: 'Organizzazioni e candidature' }).getByRole('row').nth(1).waitFor();
    }
  });

  it('download the Excel list at the same moment after the access token expired: one renewal, both files, both signed in', async () => {
    await untilTokenExpired();
    renewals.length = 0;

    const downloads = await Promise.all(
      [first, second].map(async (page) => {
        const [download] = await Promise.all([page.waitForEvent('download'), excelButton(page).click()]);
        return download;
      }),
    );

    for (const download of downloads) await expectWorkbook(download, 'Lista-candidature-TUR.xlsx');
    expect(renewals).toEqual([200]);
    for (const page of [first, second]) expect(new URL(page.url()).pathname).toBe('/admin-panel');
  });

  it('reload together after the next expiry and stay signed in, renewing once more', async () => {
    await untilTokenExpired();
    renewals.length = 0;

    await Promise.all([first.reload(), second.reload()]);

    for (const page of [first, second]) {
      await expectHeading(page, 'Pannello Admin');
      await excelButton(page).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin-panel');
    }
    expect(renewals).toEqual([200]);
  });

  it('download a report’s Excel after the access token expired', async () => {
    await second.goto(`${e2e.portal.url}/admin-panel/report?wid=fondi-tematici&rid=importi`);
    await expectHeading(second, 'Importi richiesti');
    await second.getByRole('table', { name: 'Importi per fondo: dati del grafico' }).getByRole('rowheader', { name: 'TUR' }).waitFor();
    await untilTokenExpired();
    renewals.length = 0;

    const [download] = await Promise.all([second.waitForEvent('download'), second.getByRole('button', { name: 'Scarica Excel' }).click()]);

    await expectWorkbook(download, 'Report-importi-TUR-PUI.xlsx');
    expect(renewals).toEqual([200]);
    // The other tab goes on with the renewed tokens too.
    await first.reload();
    await expectHeading(first, 'Pannello Admin');
  });
});
