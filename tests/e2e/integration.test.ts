import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { zipEntries } from '../support/zipEntries.ts';
import { loginAsAdmin, signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const ORGANIZATION = 'Comune di Serravalle';
const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const REQUEST = 'Allegare la planimetria catastale aggiornata e la foto dello stato di fatto.';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(128, 7)]);

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;

const stamp = Date.now();

beforeAll(async () => {
  applicant = await e2e.newPage({ acceptDownloads: true });
  admin = await e2e.newPage({ acceptDownloads: true });
});

const pendingRequest = (page: Page) => page.getByRole('status').filter({ hasText: 'Richiesta di integrazione' });

describe('integration: the reviewers ask, the applicant supplies and completes', () => {
  it('an application is under review', async () => {
    const ids = await signInApplicant(applicant.page, applicant.context, e2e.portal, {
      firstName: 'Irene',
      lastName: 'Conti',
      email: `irene.conti.${stamp}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    await e2e.portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());
  });

  it('the admin asks for an integration with a request and a deadline', async () => {
    const { page } = admin;
    await loginAsAdmin(page, e2e.portal.url);
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'In integrazione' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Sei sicuro di voler cambiare lo stato in «In integrazione»?').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Conferma' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await typeLikeAPerson(dialog.getByRole('textbox', { name: /Richiesta di integrazione/ }), REQUEST);
    await dialog.getByRole('spinbutton', { name: /giorno/i }).click();
    await page.keyboard.type('15032099');
    await expectAccessible(page);
    await confirm.click();
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
  });

  it('the applicant reads the request and its deadline on the card and at Allegati', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/calls`);
    const card = page.getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' });
    await card.getByText('15/03/2099').waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Vai agli allegati']);
    await expectAccessible(page);
    await card.getByRole('button', { name: /Vai agli allegati/ }).click();
    await page.waitForURL(`${e2e.portal.url}/survey/PUI_candidatura?numberStep=4`);
    await expectHeading(page, TITLE);
    await page.getByRole('heading', { name: 'Allegati Integrazione' }).waitFor();
    await pendingRequest(page).getByText(REQUEST).waitFor();
    await pendingRequest(page).getByText('Da completare entro il 15/03/2099').waitFor();
    await expect(page.getByRole('button', { name: 'Completa integrazione' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page);
  });

  it('uploads a PNG and a PDF, removes one, completes, and reads the success text', async () => {
    const { page } = applicant;
    const section = page.getByRole('region', { name: 'Allegati Integrazione' });
    const addSlot = () =>
      section
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: /Seleziona file/ }) })
        .last();
    for (const file of [
      { name: 'foto-stato-di-fatto.png', mimeType: 'image/png', buffer: png },
      { name: 'planimetria.pdf', mimeType: 'application/pdf', buffer: pdf },
    ]) {
      const chooser = page.waitForEvent('filechooser');
      await addSlot()
        .getByRole('button', { name: /Seleziona file/ })
        .click();
      await (await chooser).setFiles(file);
      await section.getByText(file.name).waitFor();
    }
    // Rimuovi asks first, naming the file (issue 46): Annulla keeps it, the dialog's Rimuovi removes it.
    const remove = section.getByRole('button', { name: 'Rimuovi foto-stato-di-fatto.png' });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Rimuovi allegato' });
    await confirm.getByText(/Vuoi rimuovere il file «foto-stato-di-fatto\.png»/).waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await confirm.waitFor({ state: 'detached' });
    await section.getByText('foto-stato-di-fatto.png').waitFor();
    await remove.click();
    await confirm.getByRole('button', { name: 'Rimuovi', exact: true }).click();
    await expect.poll(() => section.getByText('foto-stato-di-fatto.png').count(), { timeout: 15_000 }).toBe(0);
    await section.getByText('planimetria.pdf').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Completa integrazione' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Completa Integrazione' });
    await dialog.getByText(/Integrazione Sottomessa/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Integrazione completata con successo!').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Completa integrazione' }).count()).toBe(0);
    await expect(section.getByRole('button', { name: /Rimuovi/ }).count()).resolves.toBe(0);
    await page.goto(`${e2e.portal.url}/calls`);
    const card = page.getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' });
    await card.getByText('Integrazione Sottomessa').first().waitFor();
    // The hand-over's receipt is listed on the card, beside the one action left.
    await card.getByText('Integrazione n. 1').first().waitFor();
    await expect(card.getByRole('button').allTextContents()).resolves.toEqual(['Scarica ricevuta', 'Visualizza']);
  });

  it('the admin reads the request and the documents in the application and the zip', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}?numberStep=4`);
    await expectHeading(page, TITLE);
    const section = page.getByRole('region', { name: 'Allegati Integrazione' });
    await section.getByText(REQUEST).waitFor();
    await section.getByText('planimetria.pdf').waitFor();
    await expect(section.getByText('foto-stato-di-fatto.png').count()).resolves.toBe(0);
    await expectAccessible(page);

    await page.goto(`${e2e.portal.url}/admin-panel`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Scarica gli allegati PUI di ${ORGANIZATION} (zip)` }).click();
    const zip = await readFile((await (await download).path())!);
    // With the receipt of the integration handed over.
    expect([...zipEntries(zip).keys()]).toEqual([
      'Integrazione/Documento integrativo - planimetria.pdf',
      expect.stringMatching(/^Ricevute\/Ricevuta-PUI-\d{4}-\d{6}\.pdf$/),
    ]);
  });
});
