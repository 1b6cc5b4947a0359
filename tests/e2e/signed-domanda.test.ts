import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentSlot } from '../../domain/attachments.ts';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { authorityPem, createAuthority, issueSigner, signCades, type TestAuthority } from '../support/signing.ts';
import { loginAsAdmin, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { signedInPerson } from './support/signedIn.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Issue 43 in the browser, with a portal that trusts one certification authority (SIGNATURE_TRUST_DIR), made by the
 * test: a complete application's submit step offers the Domanda with its SHA-256; the person downloads it, has it
 * signed (here the test signs it, as the legal representative's signing software would, CAdES), uploads the .p7m,
 * reads who signed, and hands over; the receipt names the signer, and so does the administrators' application page.
 * No trial certificate is offered once a trust list is configured. axe on every page.
 */
let authority: TestAuthority;
const e2e = usePortalAndBrowser(async () => {
  authority = await createAuthority({ name: 'Autorità di Firma di Test' });
  const trustDir = mkdtempSync(path.join(tmpdir(), 'pf-e2e-trust-'));
  writeFileSync(path.join(trustDir, 'autorita.pem'), authorityPem(authority));
  return startPortalWithDatabase({ SIGNATURE_TRUST_DIR: trustDir });
});
const stamp = Date.now();
const ORGANIZATION = 'Comune di Borgo Firmato';
const REPRESENTATIVE = {
  givenName: 'Mario',
  surname: 'Bianchi',
  fiscalCode: 'BNCMRA70C15H501Q',
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let context: BrowserContext;
let page: Page;
let organizationId: string;
let signedFile: Uint8Array;

/** The person's API calls, with the token the portal keeps in its cookie (of `browser`, else the first person's). */
async function api(
  pathAndQuery: string,
  init: {
    method?: string;
    body?: unknown;
    form?: ReturnType<typeof multipartForm>;
  } = {},
  browser: BrowserContext = context,
) {
  const token = decodeURIComponent((await browser.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);
  const response = await fetch(`${e2e.portal.url}${pathAndQuery}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.form ? { 'content-type': init.form.contentType } : init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.form ? new Uint8Array(init.form.body) : init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A file each mandatory slot accepts: a PDF, or a workbook for the Excel ones. */
async function fileFor(slot: AttachmentSlot): Promise<{ name: string; content: Buffer; contentType: string }> {
  if (slot.attachedType === 'Excel') {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Piano').addRow(['Voce', 'Importo']);
    return {
      name: 'piano.xlsx',
      content: Buffer.from(await workbook.xlsx.writeBuffer()),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
  return {
    name: 'documento.pdf',
    content: readFileSync(path.resolve('public/modelli/informativa-privacy.pdf')),
    contentType: 'application/pdf',
  };
}

/**
 * A person signed in, their organisation registered and its PUI application complete: filled in as the wizard's own
 * tests fill it (pui-application.test.ts), here stored through the same calls the wizard makes, so this file is about
 * the signature.
 */
async function personWithCompleteApplication(email: string, organization: Record<string, unknown>) {
  const person = await signedInPerson(
    (options) => e2e.newPage(options),
    e2e.portal,
    { firstName: 'Giulia', lastName: 'Rossi', email },
    { acceptDownloads: true },
  );
  const call = (pathAndQuery: string, init: Parameters<typeof api>[1] = {}) => api(pathAndQuery, init, person.context);
  const created = await call('/api/Organization/CreateOrganization', {
    method: 'POST',
    body: organizationPayload(organization),
  });
  const orgId = ((await created.json()) as { orgId: string }).orgId;
  await call('/api/DraftCompilazione/CreateDraftCompilazione', {
    method: 'POST',
    body: {
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      json: JSON.stringify(completePuiApplication(orgId)),
      organizationId: orgId,
    },
  });
  const slots = (await (await call(`/api/FileUpload/GetAttachmentTypes?orgId=${orgId}&callType=PUI`)).json()) as AttachmentSlot[];
  for (const slot of slots.filter((candidate) => candidate.mandatoryInput)) {
    const file = await fileFor(slot);
    const form = multipartForm([
      ['Nome', file.name],
      ['Descrizione', file.name],
      ['TipoFileId', String(slot.id)],
      ['OrgId', orgId],
      ['CallType', 'PUI'],
      ['File', file],
    ]);
    await call('/api/FileUpload/UploadFile', { method: 'POST', form });
  }
  return { ...person, organizationId: orgId };
}

/** The submit step of the person's PUI application. */
async function openSubmitStep(on: Page) {
  await on.goto(`${e2e.portal.url}/survey/PUI_candidatura`);
  await expectHeading(on, 'Candidatura Fondo Tematico Piani Urbani Integrati');
  await on
    .getByRole('navigation', { name: 'Passi della candidatura' })
    .getByRole('button', { name: /Invia Candidatura/ })
    .click();
  await on.getByRole('heading', { level: 2, name: 'Invia Candidatura' }).waitFor();
  return on.getByRole('region', { name: 'Firma digitale della domanda' });
}

/** Chooses the signed file in the section's slot, as the person picks it on their disk. */
async function uploadSigned(on: Page, section: ReturnType<Page['getByRole']>, name: string, content: Uint8Array) {
  const chooser = on.waitForEvent('filechooser');
  await section.getByRole('button', { name: /^(Carica|Sostituisci) il file firmato$/ }).click();
  await (
    await chooser
  ).setFiles({
    name,
    mimeType: 'application/pkcs7-mime',
    buffer: Buffer.from(content),
  });
}

beforeAll(async () => {
  ({ context, page, organizationId } = await personWithCompleteApplication(`giulia.rossi.firma.${stamp}@esempio.it`, {
    name: ORGANIZATION,
  }));
}, 120_000);
afterAll(async () => {
  await context?.close();
});

describe('the legal representative signs the Domanda, and the portal verifies it before the hand-over', () => {
  it('the submit step offers the Domanda to download, with its SHA-256, and no trial certificate', async () => {
    const section = await openSubmitStep(page);
    await section.getByText(/^Impronta SHA-256 della domanda: [0-9a-f]{64}$/).waitFor();
    await section.getByText('Firma il legale rappresentante: Mario Bianchi.').waitFor();
    await expect(section.getByRole('button', { name: 'Firma con certificato di prova' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Invia candidatura', exact: true }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page);
  });

  it('downloads the Domanda, signs it outside the portal and uploads the .p7m: the slot says who signed', async () => {
    const section = page.getByRole('region', {
      name: 'Firma digitale della domanda',
    });
    const shown = (await section.getByText(/^Impronta SHA-256 della domanda:/).textContent())!.split(': ')[1]!;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Scarica la domanda da firmare' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Domanda-PUI-\d{11}\.pdf$/);
    const domanda = new Uint8Array(readFileSync((await download.path())!));
    expect(sha256(domanda)).toBe(shown);
    // unpdf takes the bytes it is given (their buffer is detached): it reads a copy.
    const { text } = await extractText(new Uint8Array(domanda), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, ' ')).toContain(ORGANIZATION);

    // The legal representative's signing software: CAdES, the PDF enveloped, with a certificate naming their codice fiscale.
    signedFile = await signCades(domanda, await issueSigner(authority, REPRESENTATIVE));
    const chooser = page.waitForEvent('filechooser');
    await section.getByRole('button', { name: 'Carica il file firmato' }).click();
    await (
      await chooser
    ).setFiles({
      name: `${download.suggestedFilename()}.p7m`,
      mimeType: 'application/pkcs7-mime',
      buffer: Buffer.from(signedFile),
    });
    await section.getByText('Firma verificata', { exact: true }).waitFor();
    await section.getByText('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)').waitFor();
    await section.getByText('Autorità di Firma di Test').waitFor();
    await section.getByText('CAdES (.p7m)').waitFor();
    await expect(section.getByText('firma di prova, senza valore legale').count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('hands over, and the receipt names the signer and the signed file', async () => {
    await page.getByRole('button', { name: 'Invia candidatura', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await page.waitForURL(/\/candidaturaCompletata\?ricevuta=[0-9a-f-]{36}$/);
    await expectHeading(page, 'Candidatura inviata!');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica ricevuta' }).click()]);
    const { text } = await extractText(new Uint8Array(readFileSync((await download.path())!)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Domanda firmata digitalmente');
    expect(flat).toContain('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)');
    expect(flat).toContain(sha256(signedFile));
    expect(flat).not.toContain('firma di prova');
    await expectAccessible(page);
  });

  it('the administrator reads who signed on the application page and downloads the signed file', async () => {
    const admin = await e2e.newPage({ acceptDownloads: true });
    await loginAsAdmin(admin.page, e2e.portal.url);
    await admin.page.goto(`${e2e.portal.url}/admin-organization/survey-pui/${organizationId}`);
    const panel = admin.page.getByRole('region', {
      name: 'Domanda firmata digitalmente',
    });
    await panel.getByText('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)').waitFor();
    await panel.getByText('Firma verificata', { exact: true }).waitFor();
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Scarica il file firmato' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.p7m$/);
    expect(sha256(new Uint8Array(readFileSync((await download.path())!)))).toBe(sha256(signedFile));
    await expectAccessible(admin.page);
    await admin.context.close();
  });
});

describe('an organisation whose two legal representatives sign together (firma congiunta)', () => {
  const LUCIA = {
    givenName: 'Lucia',
    surname: 'Verdi',
    fiscalCode: 'VRDLCU75C52H501X',
  };
  let joint: Awaited<ReturnType<typeof personWithCompleteApplication>>;
  let domanda: Uint8Array;

  afterAll(async () => {
    await joint?.context.close();
  });

  it('the submit step says both must sign; one signature alone is refused with the reason, beside the slot', async () => {
    joint = await personWithCompleteApplication(`giulia.rossi.congiunta.${stamp}@esempio.it`, {
      name: 'Unione dei Comuni della Valle Firmata',
      secondoLegaleRappresentanteNome: LUCIA.givenName,
      secondoLegaleRappresentanteCognome: LUCIA.surname,
      secondoLegaleRappresentanteCodiceFiscale: LUCIA.fiscalCode,
      firmaCongiunta: true,
    });
    const section = await openSubmitStep(joint.page);
    await section
      .getByText(
        'Rappresentanza congiunta: firmano entrambi i legali rappresentanti, Mario Bianchi e Lucia Verdi, sullo stesso file (firme parallele).',
      )
      .waitFor();
    const [download] = await Promise.all([
      joint.page.waitForEvent('download'),
      section.getByRole('button', { name: 'Scarica la domanda da firmare' }).click(),
    ]);
    domanda = new Uint8Array(readFileSync((await download.path())!));
    const { text } = await extractText(new Uint8Array(domanda), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, ' ')).toContain('I sottoscritti Mario Bianchi');

    await uploadSigned(joint.page, section, 'domanda-mario.p7m', await signCades(domanda, await issueSigner(authority, REPRESENTATIVE)));
    await section.getByText(/^La rappresentanza dell.organizzazione è congiunta: la domanda deve essere firmata da entrambi/).waitFor();
    await expect(section.getByText('Firma verificata', { exact: true }).count()).resolves.toBe(0);
    await expect(joint.page.getByRole('button', { name: 'Invia candidatura', exact: true }).isDisabled()).resolves.toBe(true);
    await expectAccessible(joint.page);
  });

  it('the file both signed in parallel passes, names both, and the hand-over is open', async () => {
    const section = joint.page.getByRole('region', {
      name: 'Firma digitale della domanda',
    });
    const both = await signCades(domanda, [await issueSigner(authority, REPRESENTATIVE), await issueSigner(authority, LUCIA)]);
    await uploadSigned(joint.page, section, 'domanda-firmata.p7m', both);
    await section.getByText('Firma verificata', { exact: true }).waitFor();
    await section.getByText('Mario Bianchi (codice fiscale BNCMRA70C15H501Q)').waitFor();
    await section.getByText('Lucia Verdi (codice fiscale VRDLCU75C52H501X)').waitFor();
    await expect(joint.page.getByRole('button', { name: 'Invia candidatura', exact: true }).isEnabled()).resolves.toBe(true);
    await expectAccessible(joint.page);
  });
});
