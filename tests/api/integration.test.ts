import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentSlotListSchema } from '../../domain/attachments.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { applicationRow, forceApplicationStatus, historyRows, updateStatus } from '../support/applicationFixtures.ts';
import { removeAttachment, samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import {
  contentTypesOf,
  docxParts,
  manyEntriesBomb,
  ole2With,
  sampleDocuments,
  workbookBomb,
  zip64Bomb,
  zipOf,
} from '../support/officeFiles.ts';
import { zipEntries } from '../support/zipEntries.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { integrationRounds } from '../../server/db/schema/integrations.ts';

/** server/reference/attachmentTypes.ts: an application slot and the integration slot of PUI. */
const PUI_REPORT = 103;
const PUI_INTEGRATION = 150;
const m = integrationMessages;

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithOrganization(t, { name: 'Comune di Integrazione' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
  applicationId = await forceApplicationStatus(t, owner.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
});
afterAll(() => t.close());

const upload = (typeId: number, file: { name: string; content: Buffer }, token = owner.token, orgId = owner.orgId) =>
  uploadAttachment(t, token, file, { orgId, callType: 'PUI', typeId });
const uploadPdf = (name: string, typeId = PUI_INTEGRATION) => upload(typeId, { name, content: samplePdf(name) });
const compilation = async (token = owner.token) => (await t.get(`/api/Pui/GetPuiCompilazione?orgId=${owner.orgId}`, token)).json();
const integrationSlots = async () =>
  attachmentSlotListSchema.parse(
    (await t.get(`/api/FileUpload/GetAttachmentIntegrations?orgId=${owner.orgId}&callType=PUI`, owner.token)).json(),
  );
const outbox = async () => (await readdir(t.config.mail.outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));

function askForIntegration(note: string | undefined, deadline?: string) {
  const query = new URLSearchParams({
    puiId: applicationId,
    status: 'In integrazione',
    ...(note === undefined ? {} : { note }),
    ...(deadline ? { deadline } : {}),
  });
  return t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${query}`, undefined, admin.token);
}

describe('the reviewer asks', () => {
  it('needs the request in the note, and a deadline that is a day not yet past; nothing is written otherwise', async () => {
    const historyBefore = (await historyRows(t, applicationId)).length;
    const noNote = await askForIntegration(undefined);
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json()).toEqual({ error: 'integration_request_missing', message: m.requestMissing });
    const pastDeadline = await askForIntegration('Manca la planimetria', '2020-01-31');
    expect(pastDeadline.statusCode).toBe(400);
    expect(pastDeadline.json().error).toBe('invalid_deadline');
    expect((await askForIntegration('Manca la planimetria', '2099-02-30')).statusCode).toBe(400);
    expect((await applicationRow(t, applicationId))?.status).toBe('IN_VALUTAZIONE');
    expect(await historyRows(t, applicationId)).toHaveLength(historyBefore);
  });

  it('stores the request with its deadline, shows it to the applicant and e-mails the members', async () => {
    // The e-mails of earlier changes are sent first: only this request's is counted.
    await t.notifications.runOnce();
    const mailsBefore = new Set(await outbox());
    const asked = await askForIntegration('Allegare:\n- planimetria catastale\n- computo metrico', '2099-03-15');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ statusCode: 'IN_INTEGRAZIONE' });

    const seen = await compilation();
    expect(seen.integrationRounds).toEqual([
      {
        number: 1,
        request: 'Allegare:\n- planimetria catastale\n- computo metrico',
        deadline: '2099-03-15',
        requestedAt: expect.any(String),
        completedAt: null,
        documents: [],
        // A request in free text only names no fields or slots (issue 44).
        items: [],
      },
    ]);
    // Sent once the change has committed (server/notifications/): wait for that sending.
    await t.notifications.runOnce();
    const mails = (await outbox()).filter((file) => !mailsBefore.has(file));
    expect(mails).toHaveLength(1);
    const mail = await readFile(path.join(t.config.mail.outboxDir, mails[0]!), 'utf8');
    expect(mail).toContain(owner.email);
    expect(mail).toContain('planimetria catastale');
    expect(mail).toContain('15/03/2099');
  });
});

describe('the applicant adds documents', () => {
  it('accepts PDF, images, Word, Excel and PowerPoint by their content, in the integration slot only', async () => {
    for (const document of await sampleDocuments()) {
      const added = await upload(PUI_INTEGRATION, document);
      expect(added.statusCode, document.name).toBe(200);
      expect(added.json().contentType, document.name).toBe(document.contentType);
      expect((await removeAttachment(t, owner.token, added.json().id)).statusCode, document.name).toBe(200);
    }
    const main = await uploadPdf('relazione.pdf', PUI_REPORT);
    expect(main.statusCode).toBe(409);
    expect(main.json().error).toBe('application_submitted');
  });

  it('refuses a disguised executable, a macro-enabled document, a legacy file with macros and a zip bomb', async () => {
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(256, 0x41)]);
    const disguised = await upload(PUI_INTEGRATION, { name: 'documento.pdf', content: executable });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().message).toBe(attachmentsMessages.notDocument);

    const docm = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>', 'word/vbaProject.bin': 'macro' });
    const withMacros = await upload(PUI_INTEGRATION, { name: 'relazione.docm', content: docm });
    expect(withMacros.statusCode).toBe(415);
    expect(withMacros.json()).toEqual({ error: 'macro_not_allowed', message: attachmentsMessages.macrosNotAllowed });
    const legacy = await upload(PUI_INTEGRATION, {
      name: 'relazione.doc',
      content: ole2With('Root Entry', 'WordDocument', 'Macros', '_VBA_PROJECT'),
    });
    expect(legacy.statusCode).toBe(415);

    const bomb = await workbookBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const inflating = await upload(PUI_INTEGRATION, { name: 'computo.xlsx', content: bomb });
    expect(inflating.statusCode).toBe(415);
    expect(inflating.json()).toEqual({ error: 'archive_suspicious', message: attachmentsMessages.decompressionBomb });
    expect((await integrationSlots()).filter((slot) => slot.downloadId !== null)).toEqual([]);
  });

  it('refuses the probe’s bombs and a macro document that names its VBA project as an image', async () => {
    const suspicious = { error: 'archive_suspicious', message: attachmentsMessages.decompressionBomb };
    const zip64 = await upload(PUI_INTEGRATION, { name: 'relazione.docx', content: zip64Bomb() });
    expect(zip64.statusCode).toBe(415);
    expect(zip64.json()).toEqual(suspicious);
    const manyEntries = await upload(PUI_INTEGRATION, { name: 'relazione.docx', content: manyEntriesBomb() });
    expect(manyEntries.statusCode).toBe(415);
    expect(manyEntries.json()).toEqual(suspicious);

    const docm = await zipOf(
      docxParts({
        '[Content_Types].xml': contentTypesOf(
          'word/document.xml',
          'application/vnd.ms-word.document.macroEnabled.main+xml',
          '<Override PartName="/word/media/image1.bin" ContentType="application/vnd.ms-office.vbaProject"/>',
        ),
        'word/media/image1.bin': Buffer.from('VBA'),
      }),
    );
    const macros = await upload(PUI_INTEGRATION, { name: 'relazione.docx', content: docm });
    expect(macros.statusCode).toBe(415);
    expect(macros.json()).toEqual({ error: 'macro_not_allowed', message: attachmentsMessages.macrosNotAllowed });
    expect((await integrationSlots()).filter((slot) => slot.downloadId !== null)).toEqual([]);
  });

  it('lets only the organisation’s members write, never another organisation', async () => {
    const foreign = await upload(PUI_INTEGRATION, { name: 'altrui.pdf', content: samplePdf('altrui') }, stranger.token);
    expect(foreign.statusCode).toBe(404);
    const mine = await uploadPdf('planimetria.pdf');
    expect(mine.statusCode).toBe(200);
    expect((await removeAttachment(t, stranger.token, mine.json().id)).statusCode).toBe(404);
    expect((await removeAttachment(t, owner.token, mine.json().id)).statusCode).toBe(200);
  });
});

describe('the applicant completes', () => {
  it('is refused without a document of this round, writing nothing', async () => {
    const before = await applicationRow(t, applicationId);
    const historyBefore = (await historyRows(t, applicationId)).length;
    const refused = await updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'precondition_failed', message: applicationsMessages.integrationDocumentMissing });
    expect(await applicationRow(t, applicationId)).toEqual(before);
    expect(await historyRows(t, applicationId)).toHaveLength(historyBefore);
  });

  it('completes once with a document: one history row, the round closed, the slots closed', async () => {
    const planimetria = await uploadPdf('planimetria.pdf');
    expect(planimetria.statusCode).toBe(200);
    expect((await integrationSlots()).filter((slot) => slot.downloadId !== null).map((slot) => slot.fileName)).toEqual(['planimetria.pdf']);
    const historyBefore = (await historyRows(t, applicationId)).length;
    const [first, second] = await Promise.all([
      updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa'),
      updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await historyRows(t, applicationId)).toHaveLength(historyBefore + 1);
    const [round] = (await compilation()).integrationRounds;
    expect(round).toMatchObject({
      number: 1,
      completedAt: expect.any(String),
      documents: [{ fileName: 'planimetria.pdf', downloadId: planimetria.json().id }],
    });

    const late = await uploadPdf('tardivo.pdf');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'attachments_closed', message: attachmentsMessages.closedForPurpose });
    expect((await removeAttachment(t, owner.token, planimetria.json().id)).statusCode).toBe(409);
    expect((await t.get(`/api/FileUpload/GetFile?downloadId=${planimetria.json().id}`, owner.token)).statusCode).toBe(200);
  });

  it('keeps every round: a second request gets its own documents, and the admin zip has them under Integrazione/', async () => {
    expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'In valutazione')).statusCode).toBe(200);
    expect((await askForIntegration('Manca anche la relazione geologica')).statusCode).toBe(200);
    expect((await integrationSlots()).filter((slot) => slot.downloadId !== null)).toEqual([]);
    expect((await uploadPdf('geologica.pdf')).statusCode).toBe(200);
    expect((await updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa')).statusCode).toBe(200);

    const rounds = (await compilation(admin.token)).integrationRounds;
    expect(
      rounds.map((round: { number: number; documents: { fileName: string }[] }) => [round.number, round.documents.map((d) => d.fileName)]),
    ).toEqual([
      [1, ['planimetria.pdf']],
      [2, ['geologica.pdf']],
    ]);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=PUI`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(zip.statusCode).toBe(200);
    const names = [...zipEntries(zip.rawPayload).keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'Integrazione/Richiesta 1/Documento integrativo - planimetria.pdf',
        'Integrazione/Richiesta 2/Documento integrativo - geologica.pdf',
      ]),
    );
  });
});

describe('the other applicant changes need what they hand over', () => {
  it('refuses Istruttoria Sottomessa without the review answers, and Monitoraggio Sottomesso without an open monitoring period', async () => {
    await forceApplicationStatus(t, owner.orgId, 'PUI', 'AMMISSIBILE');
    const review = await updateStatus(t, owner.token, 'PUI', applicationId, 'Istruttoria Sottomessa');
    expect(review.statusCode).toBe(422);
    expect(review.json().error).toBe('survey_incomplete');
    expect((await applicationRow(t, applicationId))?.status).toBe('AMMISSIBILE');

    await forceApplicationStatus(t, owner.orgId, 'PUI', 'MONITORAGGIO_APERTO');
    const monitoring = await updateStatus(t, owner.token, 'PUI', applicationId, 'Monitoraggio Sottomesso');
    expect(monitoring.statusCode).toBe(409);
    expect(monitoring.json()).toEqual({ error: 'precondition_failed', message: monitoringMessages.notOpenRound });
    expect((await applicationRow(t, applicationId))?.status).toBe('MONITORAGGIO_APERTO');
  });
});

describe('a reopened integration', () => {
  /** A PUI application In integrazione with a document in round 1, that an admin then reopens. */
  let org: Awaited<ReturnType<typeof personWithOrganization>>;
  let id: string;
  const slotsOf = async () =>
    attachmentSlotListSchema.parse(
      (await t.get(`/api/FileUpload/GetAttachmentIntegrations?orgId=${org.orgId}&callType=PUI`, org.token)).json(),
    );
  const uploadInto = (typeId: number, name: string, content: Buffer) =>
    uploadAttachment(t, org.token, { name, content }, { orgId: org.orgId, callType: 'PUI', typeId });
  const ask = (note: string) =>
    t.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?${new URLSearchParams({ puiId: id, status: 'In integrazione', note })}`,
      undefined,
      admin.token,
    );
  const rounds = () =>
    t.db.select().from(integrationRounds).where(eq(integrationRounds.applicationId, id)).orderBy(integrationRounds.number);

  async function workbook(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Piano').addRow(['Voce', 'Importo']);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('closes round 1 when the application is reopened, and the next request starts with nothing handed over', async () => {
    org = await personWithOrganization(t, { name: 'Comune Riaperto' });
    id = await forceApplicationStatus(t, org.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    expect((await ask('Manca la planimetria')).statusCode).toBe(200);
    expect((await uploadInto(PUI_INTEGRATION, 'planimetria.pdf', samplePdf('planimetria'))).statusCode).toBe(200);

    // The admin reopens instead of waiting: round 1 is closed, not completed.
    expect((await updateStatus(t, admin.token, 'PUI', id, 'Aperta')).statusCode).toBe(200);
    expect(await rounds()).toEqual([expect.objectContaining({ number: 1, closedAt: expect.any(Date), completedAt: null })]);

    // The applicant hands the application in again, with its mandatory files.
    const slots = attachmentSlotListSchema.parse(
      (await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${org.orgId}&callType=PUI`, org.token)).json(),
    );
    const book = await workbook();
    for (const slot of slots.filter((s) => s.mandatoryInput)) {
      const excel = slot.attachedType === 'Excel';
      const added = await uploadInto(slot.id, excel ? 'piano.xlsx' : 'documento.pdf', excel ? book : samplePdf(slot.attachedTypeName));
      expect(added.statusCode, added.body).toBe(200);
    }
    const resubmitted = await t.post('/api/Pui/CreatePui', completePuiApplication(org.orgId), org.token);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((await updateStatus(t, admin.token, 'PUI', id, 'In valutazione')).statusCode).toBe(200);
    expect((await ask('Manca anche la relazione geologica')).statusCode).toBe(200);

    // Richiesta 2: nothing in it, so nothing can be handed over; round 1's document does not count.
    expect((await slotsOf()).filter((slot) => slot.downloadId !== null)).toEqual([]);
    const empty = await updateStatus(t, org.token, 'PUI', id, 'Integrazione Sottomessa');
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ error: 'precondition_failed', message: applicationsMessages.integrationDocumentMissing });
    expect((await applicationRow(t, id))?.status).toBe('IN_INTEGRAZIONE');
  });

  it('files the new documents under round 2 and completes round 2 only', async () => {
    const geologica = await uploadInto(PUI_INTEGRATION, 'geologica.pdf', samplePdf('geologica'));
    expect(geologica.statusCode).toBe(200);
    expect((await slotsOf()).filter((slot) => slot.downloadId !== null).map((slot) => slot.fileName)).toEqual(['geologica.pdf']);
    expect((await updateStatus(t, org.token, 'PUI', id, 'Integrazione Sottomessa')).statusCode).toBe(200);

    const [first, second] = await rounds();
    expect(first).toMatchObject({ number: 1, completedAt: null, closedAt: expect.any(Date) });
    expect(second).toMatchObject({ number: 2, completedAt: expect.any(Date), closedAt: expect.any(Date) });
    const shown = (await t.get(`/api/Pui/GetPuiCompilazione?orgId=${org.orgId}`, org.token)).json().integrationRounds;
    expect(
      shown.map((round: { number: number; completedAt: string | null; documents: { fileName: string }[] }) => [
        round.number,
        round.completedAt !== null,
        round.documents.map((d) => d.fileName),
      ]),
    ).toEqual([
      [1, false, ['planimetria.pdf']],
      [2, true, ['geologica.pdf']],
    ]);
  });
});
