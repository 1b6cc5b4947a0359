import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { italianAcceptanceTime } from '../../domain/acceptanceTime.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { italianDateTime } from '../../domain/italianDates.ts';
import { receiptSummarySchema, type ReceiptSummary } from '../../domain/receipts.ts';
import { receipts } from '../../server/db/schema/receipts.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { latestReceiptOf, receiptOfStatusChange, receiptPdf } from '../../server/receipts/receipts.ts';
import { italianYear } from '../../server/receipts/protocolNumbers.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus, saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { monitoringPeriodsEnv } from '../support/monitoringPeriods.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';
import { zipEntries } from '../support/zipEntries.ts';

/** server/reference/attachmentTypes.ts: a PUI application slot, the integration slot and the DNSH declaration. */
const PUI_REPORT = 103;
const PUI_INTEGRATION = 150;
const PUI_DNSH_DECLARATION = 160;

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let applicationId: string;
let callTitle: string;
const year = italianYear(new Date());
const protocol = (number: number) => `PUI-${year}-${String(number).padStart(6, '0')}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const files = {
  report: { name: 'relazione tecnica è definitiva.pdf', content: samplePdf('Relazione tecnica') },
  integration: { name: 'planimetria.pdf', content: samplePdf('Planimetria catastale') },
  declaration: { name: 'dichiarazione-dnsh.pdf', content: samplePdf('Dichiarazione DNSH') },
};

const upload = (typeId: number, file: { name: string; content: Buffer }) =>
  uploadAttachment(t, owner.token, file, { orgId: owner.orgId, callType: 'PUI', typeId });
const receiptsOf = async (token = owner.token) => {
  const response = await t.get(`/api/Receipt/GetReceipts?applicationId=${applicationId}`, token);
  expect(response.statusCode).toBe(200);
  return receiptSummarySchema.array().parse(response.json());
};
const download = (id: string, token = owner.token) => t.get(`/api/Receipt/DownloadReceipt?receiptId=${id}`, token);
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The receipt's PDF downloaded twice: the same bytes, the name it is saved under, and its text. */
async function downloadedText(receipt: ReceiptSummary): Promise<string> {
  const first = await download(receipt.id);
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('application/pdf');
  expect(first.headers['content-disposition']).toContain(`filename="Ricevuta-${receipt.protocol}.pdf"`);
  const second = await download(receipt.id, admin.token);
  expect(second.statusCode).toBe(200);
  expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
  return pdfText(first.rawPayload);
}

const saveReview = (surveyId: number, json: Record<string, unknown>) =>
  t.post(
    '/api/SJSurvey/CreateSurveyAnswers',
    {
      surveySubmissionID: null,
      surveyId,
      json,
      candidaturaId: applicationId,
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      monitoraggio: false,
    },
    owner.token,
  );

beforeAll(async () => {
  t = await createTestApp({ env: monitoringPeriodsEnv().env, missingRequiredAttachments: async () => [] });
  owner = await personWithOrganization(t, { name: 'Comune di Forlì' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
  [{ title: callTitle }] = (await t.db.select({ title: calls.title }).from(calls).where(eq(calls.fund, 'PUI'))) as [{ title: string }];
}, 120_000);
afterAll(() => t.close());

describe('the application (Candidatura Sottomessa)', () => {
  it('gets the first protocol number of the call and year, listed on the application', async () => {
    expect((await saveDraft(t, owner.token, owner.orgId, 'PUI', { progNome: 'Bozza' })).statusCode).toBe(200);
    expect((await upload(PUI_REPORT, files.report)).statusCode).toBe(200);
    const submitted = await t.post('/api/Pui/CreatePui', completePuiApplication(owner.orgId), owner.token);
    expect(submitted.statusCode).toBe(200);
    applicationId = submitted.json().id;
    expect(submitted.json().receipts).toEqual([
      {
        id: expect.any(String),
        protocol: protocol(1),
        kind: 'application',
        title: 'Candidatura',
        handedOverAt: submitted.json().submittedAt,
      },
    ]);
    expect(await receiptsOf()).toEqual(submitted.json().receipts);
    expect(await receiptsOf(admin.token)).toEqual(submitted.json().receipts);
  });

  it('the PDF names the call, the organisation, its P.IVA, who handed it over, when, the figures and each file with its SHA-256', async () => {
    const [receipt] = await receiptsOf();
    const text = await downloadedText(receipt!);
    expect(text).toContain(protocol(1));
    expect(text).toContain(callTitle);
    expect(text).toContain('Comune di Forlì');
    expect(text).toContain(owner.payload.pIva);
    expect(text).toContain(owner.email);
    expect(text).toContain(italianDateTime(receipt!.handedOverAt));
    // The server's acceptance time, to the microsecond, as the database recorded it (issue 45).
    const [stored] = await t.db.select({ acceptedAt: receipts.acceptedAt }).from(receipts).where(eq(receipts.id, receipt!.id));
    const accepted = italianAcceptanceTime(stored!.acceptedAt);
    expect(accepted.time).toMatch(/^\d{2}:\d{2}:\d{2},\d{6}$/);
    expect(text).toContain(`Accettata dal server il ${accepted.date} alle ${accepted.time}`);
    const body = completePuiApplication(owner.orgId);
    expect(text).toContain(body.progNome);
    expect(text).toContain('Investimento totale');
    expect(text).toContain('Importo richiesto al fondo');
    expect(text).toContain(files.report.name);
    expect(text).toContain(sha256(files.report.content));
  });

  it('submitted again with the same values: no second receipt, no number used', async () => {
    const again = await t.post('/api/Pui/CreatePui', completePuiApplication(owner.orgId), owner.token);
    expect(again.statusCode).toBe(200);
    expect(await receiptsOf()).toHaveLength(1);
  });

  it('another organisation hears 404 exactly as for a receipt that does not exist; anonymous 401; a malformed id 404', async () => {
    const [receipt] = await receiptsOf();
    const theirs = await download(receipt!.id, stranger.token);
    const missing = await download('00000000-0000-4000-8000-000000000000', stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    const info = await t.get(`/api/Receipt/GetReceipt?receiptId=${receipt!.id}`, stranger.token);
    expect(info.statusCode).toBe(404);
    const list = await t.get(`/api/Receipt/GetReceipts?applicationId=${applicationId}`, stranger.token);
    expect(list.statusCode).toBe(404);
    expect((await t.get(`/api/Receipt/DownloadReceipt?receiptId=${receipt!.id}`)).statusCode).toBe(401);
    const malformed = await download('nonsense');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error).toBe('not_found');
    expect((await t.get(`/api/Receipt/GetReceipt?receiptId=${receipt!.id}`, owner.token)).json()).toEqual(receipt);
  });
});

describe('the integration (Integrazione Sottomessa)', () => {
  it('gets the next number, with the request and the documents of that round', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE');
    const asked = await t.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?${new URLSearchParams({ puiId: applicationId, status: 'In integrazione', note: 'Manca la planimetria' })}`,
      undefined,
      admin.token,
    );
    expect(asked.statusCode).toBe(200);
    expect((await upload(PUI_INTEGRATION, files.integration)).statusCode).toBe(200);
    const done = await updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa');
    expect(done.statusCode).toBe(200);
    const receipt = done.json().receipts.at(-1) as ReceiptSummary;
    expect(receipt).toMatchObject({ protocol: protocol(2), kind: 'integration', title: 'Integrazione n. 1' });
    const text = await downloadedText(receipt);
    expect(text).toContain('Manca la planimetria');
    expect(text).toContain(files.integration.name);
    expect(text).toContain(sha256(files.integration.content));
    // Only that round's documents: the application's own files were handed over with the application.
    expect(text).not.toContain(sha256(files.report.content));
  });
});

describe('the review (Istruttoria Sottomessa)', () => {
  it('gets the next number, with the surveys and the DNSH declaration', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'AMMISSIBILE');
    const list = (await t.get('/api/SJSurvey/GetSurveyTypeList', owner.token)).json() as { id: number; name: string }[];
    const id = (name: string) => list.find((s) => s.name === name)!.id;
    expect((await saveReview(id('Istruttoria-Pui'), istruttoriaPuiAnswers)).statusCode).toBe(200);
    expect((await saveReview(id('Gresb-Pui'), gresbPuiAnswers)).statusCode).toBe(200);
    expect((await upload(PUI_DNSH_DECLARATION, files.declaration)).statusCode).toBe(200);
    const done = await updateStatus(t, owner.token, 'PUI', applicationId, 'Istruttoria Sottomessa');
    expect(done.statusCode).toBe(200);
    const receipt = done.json().receipts.at(-1) as ReceiptSummary;
    expect(receipt).toMatchObject({ protocol: protocol(3), kind: 'review', title: 'Istruttoria' });
    const text = await downloadedText(receipt);
    // The surveys by the titles people read in the review (issue 46), not their type names.
    const [row] = await t.db.select({ figures: receipts.figures }).from(receipts).where(eq(receipts.id, receipt.id));
    expect(row!.figures.find((figure) => figure.label === 'Questionari consegnati')?.value).toBe(
      'Gresb - Sostenibilità ambientale, sociale e di governance; Istruttoria - Fondo Tematico Piani Urbani Integrati',
    );
    expect(text.replace(/\s+/g, ' ')).toContain('Gresb - Sostenibilità ambientale');
    expect(text).not.toContain('Gresb-Pui');
    expect(text).not.toContain('Istruttoria-Pui');
    expect(text).toContain(sha256(files.declaration.content));
  });
});

describe('the monitoring (Monitoraggio Sottomesso)', () => {
  it('gets the next number, with the period handed over', async () => {
    expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'Deliberata')).statusCode).toBe(200);
    expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'Monitoraggio Aperto')).statusCode).toBe(200);
    const done = await updateStatus(t, owner.token, 'PUI', applicationId, 'Monitoraggio Sottomesso');
    expect(done.statusCode).toBe(200);
    const receipt = done.json().receipts.at(-1) as ReceiptSummary;
    expect(receipt).toMatchObject({ protocol: protocol(4), kind: 'monitoring', title: 'Monitoraggio \u2013 Monitoraggio primo periodo' });
    const text = await downloadedText(receipt);
    expect(text).toContain('Monitoraggio primo periodo');
    expect(text).toContain('Nessun allegato consegnato');
  });

  it('every receipt is tied to the status change that issued it (what the hand-over e-mail attaches)', async () => {
    const history = await t.db.select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, applicationId));
    const handOver = history.find((row) => row.toStatus === 'MONITORAGGIO_SOTTOMESSO')!;
    const receipt = await receiptOfStatusChange(t.db, handOver.id);
    expect(receipt?.protocol).toBe(protocol(4));
    expect((await latestReceiptOf(t.db, applicationId, 'monitoring'))?.id).toBe(receipt!.id);
    const pdf = await receiptPdf(t.db, receipt!.id);
    expect(Buffer.compare(pdf!, (await download(receipt!.id)).rawPayload)).toBe(0);
    expect(await t.db.select().from(receipts).where(eq(receipts.applicationId, applicationId))).toHaveLength(4);
  });
});

describe("the admin's zip of the application", () => {
  it('holds every receipt, byte for byte as downloaded', async () => {
    const zip = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=pui`, admin.token);
    expect(zip.statusCode).toBe(200);
    const entries = zipEntries(zip.rawPayload);
    const listed = await receiptsOf(admin.token);
    expect(listed.map((r) => r.protocol)).toEqual([protocol(1), protocol(2), protocol(3), protocol(4)]);
    for (const receipt of listed) {
      const inZip = entries.get(`Ricevute/Ricevuta-${receipt.protocol}.pdf`);
      expect(inZip, receipt.protocol).toBeDefined();
      expect(Buffer.compare(inZip!, (await download(receipt.id)).rawPayload)).toBe(0);
    }
  });
});
