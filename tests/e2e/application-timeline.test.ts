import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { horizontalOverflow } from './support/reflow.ts';
import { signedInPerson } from './support/signedIn.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Issue 44 in Chromium with axe: the administrator writes a private note on the application page and reads it in the
 * application's timeline beside the status change they made; the applicant opens «Cronologia della candidatura» on
 * the fund card and reads the same story without the note and with «Amministrazione» for the administrator.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
const stamp = Date.now();
const ORGANIZATION = 'Comune di Val Cronologia';
const TITLE = 'Candidatura Fondo Tematico Piani Urbani Integrati';
const NOTE = 'Sentito il referente: la planimetria arriva entro lunedì.';
const STATUS_NOTE = 'Presa in carico dalla commissione';

let applicant: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let organizationId: string;
let applicationId: string;

const tokenOf = async (context: BrowserContext) =>
  decodeURIComponent((await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);

beforeAll(async () => {
  applicant = await signedInPerson((options) => e2e.newPage(options), e2e.portal, {
    firstName: 'Marta',
    lastName: 'Verdi',
    email: `marta.verdi.${stamp}@esempio.it`,
  });
  const headers = { authorization: `Bearer ${await tokenOf(applicant.context)}`, 'content-type': 'application/json' };
  const created = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers,
    body: JSON.stringify(organizationPayload({ name: ORGANIZATION })),
  });
  expect(created.status).toBe(201);
  organizationId = ((await created.json()) as { orgId: string }).orgId;
  const draft = await fetch(`${e2e.portal.url}/api/DraftCompilazione/CreateDraftCompilazione`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      json: JSON.stringify(completePuiApplication(organizationId)),
      organizationId,
    }),
  });
  expect(draft.ok).toBe(true);
  applicationId = await e2e.portal.forceStatus(organizationId, 'PUI', 'CANDIDATURA_SOTTOMESSA', new Date());
  admin = await e2e.newPage();
  await loginAsAdmin(admin.page, e2e.portal.url);
  // The administrator takes the application into review, with a note the applicant is told.
  const query = new URLSearchParams({ puiId: applicationId, status: 'In valutazione', note: STATUS_NOTE });
  const evaluated = await fetch(`${e2e.portal.url}/api/Pui/UpdatePuiCompilazioneStatus?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(admin.context)}` },
  });
  expect(evaluated.status).toBe(200);
}, 180_000);
afterAll(async () => {
  await applicant?.context.close();
});

describe('one timeline per application', () => {
  it('the administrator writes a private note and reads it in the timeline, after the status change', async () => {
    const { page } = admin;
    await page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    await expectHeading(page, TITLE);
    const notes = page.getByRole('region', { name: 'Note interne' });
    await notes.getByText('Nessuna nota interna.').waitFor();
    // A blank note is refused before anything is sent, under the field.
    await notes.getByRole('button', { name: 'Salva nota' }).click();
    await notes.getByText('Scrivere il testo della nota.').waitFor();
    await typeLikeAPerson(notes.getByRole('textbox', { name: 'Nuova nota interna' }), NOTE);
    await notes.getByRole('button', { name: 'Salva nota' }).click();
    await notes.getByText('Nota salvata.').waitFor();
    const written = notes.getByRole('list', { name: 'Note interne' }).getByRole('listitem');
    await expect(written.count()).resolves.toBe(1);
    await expect(written.first().textContent()).resolves.toContain(NOTE);
    // Its author may rewrite it for 15 minutes.
    await written
      .first()
      .getByRole('button', { name: /^Modifica/ })
      .waitFor();

    const timeline = page.getByRole('list', { name: 'Cronologia della candidatura' });
    await timeline.getByText(NOTE).waitFor();
    const items = await timeline.getByRole('listitem').allTextContents();
    const changed = items.findIndex((text) => text.includes('Stato cambiato da «Candidatura Sottomessa» a «In valutazione»'));
    const noted = items.findIndex((text) => text.includes(NOTE));
    expect(items[0]).toContain('Bozza iniziata');
    expect(changed).toBeGreaterThan(0);
    expect(items[changed]).toContain(STATUS_NOTE);
    expect(noted).toBeGreaterThan(changed);
    expect(items[noted]).toContain('Nota interna');
    await expectAccessible(page);
    // WCAG 1.4.10: at 320 px the notes and the timeline reflow, nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(horizontalOverflow(page)).resolves.toMatchObject({ documentScrolls: false, stickingOut: [], scrollingUnmarked: [] });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('the applicant opens the card’s timeline: the same story, without the note or the administrator’s name', async () => {
    const { page } = applicant;
    await page.goto(`${e2e.portal.url}/calls`);
    const card = page.getByRole('article', { name: 'Fondo Tematico Piani Urbani Integrati' });
    await card.waitFor();
    const opener = card.getByText('Cronologia della candidatura', { exact: true });
    // Closed at first, its content not loaded; opened from the keyboard.
    await expect(card.getByRole('list', { name: 'Cronologia della candidatura' }).count()).resolves.toBe(0);
    await opener.focus();
    await page.keyboard.press('Enter');
    const timeline = card.getByRole('list', { name: 'Cronologia della candidatura' });
    await timeline.getByText('Bozza iniziata').waitFor();
    const items = await timeline.getByRole('listitem').allTextContents();
    const changed = items.find((text) => text.includes('Stato cambiato da «Candidatura Sottomessa» a «In valutazione»'));
    expect(changed).toContain('Amministrazione');
    expect(changed).toContain(STATUS_NOTE);
    expect(items.join('\n')).not.toContain(NOTE);
    expect(items.join('\n')).not.toContain('Nota interna');
    expect(items.join('\n')).not.toContain('Amministratore');
    await expectAccessible(page);
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(horizontalOverflow(page)).resolves.toMatchObject({ documentScrolls: false, stickingOut: [], scrollingUnmarked: [] });
  });
});
