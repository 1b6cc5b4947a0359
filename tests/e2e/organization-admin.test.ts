import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspensionMessages } from '../../domain/messages/suspension.ts';
import type { OrganizationDetail } from '../../domain/organization.ts';
import { loginAsAdmin, signInApplicant } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { typeLikeAPerson } from './support/typing.ts';

/**
 * Issue 42, in Chromium: the platform administrator suspends an organisation with a reason; its member sees the
 * banner with the reason on every page and finds nothing to change; the administrator gives it back and the member saves. Then
 * the administrator adds a person by e-mail and makes them the Referente, moving the role.
 */

const e2e = usePortalAndBrowser();
const stamp = Date.now();
const anna = { firstName: 'Anna', lastName: 'Montesi', email: `anna.montesi.${stamp}@esempio.it` };
const bruno = { firstName: 'Bruno', lastName: 'Valli', email: `bruno.valli.${stamp}@esempio.it` };
const organizationName = 'Comune di Montesole';
const SUSPENSION = 'La P.IVA è contestata da un altro ente: verifica in corso.';
const RESTORATION = 'Titolarità verificata con la Camera di commercio.';

let annaContext: BrowserContext;
let annaPage: Page;
let adminContext: BrowserContext;
let adminPage: Page;
let organizationId: string;

async function annaToken(): Promise<string> {
  return decodeURIComponent((await annaContext.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);
}

async function stored(): Promise<OrganizationDetail> {
  const response = await fetch(`${e2e.portal.url}/api/Organization/GetOrganizationById?id=${organizationId}`, {
    headers: { authorization: `Bearer ${await annaToken()}` },
  });
  return (await response.json()) as OrganizationDetail;
}

const section = () => adminPage.getByRole('region', { name: 'Gestione dell’organizzazione' });
const dialog = () => adminPage.getByRole('dialog');
const history = () => adminPage.getByRole('table', { name: 'Storico dell’organizzazione' });
const banner = (page: Page) => page.getByRole('region', { name: `L’organizzazione «${organizationName}» è sospesa` });

/** Opens an act's dialog, types the reason a key at a time and confirms; waits for the dialog to close. */
async function act(button: string, reason: string, fill?: () => Promise<void>) {
  await section().getByRole('button', { name: button }).click();
  await dialog().waitFor();
  await fill?.();
  await typeLikeAPerson(dialog().getByRole('textbox', { name: /Motivo/ }), reason);
  await dialog().getByRole('button', { name: 'Conferma' }).click();
  await dialog().waitFor({ state: 'detached' });
}

async function saveTelephone(page: Page, value: string) {
  await page.getByRole('button', { name: 'Modifica Telefono' }).click();
  await typeLikeAPerson(page.getByRole('textbox', { name: 'Telefono' }), value);
  await page.getByRole('button', { name: 'Salva Telefono' }).click();
}

describe('the platform administrator puts an organisation right', () => {
  beforeAll(async () => {
    ({ context: annaContext, page: annaPage } = await e2e.newPage());
    ({ context: adminContext, page: adminPage } = await e2e.newPage());
    const ids = await signInApplicant(annaPage, annaContext, e2e.portal, { ...anna, organizations: [organizationName] });
    organizationId = ids[organizationName]!;
    const { context: brunoContext, page: brunoPage } = await e2e.newPage();
    await signInApplicant(brunoPage, brunoContext, e2e.portal, { ...bruno, organizations: [] });
    await brunoContext.close();
    await loginAsAdmin(adminPage, e2e.portal.url);
  }, 120_000);
  afterAll(async () => {
    await annaContext?.close();
    await adminContext?.close();
  });

  it('the administrator suspends the organisation: a reason is required, the status and the history say so', async () => {
    await adminPage.goto(`${e2e.portal.url}/admin-organization/${organizationId}`);
    await expectHeading(adminPage, organizationName);
    await section().getByText('Stato: Attiva').waitFor();
    await expectAccessible(adminPage);

    // Escape closes a dialog and gives the focus back to the button that opened it.
    const suspend = section().getByRole('button', { name: 'Sospendi l’organizzazione' });
    await suspend.click();
    await dialog().waitFor();
    await expectAccessible(adminPage);
    await adminPage.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await expect(suspend.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // Conferma without a reason: the dialog says what is missing, nothing is sent.
    await suspend.click();
    await dialog().getByRole('button', { name: 'Conferma' }).click();
    await dialog().getByText('Indicare il motivo').waitFor();
    await expect(
      dialog()
        .getByRole('textbox', { name: /Motivo/ })
        .getAttribute('aria-invalid'),
    ).resolves.toBe('true');
    await expect(stored().then((detail) => detail.status)).resolves.toBe('active');
    await typeLikeAPerson(dialog().getByRole('textbox', { name: /Motivo/ }), SUSPENSION);
    await dialog().getByRole('button', { name: 'Conferma' }).click();
    await dialog().waitFor({ state: 'detached' });

    await section().getByText('L’organizzazione è stata sospesa.').waitFor();
    await section().getByText('Stato: Sospesa').waitFor();
    await section().getByText(`Motivo della sospensione: ${SUSPENSION}`).waitFor();
    const line = history().getByRole('row', { name: /Sospensione dell’organizzazione/ });
    await line.getByText(SUSPENSION).waitFor();
    await line.getByText(/L’amministrazione del portale/).waitFor();
    await expectAccessible(adminPage);
    await expect(stored()).resolves.toMatchObject({ status: 'suspended', suspensionReason: SUSPENSION });

    // The admin list marks it; its link leads back to the page.
    await adminPage.goto(`${e2e.portal.url}/admin-panel`);
    const row = adminPage.getByRole('row').filter({ hasText: organizationName });
    await row.getByText('Sospesa', { exact: true }).waitFor();
    await row.getByRole('link', { name: organizationName }).click();
    await expectHeading(adminPage, organizationName);
    await section().getByText('Stato: Sospesa').waitFor();
  });

  it('the member sees the banner with the reason on every page, and nothing offers to change', async () => {
    await annaPage.goto(`${e2e.portal.url}/calls`);
    await banner(annaPage).getByText(`Motivo: ${SUSPENSION}`).waitFor();
    await expectAccessible(annaPage);

    await annaPage.goto(`${e2e.portal.url}/your-organization/${organizationId}`);
    await expectHeading(annaPage, organizationName);
    await banner(annaPage).waitFor();
    // The Referente reads the history of their organisation too, and finds no control to change the profile.
    await annaPage.getByRole('table', { name: 'Storico dell’organizzazione' }).getByText(SUSPENSION).waitFor();
    await expect(annaPage.getByRole('button', { name: 'Modifica Telefono' }).count()).resolves.toBe(0);
    await expectAccessible(annaPage);

    // The application is shown as it is, read-only, and says why.
    await annaPage.goto(`${e2e.portal.url}/survey/TUR_candidatura`);
    await banner(annaPage).waitFor();
    await annaPage.getByText(suspensionMessages.readOnly).waitFor();
    await expectAccessible(annaPage);
    await expect(stored().then((detail) => detail.canEdit)).resolves.toBe(false);
  });

  it('the administrator gives it back; the banner is gone and the member saves', async () => {
    await act('Riattiva l’organizzazione', RESTORATION);
    await section().getByText('L’organizzazione è stata riattivata.').waitFor();
    await section().getByText('Stato: Attiva').waitFor();
    await history()
      .getByRole('row', { name: /Riattivazione dell’organizzazione/ })
      .getByText(RESTORATION)
      .waitFor();

    await annaPage.goto(`${e2e.portal.url}/your-organization/${organizationId}`);
    await expectHeading(annaPage, organizationName);
    await expect(banner(annaPage).count()).resolves.toBe(0);
    await saveTelephone(annaPage, '0698765432');
    await annaPage.getByRole('status').filter({ hasText: 'Valori aggiornati con successo' }).waitFor();
    await expect.poll(async () => (await stored()).telephone).toBe('0698765432');
  });

  it('the administrator adds a person by e-mail, then makes them the Referente, moving the role', async () => {
    await act('Aggiungi un membro', 'Richiesta scritta del sindaco del 4 dicembre.', async () => {
      await typeLikeAPerson(dialog().getByRole('textbox', { name: /E-mail della persona/ }), bruno.email);
    });
    await section().getByText(`${bruno.email} è stato aggiunto all’organizzazione.`).waitFor();
    await expect
      .poll(async () => (await stored()).members.map((member) => [member.email, member.role]))
      .toEqual([
        [anna.email, 'admin'],
        [bruno.email, 'editor'],
      ]);

    await act('Nomina Referente', 'Passaggio di consegne deciso dalla giunta.', async () => {
      await dialog()
        .getByRole('button', { name: /Membro/ })
        .click();
      await adminPage.getByRole('option', { name: new RegExp(bruno.email.replace(/[.]/g, '\\.')) }).click();
      await dialog().getByText('Gli attuali Referenti diventano Compilatori').click();
    });
    await section().getByText('Bruno Valli è ora Referente dell’organizzazione.').waitFor();
    await expect
      .poll(async () => (await stored()).members.map((member) => [member.email, member.role]))
      .toEqual([
        [anna.email, 'editor'],
        [bruno.email, 'admin'],
      ]);
    await history()
      .getByRole('row', { name: /Ruolo di Referente passato a Bruno Valli/ })
      .waitFor();
    await history()
      .getByRole('row', { name: /Aggiunta di Bruno Valli/ })
      .waitFor();
    await expectAccessible(adminPage);
  });
});
