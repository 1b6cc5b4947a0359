import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * The API's reference at /api/docs, as an administrator reaches it (the admin panel's link, then a reload of the
 * address itself, which the server answers with the SPA), reads an operation and downloads the document; an
 * applicant who types the address is sent home. axe on every state.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
let page: Page;

beforeAll(async () => {
  ({ page } = await e2e.newPage({ acceptDownloads: true }));
}, 180_000);

describe('Documentazione dell’API', () => {
  it('opens from the admin panel with every controller and its operations', async () => {
    await loginAsAdmin(page, e2e.portal.url);
    await expectHeading(page, 'Pannello Admin');
    await page.getByRole('link', { name: 'Documentazione dell’API' }).click();
    await expectHeading(page, 'Documentazione dell’API');
    expect(new URL(page.url()).pathname).toBe('/api/docs');
    const contents = page.getByRole('navigation', { name: 'Controller' });
    for (const controller of ['FileUpload', 'Jwt', 'Organization', 'Pui', 'Tur', 'User']) {
      await contents.getByRole('link', { name: controller, exact: true }).waitFor();
    }
    await page.getByRole('heading', { level: 2, name: 'Tur' }).waitFor();
    await expectAccessible(page);
  });

  it('an operation opens on its parameters, its body and its responses, with the error shape', async () => {
    await page.reload();
    await expectHeading(page, 'Documentazione dell’API');
    await page.getByRole('searchbox', { name: 'Cerca un’operazione' }).pressSequentially('UploadFile');
    const trigger = page.getByRole('button', { name: /POST\s*\/api\/FileUpload\/UploadFile/ });
    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByRole('group').filter({ has: page.getByRole('heading', { name: 'Corpo della richiesta' }) });
    await panel.getByText('Formato: multipart/form-data').waitFor();
    await panel.getByText('File', { exact: true }).waitFor();
    await panel
      .getByText(/file \(byte\)/)
      .first()
      .waitFor();
    await panel.getByRole('heading', { level: 5, name: /^413/ }).waitFor();
    await panel.getByRole('heading', { level: 5, name: /^ogni altro stato/ }).waitFor();
    await panel
      .getByText(/schema ApiError/)
      .first()
      .waitFor();
    await panel.getByText('SelectedOrganizationId', { exact: true }).waitFor();
    await panel.getByText('(nell’header)').waitFor();
    await expectAccessible(page);
  });

  it('reflows on a phone: an open operation with long paths and nested bodies never scrolls sideways (WCAG 1.4.10)', async () => {
    await page.setViewportSize({ width: 320, height: 720 });
    const search = page.getByRole('searchbox', { name: 'Cerca un’operazione' });
    await search.fill('');
    await search.pressSequentially('UpdateOrganization');
    await page.getByRole('button', { name: /POST\s*\/api\/Organization\/UpdateOrganization/ }).click();
    await page.getByRole('heading', { level: 4, name: 'Corpo della richiesta' }).waitFor();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('downloads the OpenAPI document itself', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica openapi.json' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('openapi.json');
    const document = JSON.parse(
      await download.createReadStream().then(async (stream) => {
        let text = '';
        for await (const chunk of stream) text += String(chunk);
        return text;
      }),
    ) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/FileUpload/UploadFile');
  });

  it('is the administrators’: an applicant who opens /api/docs is sent to their own home', async () => {
    const { context: applicantContext, page: applicantPage } = await e2e.newPage();
    await signInApplicant(applicantPage, applicantContext, e2e.portal, {
      firstName: 'Giulia',
      lastName: 'Rossi',
      email: `giulia.rossi.${Date.now()}@esempio.it`,
      organizations: [],
    });
    await applicantPage.goto(`${e2e.portal.url}/api/docs`);
    await applicantPage.waitForURL((url) => url.pathname !== '/api/docs');
    expect(await applicantPage.getByRole('heading', { name: 'Documentazione dell’API' }).count()).toBe(0);
    await applicantContext.close();
  });
});
