import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { loginAsAdmin } from './support/applicationsPortal.ts';
import { signedInPerson } from './support/signedIn.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { typeLikeAPerson } from './support/typing.ts';

/**
 * The squatting scenario of issue 42: person A registered P.IVA X; person B types X, is told it is registered and
 * asks to join with a reason; A accepts (B is then a Compilatore of X), or refuses (B sees the refusal and still
 * nothing of X), or A is gone and the platform administrator decides from the admin panel and makes B the Referente.
 */
const e2e = usePortalAndBrowser();
const REASON = 'Sono la responsabile amministrativa del comune: devo presentare la candidatura.';
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

let people = 0;
async function person(firstName: string, lastName: string) {
  people += 1;
  const email = `${firstName}.${lastName}.${people}.${Date.now()}@esempio.it`.toLowerCase();
  const { context, page, token } = await signedInPerson(
    (options) => e2e.newPage(options),
    e2e.portal,
    { firstName, lastName, email },
    {
      viewport: { width: 1280, height: 900 },
    },
  );
  contexts.push(context);
  // Signed in with no organisation: the portal opens on /flow-organization, where a P.IVA is typed.
  await page.goto(`${e2e.portal.url}/`);
  await page.waitForURL(`${e2e.portal.url}/flow-organization`);
  return { context, page, email, token };
}

type Person = Awaited<ReturnType<typeof person>>;

/** A registers an organisation (as the registration form sends it): its id and P.IVA. */
async function registerOrganization(owner: Person, name: string) {
  const payload = organizationPayload({ name });
  const response = await fetch(`${e2e.portal.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { orgId: string }).orgId, pIva: payload.pIva, name };
}

/** What the server answers B about the organisation: its role in it, or 404. */
async function roleOf(someone: Person, organizationId: string): Promise<string | number> {
  const response = await fetch(`${e2e.portal.url}/api/Organization/GetOrganizationById?id=${organizationId}`, {
    headers: { authorization: `Bearer ${someone.token}` },
  });
  return response.ok ? ((await response.json()) as { myRole: string }).myRole : response.status;
}

/** B types X key by key on /flow-organization, is offered to ask, and sends a request with a reason. */
async function askToJoin(page: Page, organization: { pIva: string; name: string }) {
  await expectHeading(page, 'Collega la tua organizzazione');
  await typeLikeAPerson(page.getByRole('textbox', { name: 'Partita IVA' }), organization.pIva);
  await page.getByRole('button', { name: 'Conferma' }).click();
  await page.getByText('La P.IVA inserita risulta già registrata nella piattaforma').waitFor();
  await page.getByText('Inserisci un altro codice p.iva per proseguire').waitFor();
  await page.getByText(organization.name).waitFor();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Richiedi di entrare nell’organizzazione' }).click();
  const reason = page.getByRole('textbox', { name: 'Motivo della richiesta' });
  // The box the person is to fill takes the focus.
  await expect(reason.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  await typeLikeAPerson(reason, 'Io');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await page.getByText('Il motivo deve contenere almeno 10 caratteri.').waitFor();
  await expect(reason.getAttribute('aria-invalid')).resolves.toBe('true');
  await expectAccessible(page);

  await typeLikeAPerson(reason, REASON);
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await page.getByText('Richiesta inviata').waitFor();
  const mine = page.getByRole('region', { name: 'Le tue richieste di adesione' });
  await mine.getByText(`${organization.name}: In attesa`).waitFor();
  await expectAccessible(page);
}

/** Accetta or Rifiuta on B's row, then the confirmation (with a note when given). */
async function decide(page: Page, decision: 'Accetta' | 'Rifiuta', requester: string, note?: string) {
  const list = page.getByRole('region', { name: 'Richieste di adesione' });
  await list.getByRole('cell', { name: REASON }).waitFor();
  await expectAccessible(page);
  await list.getByRole('button', { name: `${decision} ${requester}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  if (note) await typeLikeAPerson(dialog.getByRole('textbox', { name: 'Nota per il richiedente (facoltativa)' }), note);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Conferma' }).click();
  await dialog.waitFor({ state: 'detached' });
  await list
    .getByText(decision === 'Accetta' ? `Richiesta accettata: ${requester}` : `Richiesta di ${requester}`)
    .first()
    .waitFor();
  await list.getByText('Non ci sono richieste di adesione in attesa.').waitFor();
}

describe('claiming a registered P.IVA', () => {
  it('A accepts: B is a Compilatore of X', async () => {
    const a = await person('Andrea', 'Alfieri');
    const x = await registerOrganization(a, 'Comune di Rocca Contesa');
    const b = await person('Bianca', 'Neri');
    await askToJoin(b.page, x);
    expect(await roleOf(b, x.id)).toBe(404);

    await a.page.goto(`${e2e.portal.url}/your-organization/${x.id}`);
    await expectHeading(a.page, x.name);
    await decide(a.page, 'Accetta', 'Bianca Neri');

    await b.page.reload();
    await b.page.goto(`${e2e.portal.url}/your-organization/${x.id}`);
    await expectHeading(b.page, x.name);
    expect(await roleOf(b, x.id)).toBe('editor');
    // A Compilatore does not decide requests: the section is not theirs.
    await expect(b.page.getByRole('region', { name: 'Richieste di adesione' }).count()).resolves.toBe(0);
    await expectAccessible(b.page);
  });

  it('A refuses with a note: B sees the refusal, and still nothing of X', async () => {
    const a = await person('Andrea', 'Alfieri');
    const x = await registerOrganization(a, 'Comune di Valle Negata');
    const b = await person('Bianca', 'Neri');
    await askToJoin(b.page, x);

    await a.page.goto(`${e2e.portal.url}/your-organization/${x.id}`);
    await decide(a.page, 'Rifiuta', 'Bianca Neri', 'Non risulti tra i dipendenti del comune.');

    await b.page.reload();
    const mine = b.page.getByRole('region', { name: 'Le tue richieste di adesione' });
    await mine.getByText(`${x.name}: Rifiutata`).waitFor();
    await mine.getByText('Nota: Non risulti tra i dipendenti del comune.').waitFor();
    await expectAccessible(b.page);
    expect(await roleOf(b, x.id)).toBe(404);
    await b.page.goto(`${e2e.portal.url}/your-organization/${x.id}`);
    await b.page.getByText('Organizzazione non trovata.').waitFor();
    await expect(b.page.getByRole('heading', { level: 1, name: x.name }).count()).resolves.toBe(0);
  });

  it('A is gone: the platform administrator decides from the admin panel and moves the Referente’s role to B', async () => {
    const a = await person('Andrea', 'Alfieri');
    const x = await registerOrganization(a, 'Comune di Monte Abbandonato');
    await a.context.close();
    const b = await person('Bianca', 'Neri');
    await askToJoin(b.page, x);

    const { context, page } = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    await loginAsAdmin(page, e2e.portal.url);
    const list = page.getByRole('region', { name: 'Richieste di adesione' });
    const row = list.getByRole('row').filter({ hasText: x.name });
    await row.getByText(b.email).waitFor();
    await decide(page, 'Accetta', 'Bianca Neri');
    expect(await roleOf(b, x.id)).toBe('editor');

    // A is not coming back: the administrator moves the Referente's role to B, with a reason.
    await page.goto(`${e2e.portal.url}/admin-organization/${x.id}`);
    await expectHeading(page, x.name);
    const section = page.getByRole('region', { name: 'Gestione dell’organizzazione' });
    await section.getByRole('button', { name: 'Nomina Referente' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Membro/ }).click();
    await page.getByRole('option', { name: new RegExp(b.email.replace(/[.]/g, '\\.')) }).click();
    await dialog.getByText('Gli attuali Referenti diventano Compilatori').click();
    await typeLikeAPerson(dialog.getByRole('textbox', { name: /Motivo/ }), 'Il referente precedente non lavora più per il comune.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Bianca Neri è ora Referente dell’organizzazione.').waitFor();
    expect(await roleOf(b, x.id)).toBe('admin');
    expect(await roleOf(a, x.id)).toBe('editor');

    // B now manages X: the requests, the members and the profile are hers.
    await b.page.goto(`${e2e.portal.url}/your-organization/${x.id}`);
    await expectHeading(b.page, x.name);
    await b.page.getByRole('region', { name: 'Richieste di adesione' }).waitFor();
    await b.page.getByRole('button', { name: 'Modifica Telefono' }).waitFor();
    await expectAccessible(b.page);
  });
});
