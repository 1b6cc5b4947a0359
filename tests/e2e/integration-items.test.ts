import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../server/db/schema/applications.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { loginAsAdmin, signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

const ORGANIZATION = 'Comune di Castelcorretto';
const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const OLD_NAME = 'Riqualificazione del Parco delle Cave';
const NEW_NAME = 'Parco delle Cave: riqualificazione';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

const e2e = usePortalAndBrowser(startPortalWithDatabase);
let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
const stamp = Date.now();

beforeAll(async () => {
  applicant = await e2e.newPage();
  admin = await e2e.newPage();
});

/** The highlighted request beside a field or slot, by the words of its title. */
const correction = (page: Page, title: RegExp) => page.getByRole('group', { name: title });

describe('corrections pinned to fields and attachments (issue 44)', () => {
  it('a handed-over application is under review', async () => {
    const ids = await signInApplicant(applicant.page, applicant.context, e2e.portal, {
      firstName: 'Marta',
      lastName: 'Ferri',
      email: `marta.ferri.${stamp}@esempio.it`,
      organizations: [ORGANIZATION],
    });
    organizationId = ids[ORGANIZATION]!;
    const id = await e2e.portal.forceStatus(organizationId, 'PUI', 'IN_VALUTAZIONE', new Date());
    const body = completePuiApplication(organizationId);
    await e2e.portal.db.update(applications).set({ body, draft: body }).where(eq(applications.id, id));
  });

  it('the administrator asks for corrections on two fields and one attachment, without a general note', async () => {
    const { page } = admin;
    await loginAsAdmin(page, e2e.portal.url);
    await page.getByRole('button', { name: `Cambia stato PUI di ${ORGANIZATION}` }).click();
    await page.getByRole('menuitem', { name: 'In integrazione' }).click();
    const dialog = page.getByRole('alertdialog');
    const picker = dialog.getByRole('combobox', { name: 'Campo o allegato da correggere' });
    await picker.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Conferma' });
    for (const [label, message] of [
      ['Nome del progetto', 'Il nome deve coincidere con quello della delibera.'],
      ['Progettista', 'Indicate lo studio capofila.'],
      ['Relazione tecnica di progetto', 'Manca la firma digitale del progettista.'],
    ] as const) {
      await picker.selectOption({ label });
      await dialog.getByRole('button', { name: 'Aggiungi alla richiesta' }).click();
      const box = dialog.getByRole('textbox', { name: `Cosa correggere in «${label}»` });
      // An item without its message cannot be sent.
      await expect(confirm.isDisabled()).resolves.toBe(true);
      await typeLikeAPerson(box, message);
    }
    await expectAccessible(page);
    await expect(confirm.isDisabled()).resolves.toBe(false);
    await confirm.click();
    await page.getByText('Stato della candidatura cambiato con successo!').waitFor();
  });

  it('the applicant sees the list and each item in place, can change only those, and cannot complete half-answered', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/survey/PUI_candidatura?numberStep=4`);
    await expectHeading(page, TITLE);
    const section = page.getByRole('region', { name: 'Allegati Integrazione' });
    const list = section.getByRole('region', { name: 'Cosa correggere' });
    await list.getByText('Campo «Nome del progetto» (passo Progetto) — Da correggere').waitFor();
    await list.getByText('Campo «Progettista» (passo Progetto) — Da correggere').waitFor();
    await list.getByText('Allegato «Relazione tecnica di progetto» — Da correggere').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Completa integrazione' }).click();
    await section.getByText('mancano «Nome del progetto», «Progettista», «Relazione tecnica di progetto»', { exact: false }).waitFor();

    // The slot asked about takes a new file; the others stay closed.
    const slotBox = correction(page, /Allegato «Relazione tecnica di progetto»/);
    await slotBox.waitFor();
    const reportRow = page.getByRole('listitem', { name: /Relazione tecnica di progetto/ });
    const chooser = page.waitForEvent('filechooser');
    await reportRow.getByRole('button', { name: /Seleziona file/ }).click();
    await (await chooser).setFiles({ name: 'relazione-firmata.pdf', mimeType: 'application/pdf', buffer: pdf });
    await correction(page, /Allegato «Relazione tecnica di progetto» — Modificato/).waitFor();
    // The file stored under a correction is replaced, never removed (the round keeps the one before).
    const storedRow = page.getByRole('listitem', { name: /Relazione tecnica di progetto/ });
    await storedRow.getByText('relazione-firmata.pdf').waitFor();
    await expect(storedRow.getByRole('button', { name: /^Rimuovi/ }).count()).resolves.toBe(0);
    const replacer = page.waitForEvent('filechooser');
    await storedRow.getByRole('button', { name: 'Sostituisci il file: Relazione tecnica di progetto' }).click();
    await (await replacer).setFiles({ name: 'relazione-firmata-v2.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page
      .getByRole('listitem', { name: /Relazione tecnica di progetto/ })
      .getByText('relazione-firmata-v2.pdf')
      .waitFor();
    await correction(page, /Allegato «Relazione tecnica di progetto» — Modificato/).waitFor();
    await expect(
      page
        .getByRole('listitem', { name: /Piano economico-finanziario/ })
        .getByRole('button', { name: /Seleziona file/ })
        .count(),
    ).resolves.toBe(0);

    // The fields: only the two asked about can be typed in.
    await page
      .getByRole('button', { name: /Progetto/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Progetto' }).waitFor();
    const nameBox = correction(page, /Campo «Nome del progetto»/);
    await nameBox.getByText(OLD_NAME).first().waitFor();
    await expect(page.getByRole('textbox', { name: /Impresa esecutrice dei lavori/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
    await typeLikeAPerson(nameBox.getByRole('textbox', { name: /Nome del progetto/ }), NEW_NAME);
    await nameBox.getByRole('button', { name: 'Salva la correzione di «Nome del progetto»' }).click();
    await correction(page, /Campo «Nome del progetto».*Modificato/).waitFor();

    const designerBox = correction(page, /Campo «Progettista»/);
    await typeLikeAPerson(designerBox.getByRole('textbox', { name: /Nessuna modifica necessaria/ }), 'lo studio Rossi è già il capofila.');
    await designerBox.getByRole('button', { name: 'Invia la risposta' }).click();
    await correction(page, /Campo «Progettista».*Nessuna modifica necessaria/).waitFor();
    await expectAccessible(page);
  });

  it('once all three are answered the applicant completes', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/survey/PUI_candidatura?numberStep=4`);
    const section = page.getByRole('region', { name: 'Allegati Integrazione' });
    await section.getByText('Allegato «Relazione tecnica di progetto» — Modificato').waitFor();
    await page.getByRole('button', { name: 'Completa integrazione' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Completa Integrazione' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await page.getByText('Integrazione completata con successo!').waitFor();
  });

  it('the administrator reads the old and new values of the round', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}?numberStep=4`);
    await expectHeading(page, TITLE);
    const list = page.getByRole('region', { name: 'Allegati Integrazione' }).getByRole('region', { name: 'Cosa correggere' });
    const name = list.getByRole('listitem').filter({ hasText: 'Campo «Nome del progetto»' });
    await name.getByText(OLD_NAME).waitFor();
    await name.getByText(NEW_NAME).waitFor();
    const designer = list.getByRole('listitem').filter({ hasText: 'Campo «Progettista»' });
    await designer.getByText('lo studio Rossi è già il capofila.').waitFor();
    const report = list.getByRole('listitem').filter({ hasText: 'Allegato «Relazione tecnica di progetto»' });
    await report.getByText('relazione-firmata-v2.pdf').waitFor();
    // The timeline tells the same: each item as asked, then as answered, with the old and new values.
    const timeline = page.getByRole('list', { name: 'Cronologia della candidatura' });
    await timeline.getByText(`Campo «Nome del progetto» (passo Progetto): da «${OLD_NAME}» a «${NEW_NAME}»`).waitFor();
    await timeline.getByText('Allegato «Relazione tecnica di progetto»: da «Nessun file» a «relazione-firmata-v2.pdf»').waitFor();
    await timeline.getByText('Campo «Progettista» (passo Progetto): Indicate lo studio capofila.').waitFor();
    await expectAccessible(page);
  });
});
