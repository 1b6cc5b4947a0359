import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domandaSignatureSchema, domandaStatusSchema, type DomandaStatus } from '../../domain/domandaSignature.ts';
import { domandaSignatureMessages as m } from '../../domain/messages/domandaSignature.ts';
import { signatureChecksMessages } from '../../domain/messages/signatureChecks.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization, personWithRole } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { downloadDomanda, uploadSignedDomanda } from '../support/signedDomandaUpload.ts';
import {
  authorityPem,
  createAuthority,
  editedAfterSigning,
  fiscalCode,
  issueSigner,
  makeDomanda,
  signCades,
  signPades,
  type TestAuthority,
  type TestSigner,
} from '../support/signing.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { zipEntries } from '../support/zipEntries.ts';

/**
 * Issue 43, through the real server: the Domanda of a complete application, the signed file verified on upload
 * (each refusal naming its check), the hand-over refused until the legal representative has signed exactly what is
 * handed over, and what was verified on the receipt, in the administrators' zip and Excel. The certification
 * authorities and certificates are made by the test; the portal trusts only the one its SIGNATURE_TRUST_DIR holds.
 */

const PUI_REPORT = 103;
const REPRESENTATIVE = { givenName: 'Mario', surname: 'Bianchi', fiscalCode: 'BNCMRA70C15H501Q' };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let t: TestApp;
let authority: TestAuthority;
let representative: TestSigner;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let draftVersion: number;

const statusOf = async (token = owner.token, orgId = owner.orgId): Promise<DomandaStatus> => {
  const response = await t.get(`/api/Domanda/GetDomandaStatus?${new URLSearchParams({ orgId, callType: 'PUI' })}`, token);
  expect(response.statusCode).toBe(200);
  return domandaStatusSchema.parse(response.json());
};
const upload = (name: string, content: Uint8Array, token = owner.token) =>
  uploadSignedDomanda(t, token, owner.orgId, 'PUI', { name, content });
const submit = (values = completePuiApplication(owner.orgId)) => t.post('/api/Pui/CreatePui', values, owner.token);
const refusal = (response: { statusCode: number; json(): unknown }) => ({ status: response.statusCode, body: response.json() });

async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  authority = await createAuthority({ name: 'Autorità di Test Qualificata' });
  representative = await issueSigner(authority, REPRESENTATIVE);
  const trustDir = mkdtempSync(path.join(tmpdir(), 'pf-trust-'));
  writeFileSync(path.join(trustDir, 'test-ca.pem'), authorityPem(authority));
  // The report is the one file uploaded: the other mandatory slots are not what this suite is about.
  t = await createTestApp({ signatureRequired: true, env: { SIGNATURE_TRUST_DIR: trustDir }, missingRequiredAttachments: async () => [] });
  owner = await personWithOrganization(t, { name: 'Comune di Forlì' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
}, 120_000);
afterAll(() => t.close());

describe('before the application is complete', () => {
  it('there is no Domanda yet: the status says why, the download is refused, the hand-over needs the signature', async () => {
    const status = await statusOf();
    expect(status).toMatchObject({
      signatureRequired: true,
      domanda: null,
      notReadyReason: m.notReady,
      signature: null,
      trialSigning: false,
    });
    const download = await t.get(`/api/Domanda/DownloadDomanda?orgId=${owner.orgId}&callType=PUI`, owner.token);
    expect(refusal(download)).toEqual({ status: 409, body: { error: 'domanda_not_ready', message: m.notReady } });
  });
});

describe('the Domanda of a complete application', () => {
  beforeAll(async () => {
    const saved = await saveDraft(t, owner.token, owner.orgId, 'PUI', completePuiApplication(owner.orgId));
    expect(saved.statusCode).toBe(200);
    draftVersion = saved.json().version;
    const report = { name: 'relazione tecnica.pdf', content: samplePdf('Relazione tecnica') };
    expect((await uploadAttachment(t, owner.token, report, { orgId: owner.orgId, callType: 'PUI', typeId: PUI_REPORT })).statusCode).toBe(
      200,
    );
  });

  it('is downloadable, the same bytes every time, its SHA-256 the one the status shows', async () => {
    const status = await statusOf();
    expect(status.domanda).not.toBeNull();
    const first = await downloadDomanda(t, owner.token, owner.orgId, 'PUI');
    const second = await downloadDomanda(t, owner.token, owner.orgId, 'PUI');
    expect(Buffer.compare(first, second)).toBe(0);
    expect(sha256(first)).toBe(status.domanda!.sha256);
    const text = await pdfText(first);
    expect(text).toContain('Mario Bianchi');
    expect(text).toContain(REPRESENTATIVE.fiscalCode);
    expect(text).toContain('relazione tecnica.pdf');
    expect(text).toContain(sha256(samplePdf('Relazione tecnica')));
  });

  it('the hand-over is refused while nobody has signed it', async () => {
    expect(refusal(await submit())).toEqual({ status: 409, body: { error: 'signature_required', message: m.signatureMissing } });
  });

  it('a signed file that does not pass is refused naming the check, and nothing is kept', async () => {
    const domanda = await downloadDomanda(t, owner.token, owner.orgId, 'PUI');
    const stranger = await issueSigner(authority, { givenName: 'Luca', surname: 'Neri', fiscalCode: fiscalCode('NRELCU80A01H501') });
    const expired = await issueSigner(authority, {
      ...REPRESENTATIVE,
      notBefore: new Date(Date.now() - 400 * 24 * 3600 * 1000),
      notAfter: new Date(Date.now() - 24 * 3600 * 1000),
    });
    const unknownAuthority = await createAuthority({ name: 'Autorità Sconosciuta' });
    const unknown = await issueSigner(unknownAuthority, REPRESENTATIVE);
    const cases: [string, Uint8Array, string][] = [
      ['altro.pdf.p7m', await signCades(await makeDomanda('Un altro documento'), representative), 'different_document'],
      ['persona.pdf.p7m', await signCades(domanda, stranger), 'not_legal_representative'],
      ['scaduto.pdf.p7m', await signCades(domanda, expired), 'certificate_not_valid'],
      ['sconosciuta.pdf.p7m', await signCades(domanda, unknown), 'untrusted_authority'],
      ['modificato.pdf', await editedAfterSigning(await signPades(domanda, representative)), 'pdf_modified'],
      ['domanda.pdf', domanda, 'not_signed'],
    ];
    for (const [name, file, code] of cases) {
      const response = await upload(name, file);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toEqual({
        error: code,
        message: signatureChecksMessages[code as keyof typeof signatureChecksMessages],
      });
    }
    expect((await statusOf()).signature).toBeNull();
  });

  it('a CAdES file signed by the legal representative is accepted, with what was verified', async () => {
    const domanda = await downloadDomanda(t, owner.token, owner.orgId, 'PUI');
    const signed = await signCades(domanda, representative);
    const response = await upload('Domanda-PUI.pdf.p7m', signed);
    expect(response.statusCode).toBe(200);
    const signature = domandaSignatureSchema.parse(response.json());
    expect(signature).toMatchObject({
      format: 'CAdES',
      trial: false,
      stale: false,
      fileName: 'Domanda-PUI.pdf.p7m',
      size: signed.byteLength,
      sha256: sha256(signed),
      signers: [
        {
          name: 'Mario Bianchi',
          fiscalCode: REPRESENTATIVE.fiscalCode,
          issuer: 'Autorità di Test Qualificata',
          signingTime: expect.any(String),
        },
      ],
    });
    expect((await statusOf()).signature).toEqual(signature);
    // The same file downloads back, for the members and the administrators; another organisation hears 404.
    for (const token of [owner.token, admin.token]) {
      const back = await t.get(`/api/Domanda/DownloadSignedDomanda?applicationId=${signature.applicationId}`, token);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe('application/pkcs7-mime');
      expect(Buffer.compare(back.rawPayload, Buffer.from(signed))).toBe(0);
    }
    const theirs = await t.get(`/api/Domanda/DownloadSignedDomanda?applicationId=${signature.applicationId}`, stranger.token);
    const missing = await t.get('/api/Domanda/DownloadSignedDomanda?applicationId=00000000-0000-4000-8000-000000000000', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await t.get(`/api/Domanda/GetDomandaStatus?orgId=${owner.orgId}&callType=PUI`, stranger.token)).statusCode).toBe(404);
  });

  it('a refused file leaves the signature kept before as it was', async () => {
    const before = (await statusOf()).signature;
    expect((await upload('altro.p7m', await signCades(await makeDomanda(), representative))).statusCode).toBe(422);
    expect((await statusOf()).signature).toEqual(before);
  });

  it('a Sola lettura member may not upload; the trial authority is not offered once a trust list is configured', async () => {
    const viewer = await personWithRole(t, owner.orgId, 'viewer');
    const domanda = await downloadDomanda(t, viewer.token, owner.orgId, 'PUI');
    expect((await upload('domanda.p7m', await signCades(domanda, representative), viewer.token)).statusCode).toBe(403);
    const trial = await t.post('/api/Domanda/TrialSignDomanda', { orgId: owner.orgId, callType: 'PUI' }, owner.token);
    expect(refusal(trial)).toEqual({ status: 409, body: { error: 'trial_signature_unavailable', message: m.trialUnavailable } });
  });

  it('a change after signing makes the signed file stale, and the server refuses that hand-over', async () => {
    const changed = completePuiApplication(owner.orgId, { progNome: 'Rigenerazione del borgo – versione corretta' });
    expect((await saveDraft(t, owner.token, owner.orgId, 'PUI', changed, draftVersion)).statusCode).toBe(200);
    const status = await statusOf();
    expect(status.signature?.stale).toBe(true);
    expect(refusal(await submit(changed))).toEqual({ status: 409, body: { error: 'signature_stale', message: m.signatureStale } });
  });

  it('once the call has closed, a draft takes no signed Domanda: 409 with the closing time, the kept signature unchanged', async () => {
    const [pui] = await t.db.select().from(calls).where(eq(calls.fund, 'PUI'));
    const before = (await statusOf()).signature;
    const signed = await signPades(await downloadDomanda(t, owner.token, owner.orgId, 'PUI'), representative);
    await t.db
      .update(calls)
      .set({ closesAt: new Date('2026-11-30T17:00:00Z') })
      .where(eq(calls.fund, 'PUI'));
    try {
      expect(refusal(await upload('Domanda-PUI-firmata.pdf', signed))).toEqual({
        status: 409,
        body: {
          error: 'call_closed',
          message: 'La Domanda firmata non può più essere caricata: il bando si è chiuso il 30/11/2026 alle 18:00.',
        },
      });
      expect((await statusOf()).signature).toEqual(before);
    } finally {
      await t.db.update(calls).set({ closesAt: pui!.closesAt }).where(eq(calls.fund, 'PUI'));
    }
  });

  it('a PAdES signature of the new Domanda is accepted and the hand-over goes ahead, with the signer on the receipt', async () => {
    const changed = completePuiApplication(owner.orgId, { progNome: 'Rigenerazione del borgo – versione corretta' });
    const domanda = await downloadDomanda(t, owner.token, owner.orgId, 'PUI');
    const signed = await signPades(domanda, representative);
    const response = await upload('domanda firmata.pdf', signed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ format: 'PAdES', stale: false, fileName: 'domanda firmata.pdf' });

    const submitted = await submit(changed);
    expect(submitted.statusCode).toBe(200);
    const [receipt] = submitted.json().receipts as { id: string }[];
    const pdf = await t.get(`/api/Receipt/DownloadReceipt?receiptId=${receipt!.id}`, owner.token);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain(m.receiptSection);
    expect(text).toContain(m.signerLine('Mario Bianchi', REPRESENTATIVE.fiscalCode));
    expect(text).toContain('Autorità di Test Qualificata');
    expect(text).toContain(sha256(signed));
    expect(text).not.toContain(m.trialBadge);
    // Handed over: the signed file can no longer change.
    expect(refusal(await upload('ancora.pdf', signed))).toEqual({
      status: 409,
      body: { error: 'application_submitted', message: m.notEditable },
    });
  });

  it('the administrators find the signed file in the zip and the signer in the Excel list', async () => {
    const zip = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=PUI`, admin.token);
    expect(zip.statusCode).toBe(200);
    expect([...zipEntries(zip.rawPayload).keys()]).toContain('Domanda firmata/domanda firmata.pdf');

    const status = await statusOf(admin.token);
    const excel = await t.app.inject({
      method: 'POST',
      url: '/api/DraftCompilazione/DownloadExcelCompilazioni',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { compilazioniId: [status.signature!.applicationId], callType: 'PUI' },
    });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const cell = (header: string) => sheet.getRow(2).getCell(headers.indexOf(header) + 1).value;
    expect(cell(m.signerColumn)).toBe(m.signerLine('Mario Bianchi', REPRESENTATIVE.fiscalCode));
    expect(cell(m.signingTimeColumn)).toBeInstanceOf(Date);
  });
});

describe('an organisation with two legal representatives', () => {
  const SECOND = { givenName: 'Lucia', surname: 'Verdi', fiscalCode: 'VRDLCU75C52H501X' };
  let pair: Awaited<ReturnType<typeof personWithOrganization>>;
  let second: TestSigner;
  let outsider: TestSigner;
  const uploadFor = (name: string, content: Uint8Array) => uploadSignedDomanda(t, pair.token, pair.orgId, 'PUI', { name, content });
  const represent = (joint: boolean) =>
    t.post(
      '/api/Organization/UpdateOrganization',
      {
        id: pair.orgId,
        secondoLegaleRappresentanteNome: SECOND.givenName,
        secondoLegaleRappresentanteCognome: SECOND.surname,
        secondoLegaleRappresentanteCodiceFiscale: SECOND.fiscalCode.toLowerCase(),
        firmaCongiunta: joint,
      },
      pair.token,
    );

  beforeAll(async () => {
    second = await issueSigner(authority, SECOND);
    outsider = await issueSigner(authority, { givenName: 'Luca', surname: 'Neri', fiscalCode: fiscalCode('NRELCU80A01H501') });
    pair = await personWithOrganization(t, { name: 'Unione dei Comuni della Valle' });
    expect((await saveDraft(t, pair.token, pair.orgId, 'PUI', completePuiApplication(pair.orgId))).statusCode).toBe(200);
    const report = { name: 'relazione.pdf', content: samplePdf('Relazione') };
    expect((await uploadAttachment(t, pair.token, report, { orgId: pair.orgId, callType: 'PUI', typeId: PUI_REPORT })).statusCode).toBe(
      200,
    );
  });

  it('who represent it together both sign: one signature alone, or one beside a stranger, is refused', async () => {
    const updated = await represent(true);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ secondoLegaleRappresentanteCodiceFiscale: SECOND.fiscalCode, firmaCongiunta: true });
    expect((await statusOf(pair.token, pair.orgId)).domanda).toMatchObject({
      signers: ['Mario Bianchi', 'Lucia Verdi'],
      allMustSign: true,
    });
    const domanda = await downloadDomanda(t, pair.token, pair.orgId, 'PUI');
    const text = await pdfText(domanda);
    expect(text).toContain('I sottoscritti Mario Bianchi');
    expect(text).toContain(`e Lucia Verdi, codice fiscale ${SECOND.fiscalCode}`);
    expect(text).toContain('DICHIARANO');

    for (const alone of [representative, second]) {
      expect(refusal(await uploadFor('domanda.p7m', await signCades(domanda, alone)))).toEqual({
        status: 422,
        body: { error: 'joint_signature_missing', message: signatureChecksMessages.joint_signature_missing },
      });
    }
    expect(refusal(await uploadFor('domanda.p7m', await signCades(domanda, [second, outsider])))).toMatchObject({
      status: 422,
      body: { error: 'not_legal_representative' },
    });
    const both = await uploadFor('domanda.p7m', await signCades(domanda, [second, representative]));
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({
      stale: false,
      signers: [
        { name: 'Lucia Verdi', fiscalCode: SECOND.fiscalCode },
        { name: 'Mario Bianchi', fiscalCode: REPRESENTATIVE.fiscalCode },
      ],
    });
  });

  it('a change of who represents it is a change of the Domanda: the signed file goes stale; either may then sign alone', async () => {
    expect((await represent(false)).statusCode).toBe(200);
    const status = await statusOf(pair.token, pair.orgId);
    expect(status.signature?.stale).toBe(true);
    expect(status.domanda).toMatchObject({ signers: ['Mario Bianchi', 'Lucia Verdi'], allMustSign: false });
    const submitted = () => t.post('/api/Pui/CreatePui', completePuiApplication(pair.orgId), pair.token);
    expect(refusal(await submitted())).toMatchObject({ status: 409, body: { error: 'signature_stale' } });

    const domanda = await downloadDomanda(t, pair.token, pair.orgId, 'PUI');
    expect(await pdfText(domanda)).toContain('identificato/a dal certificato della firma digitale');
    expect((await uploadFor('domanda.p7m', await signCades(domanda, outsider))).statusCode).toBe(422);
    const alone = await uploadFor('domanda.pdf', await signPades(domanda, second));
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toMatchObject({ format: 'PAdES', signers: [{ name: 'Lucia Verdi', fiscalCode: SECOND.fiscalCode }] });
    expect((await submitted()).statusCode).toBe(200);
  });
});

describe('the trial set-up (no trust list configured)', () => {
  let trial: TestApp;
  afterAll(() => trial?.close());

  it('the trial authority signs as the legal representative, "firma di prova, senza valore legale" on the slot and the receipt', async () => {
    trial = await createTestApp({ signatureRequired: true, missingRequiredAttachments: async () => [] });
    const person = await personWithOrganization(trial, { name: 'Comune di Prova' });
    expect((await saveDraft(trial, person.token, person.orgId, 'PUI', completePuiApplication(person.orgId))).statusCode).toBe(200);
    const report = { name: 'relazione.pdf', content: samplePdf('Relazione') };
    expect(
      (await uploadAttachment(trial, person.token, report, { orgId: person.orgId, callType: 'PUI', typeId: PUI_REPORT })).statusCode,
    ).toBe(200);
    const status = await trial.get(`/api/Domanda/GetDomandaStatus?orgId=${person.orgId}&callType=PUI`, person.token);
    expect(status.json()).toMatchObject({ trialSigning: true, signature: null });

    const signed = await trial.post('/api/Domanda/TrialSignDomanda', { orgId: person.orgId, callType: 'PUI' }, person.token);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({
      format: 'CAdES',
      trial: true,
      stale: false,
      signers: [{ name: 'Mario Bianchi', fiscalCode: REPRESENTATIVE.fiscalCode }],
    });

    const submitted = await trial.post('/api/Pui/CreatePui', completePuiApplication(person.orgId), person.token);
    expect(submitted.statusCode).toBe(200);
    const [receipt] = submitted.json().receipts as { id: string }[];
    const pdf = await trial.get(`/api/Receipt/DownloadReceipt?receiptId=${receipt!.id}`, person.token);
    expect(await pdfText(new Uint8Array(pdf.rawPayload))).toContain(m.trialBadge);
  });

  it('signs as both legal representatives where they represent the organisation together', async () => {
    const person = await personWithOrganization(trial, {
      name: 'Consorzio di Prova',
      secondoLegaleRappresentanteNome: 'Lucia',
      secondoLegaleRappresentanteCognome: 'Verdi',
      secondoLegaleRappresentanteCodiceFiscale: 'VRDLCU75C52H501X',
      firmaCongiunta: true,
    });
    expect((await saveDraft(trial, person.token, person.orgId, 'PUI', completePuiApplication(person.orgId))).statusCode).toBe(200);
    const report = { name: 'relazione.pdf', content: samplePdf('Relazione') };
    expect(
      (await uploadAttachment(trial, person.token, report, { orgId: person.orgId, callType: 'PUI', typeId: PUI_REPORT })).statusCode,
    ).toBe(200);
    const signed = await trial.post('/api/Domanda/TrialSignDomanda', { orgId: person.orgId, callType: 'PUI' }, person.token);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({
      trial: true,
      signers: [
        { name: 'Mario Bianchi', fiscalCode: REPRESENTATIVE.fiscalCode },
        { name: 'Lucia Verdi', fiscalCode: 'VRDLCU75C52H501X' },
      ],
    });
  });
});
