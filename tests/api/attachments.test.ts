import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../server/db/schema/attachments.ts';
import {
  attachmentSlotListSchema,
  attachmentValidationSchema,
  uploadFileResponseSchema,
  type AttachmentSlot,
} from '../../domain/attachments.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { STORAGE_BACKENDS, type RunningStore } from '../support/storageBackends.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { multipartForm, type MultipartFile } from '../support/multipartForm.ts';
import { removeAttachment, samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { zipDirectory, zipEntries } from '../support/zipEntries.ts';

const m = attachmentsMessages;
const MB = 1024 * 1024;

/** PUI slots (server/reference/attachmentTypes.ts). */
const PUI = {
  privacy: 101,
  confidentiality: 102,
  report: 103,
  financialPlan: 104,
  schedule: 105,
  identity: 106,
  resolution: 107,
  generic: 199,
};
const TUR = { report: 203 };

const pdf = samplePdf;
const pdfA = (text: string) =>
  Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /Metadata /Subtype /XML >>\nstream\n<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="2" pdfaid:conformance="B"/></rdf:RDF></x:xmpmeta>\nendstream\nendobj\n% ${text}\n%%EOF\n`,
    'latin1',
  );
/** A Windows executable: 'MZ', then the DOS stub. */
const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(512, 0x41)]);
/** The start of an Excel 97–2003 workbook: OLE2 signature, and a 'Workbook' directory entry. */
const legacyXls = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(1000),
  Buffer.from('Workbook', 'utf16le'),
  Buffer.alloc(200),
]);

async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Piano').addRow(['Voce', 'Importo']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// The same tests on every store the portal can use: the filesystem and an S3-compatible bucket.
describe.each(STORAGE_BACKENDS)('on $name storage', (backend) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof personWithOrganization>>;
  let b: Awaited<ReturnType<typeof personWithOrganization>>;
  let admin: { token: string };

  let store: RunningStore;

  beforeAll(async () => {
    store = await backend.start();
    // 1 MB, so the size limit is reached with small test files.
    t = await createTestApp({ dataDir: store.app.dataDir, env: { ...store.app.env, MAX_UPLOAD_MB: '1' } });
    a = await personWithOrganization(t, { name: 'Comune di Alfa' });
    b = await personWithOrganization(t, { name: 'Comune di Beta' });
    admin = await t.loginAsAdmin();
  });
  afterAll(async () => {
    await t.close();
    await store.stop();
  });

  interface UploadOptions {
    orgId?: string;
    callType?: string;
    typeId?: number;
    name?: string;
    fieldsAfterFile?: boolean;
    token?: string | null;
  }

  function upload(token: string | null, file: MultipartFile, options: Omit<UploadOptions, 'token'> = {}) {
    return uploadAttachment(t, token, file, {
      ...options,
      typeId: options.typeId ?? PUI.report,
      orgId: options.orgId ?? a.orgId,
      callType: options.callType ?? 'PUI',
    });
  }

  async function slots(token: string, orgId = a.orgId, callType = 'PUI'): Promise<AttachmentSlot[]> {
    const response = await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${orgId}&callType=${callType}`, token);
    expect(response.statusCode).toBe(200);
    return attachmentSlotListSchema.parse(response.json());
  }

  function remove(token: string | undefined, downloadId: string) {
    return removeAttachment(t, token, downloadId);
  }

  /** Every file the store holds, by key ('ab/ab12…'). */
  function storedFiles(): Promise<string[]> {
    return store.keys();
  }

  async function rowCount() {
    return (await t.db.select({ id: attachments.id }).from(attachments)).length;
  }

  describe('the slots of an application (GetAttachmentTypes)', () => {
    it('lists the PUI attachments in order, mandatory ones marked, with the forms to download, all empty', async () => {
      const list = await slots(a.token);
      expect(list.map((s) => [s.id, s.attachedTypeName, s.attachedType, s.mandatoryInput])).toEqual([
        [101, 'Informativa privacy firmata', 'PDF', true],
        [102, 'Accordo di riservatezza firmato', 'PDF', true],
        [103, 'Relazione tecnica di progetto', 'PDF', true],
        [104, 'Piano economico-finanziario', 'Excel', true],
        [105, 'Cronoprogramma dei lavori', 'PDF', true],
        [106, "Documento d'identità del legale rappresentante", 'PDF', true],
        [107, 'Delibera di approvazione del progetto', 'PDF', false],
        [199, 'Aggiungi allegato', 'PDF', false],
      ]);
      expect(list.every((s) => s.fileName === null && s.downloadId === null)).toBe(true);
      expect(list[0]!.templateUrl).toBe('/modelli/informativa-privacy.pdf');
      expect(list[1]!.templateUrl).toBe('/modelli/accordo-riservatezza.pdf');
      expect(list.slice(0, 2).map((slot) => slot.templateName)).toEqual(['Informativa privacy', 'Accordo di riservatezza']);
      expect(list.at(-1)!.multiple).toBe(true);
    });

    it('has TUR attachments of its own (callType by name or by compilazioneType)', async () => {
      const byName = await slots(a.token, a.orgId, 'tur');
      const byNumber = await slots(a.token, a.orgId, '0');
      expect(byName).toEqual(byNumber);
      expect(byName.map((s) => s.id)).toContain(TUR.report);
      expect(byName.every((s) => s.id >= 200)).toBe(true);
    });

    it('refuses an unknown fund', async () => {
      const response = await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${a.orgId}&callType=XYZ`, a.token);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(applicationsMessages.callTypeInvalid);
    });
  });

  describe('upload, list, download, remove', () => {
    let reportId: string;
    const report = pdf('relazione tecnica');

    it('stores a PDF and answers its id and name; the slot shows it, not PDF/A', async () => {
      const response = await upload(a.token, { name: 'Relazione tecnica.pdf', content: report, contentType: 'application/pdf' });
      expect(response.statusCode).toBe(200);
      const body = uploadFileResponseSchema.parse(response.json());
      expect(body).toMatchObject({
        fileName: 'Relazione tecnica.pdf',
        attachmentTypeId: PUI.report,
        contentType: 'application/pdf',
        size: report.length,
        isPdfA: false,
      });
      expect(body.sha256).toBe(createHash('sha256').update(report).digest('hex'));
      reportId = body.id;

      const slot = (await slots(a.token)).find((s) => s.id === PUI.report)!;
      expect(slot).toMatchObject({ fileName: 'Relazione tecnica.pdf', downloadId: reportId, isPdfA: false, size: report.length });
      expect(Date.parse(slot.uploadedAt!)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('stores the file under a generated name, never the person\u2019s', async () => {
      const files = await storedFiles();
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^[0-9a-f]{2}[/\\][0-9a-f-]{36}$/);
    });

    it('gives the same bytes back as a download that is never rendered or sniffed', async () => {
      const response = await t.get(`/api/FileUpload/GetFile?downloadId=${reportId}`, a.token);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(report)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Relazione tecnica.pdf"; filename*=UTF-8''Relazione%20tecnica.pdf`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('recognises a PDF/A by its XMP identification', async () => {
      const response = await upload(a.token, { name: 'privacy.pdf', content: pdfA('privacy') }, { typeId: PUI.privacy });
      expect(response.statusCode).toBe(200);
      expect(response.json().isPdfA).toBe(true);
      expect((await slots(a.token)).find((s) => s.id === PUI.privacy)!.isPdfA).toBe(true);
    });

    it('replaces the file of a slot: the old one is gone from the list, the downloads and the storage', async () => {
      const before = (await storedFiles()).length;
      const replacement = pdf('relazione tecnica v2');
      const response = await upload(a.token, { name: 'Relazione v2.pdf', content: replacement });
      expect(response.statusCode).toBe(200);
      const slot = (await slots(a.token)).find((s) => s.id === PUI.report)!;
      expect(slot).toMatchObject({ fileName: 'Relazione v2.pdf', downloadId: response.json().id });
      expect((await t.get(`/api/FileUpload/GetFile?downloadId=${reportId}`, a.token)).statusCode).toBe(404);
      expect(await storedFiles()).toHaveLength(before);
      reportId = response.json().id;
    });

    it('adds files to the generic slot beside each other, and keeps an empty one to add more', async () => {
      expect((await upload(a.token, { name: 'Planimetria.pdf', content: pdf('planimetria') }, { typeId: PUI.generic })).statusCode).toBe(
        200,
      );
      expect((await upload(a.token, { name: 'Foto.pdf', content: pdf('foto') }, { typeId: PUI.generic })).statusCode).toBe(200);
      const generic = (await slots(a.token)).filter((s) => s.id === PUI.generic);
      expect(generic.map((s) => s.fileName)).toEqual(['Planimetria.pdf', 'Foto.pdf', null]);
    });

    it('accepts a workbook (.xlsx) and a legacy one (.xls) where Excel is asked, and a PDF there is refused', async () => {
      const modern = await upload(a.token, { name: 'piano.xlsx', content: await xlsx() }, { typeId: PUI.financialPlan });
      expect(modern.statusCode).toBe(200);
      expect(modern.json()).toMatchObject({
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        isPdfA: null,
      });

      const legacy = await upload(a.token, { name: 'piano.xls', content: legacyXls }, { typeId: PUI.financialPlan });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.json()).toMatchObject({ fileName: 'piano.xls', contentType: 'application/vnd.ms-excel' });

      const wrong = await upload(a.token, { name: 'piano.xlsx', content: pdf('not a workbook') }, { typeId: PUI.financialPlan });
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json().message).toBe(m.notExcel);
    });

    it('refuses a zip that is not a workbook where Excel is asked', async () => {
      // A zip with one entry 'note.txt' (stored), not an 'xl/' workbook.
      const name = Buffer.from('note.txt');
      const data = Buffer.from('ciao');
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(data.length, 22);
      header.writeUInt16LE(name.length, 26);
      const zip = Buffer.concat([header, name, data, Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
      const response = await upload(a.token, { name: 'piano.xlsx', content: zip }, { typeId: PUI.financialPlan });
      expect(response.statusCode).toBe(415);
    });

    it('removes a file: gone from the list, the downloads and the storage', async () => {
      const generic = (await slots(a.token)).filter((s) => s.id === PUI.generic && s.downloadId);
      const before = (await storedFiles()).length;
      const response = await remove(a.token, generic[0]!.downloadId!);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ removed: true, downloadId: generic[0]!.downloadId });
      expect((await slots(a.token)).filter((s) => s.id === PUI.generic).map((s) => s.fileName)).toEqual(['Foto.pdf', null]);
      expect((await t.get(`/api/FileUpload/GetFile?downloadId=${generic[0]!.downloadId}`, a.token)).statusCode).toBe(404);
      expect(await storedFiles()).toHaveLength(before - 1);
      expect((await remove(a.token, generic[0]!.downloadId!)).statusCode).toBe(404);
    });

    it('accepts the fields after the file as well', async () => {
      const response = await upload(
        a.token,
        { name: 'Cronoprogramma.pdf', content: pdf('cronoprogramma') },
        { typeId: PUI.schedule, fieldsAfterFile: true },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().fileName).toBe('Cronoprogramma.pdf');
    });
  });

  describe('what an upload may be', () => {
    it('refuses a file over MAX_UPLOAD_MB by its announced length, with an Italian message, storing nothing', async () => {
      const files = (await storedFiles()).length;
      const rows = await rowCount();
      const response = await upload(a.token, { name: 'grande.pdf', content: Buffer.concat([pdf('grande'), Buffer.alloc(1.5 * MB)]) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'file_too_large', message: m.tooLarge(1) });
      expect(await storedFiles()).toHaveLength(files);
      expect(await rowCount()).toBe(rows);
    });

    it('refuses a file over the limit sent without a length (streamed), leaving no partial file', async () => {
      const files = (await storedFiles()).length;
      const form = multipartForm([
        ['Nome', 'grande.pdf'],
        ['TipoFileId', String(PUI.report)],
        ['OrgId', a.orgId],
        ['CallType', 'PUI'],
        ['File', { name: 'grande.pdf', content: Buffer.concat([pdf('grande'), Buffer.alloc(1.5 * MB)]) }],
      ]);
      const chunks = Array.from({ length: Math.ceil(form.body.length / 65536) }, (_, i) => form.body.subarray(i * 65536, (i + 1) * 65536));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { 'content-type': form.contentType, authorization: `Bearer ${a.token}` },
        payload: Readable.from(chunks),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(m.tooLarge(1));
      expect(await storedFiles()).toHaveLength(files);
    });

    it('refuses by the announced Content-Length alone, before reading the body', async () => {
      const form = multipartForm([
        ['OrgId', a.orgId],
        ['File', { name: 'x.pdf', content: pdf('piccolo') }],
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { 'content-type': form.contentType, 'content-length': String(5 * MB), authorization: `Bearer ${a.token}` },
        payload: form.body,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(m.tooLarge(1));
    });

    it('leaves neither a file nor a row when the upload breaks off midway', async () => {
      const files = (await storedFiles()).length;
      const rows = await rowCount();
      const form = multipartForm([
        ['TipoFileId', String(PUI.report)],
        ['OrgId', a.orgId],
        ['CallType', 'PUI'],
        ['File', { name: 'interrotto.pdf', content: Buffer.concat([pdf('interrotto'), Buffer.alloc(300_000, 0x20)]) }],
      ]);
      // The connection drops after 200 kB: the multipart body never ends.
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { 'content-type': form.contentType, authorization: `Bearer ${a.token}` },
        payload: Readable.from([form.body.subarray(0, 100_000), form.body.subarray(100_000, 200_000)]),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(m.uploadInterrupted);
      expect(await storedFiles()).toHaveLength(files);
      expect(await rowCount()).toBe(rows);
    });

    it('refuses an executable renamed .pdf with 415 and an Italian message, storing nothing', async () => {
      const files = (await storedFiles()).length;
      const rows = await rowCount();
      const response = await upload(a.token, { name: 'fattura.pdf', content: executable, contentType: 'application/pdf' });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: 'unsupported_file_type', message: m.notPdf });
      // Also when the fields come after the file, so the type is only known once it is stored.
      const late = await upload(a.token, { name: 'fattura.pdf', content: executable }, { fieldsAfterFile: true });
      expect(late.statusCode).toBe(415);
      expect(await storedFiles()).toHaveLength(files);
      expect(await rowCount()).toBe(rows);
    });

    it('refuses an empty file with 400', async () => {
      const response = await upload(a.token, { name: 'vuoto.pdf', content: Buffer.alloc(0) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'file_empty', message: m.empty });
    });

    it('refuses a form without a file, and an unknown or other fund\u2019s slot', async () => {
      const noFile = multipartForm([
        ['OrgId', a.orgId],
        ['TipoFileId', '103'],
        ['CallType', 'PUI'],
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { 'content-type': noFile.contentType, authorization: `Bearer ${a.token}` },
        payload: noFile.body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(m.fileMissing);
      expect((await upload(a.token, { name: 'x.pdf', content: pdf('x') }, { typeId: 999 })).json().message).toBe(m.typeUnknown);
      expect((await upload(a.token, { name: 'x.pdf', content: pdf('x') }, { typeId: TUR.report, callType: 'PUI' })).statusCode).toBe(400);
    });

    it('shows a path in the name as a plain name: stored under a generated key, offered back as "passwd.pdf"', async () => {
      const response = await upload(a.token, { name: '../../etc/passwd', content: pdf('traversal') }, { typeId: PUI.identity });
      expect(response.statusCode).toBe(200);
      expect(response.json().fileName).toBe('passwd.pdf');
      expect((await storedFiles()).every((file) => /^[0-9a-f]{2}[/\\][0-9a-f-]{36}$/.test(file))).toBe(true);
      const download = await t.get(`/api/FileUpload/GetFile?downloadId=${response.json().id}`, a.token);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
    });

    it('offers an Italian name back exactly, with an ASCII fallback for old clients', async () => {
      const response = await upload(a.token, { name: 'Delibera n° 12 – città.pdf', content: pdf('delibera') }, { typeId: PUI.resolution });
      expect(response.json().fileName).toBe('Delibera n° 12 – città.pdf');
      const download = await t.get(`/api/FileUpload/GetFile?downloadId=${response.json().id}`, a.token);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="Delibera n_ 12 _ citta.pdf"; filename*=UTF-8''Delibera%20n%C2%B0%2012%20%E2%80%93%20citt%C3%A0.pdf`,
      );
    });
  });

  describe('who may do what', () => {
    let fileOfA: string;
    beforeAll(async () => {
      fileOfA = (await slots(a.token)).find((s) => s.id === PUI.report)!.downloadId!;
    });

    it('refuses anonymous callers everywhere', async () => {
      expect((await upload(null, { name: 'x.pdf', content: pdf('x') })).statusCode).toBe(401);
      expect((await t.get(`/api/FileUpload/GetFile?downloadId=${fileOfA}`)).statusCode).toBe(401);
      expect((await remove(undefined, fileOfA)).statusCode).toBe(401);
      expect((await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${a.orgId}&callType=PUI`)).statusCode).toBe(401);
      expect((await t.get(`/api/FileUpload/FileUploadValidationPui?orgId=${a.orgId}`)).statusCode).toBe(401);
      expect((await t.get(`/api/FileUpload/GetZippedFiles?orgId=${a.orgId}&type=pui`)).statusCode).toBe(401);
    });

    it('keeps another organisation\u2019s member out: no list, no download, no removal, no upload', async () => {
      const files = (await storedFiles()).length;
      expect((await t.get(`/api/FileUpload/GetAttachmentTypes?orgId=${a.orgId}&callType=PUI`, b.token)).statusCode).toBe(404);
      expect((await t.get(`/api/FileUpload/FileUploadValidationPui?orgId=${a.orgId}`, b.token)).statusCode).toBe(404);
      const download = await t.get(`/api/FileUpload/GetFile?downloadId=${fileOfA}`, b.token);
      expect(download.statusCode).toBe(404);
      expect(download.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
      expect((await remove(b.token, fileOfA)).statusCode).toBe(404);
      expect((await upload(b.token, { name: 'x.pdf', content: pdf('intruso') }, { orgId: a.orgId })).statusCode).toBe(404);
      expect(
        (await upload(b.token, { name: 'x.pdf', content: pdf('intruso') }, { orgId: a.orgId, fieldsAfterFile: true })).statusCode,
      ).toBe(404);
      expect(await storedFiles()).toHaveLength(files);
      expect((await slots(a.token)).find((s) => s.id === PUI.report)!.downloadId).toBe(fileOfA);
    });

    it('answers 404 for an unknown file and for a malformed id', async () => {
      expect((await t.get('/api/FileUpload/GetFile?downloadId=00000000-0000-4000-8000-000000000000', a.token)).statusCode).toBe(404);
      expect((await t.get('/api/FileUpload/GetFile?downloadId=../../etc/passwd', a.token)).statusCode).toBe(404);
    });

    it('lets a platform administrator list and download, but not upload or remove', async () => {
      expect((await slots(admin.token)).find((s) => s.id === PUI.report)!.downloadId).toBe(fileOfA);
      expect((await t.get(`/api/FileUpload/GetFile?downloadId=${fileOfA}`, admin.token)).statusCode).toBe(200);
      expect((await upload(admin.token, { name: 'x.pdf', content: pdf('admin') })).statusCode).toBe(403);
      expect((await remove(admin.token, fileOfA)).statusCode).toBe(403);
    });

    it('zips every file of the application for the administrator, named after the organisation', async () => {
      const response = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${a.orgId}&type=pui`, admin.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="AllegatiPui-Comune di Alfa.zip"; filename*=UTF-8''AllegatiPui-Comune%20di%20Alfa.zip`,
      );
      const entries = zipEntries(response.rawPayload);
      const list = (await slots(a.token)).filter((s) => s.downloadId);
      expect(entries.size).toBe(list.length);
      for (const slot of list) {
        const download = await t.get(`/api/FileUpload/GetFile?downloadId=${slot.downloadId}`, a.token);
        expect(entries.get(`${slot.attachedTypeName} - ${slot.fileName}`)?.equals(download.rawPayload)).toBe(true);
      }
      // PDFs and the zip-based Office formats are compressed already: stored as they are, not deflated again.
      const methods = zipDirectory(response.rawPayload).map((entry) => [entry.name.split('.').pop(), entry.method]);
      expect(methods.filter(([extension]) => extension === 'pdf' || extension === 'xlsx').every(([, method]) => method === 0)).toBe(true);
      expect(methods.some(([extension]) => extension === 'pdf')).toBe(true);
    });

    it('keeps the zip for administrators, and answers 404 when there is nothing to zip', async () => {
      expect((await t.get(`/api/FileUpload/GetZippedFiles?orgId=${a.orgId}&type=pui`, a.token)).statusCode).toBe(403);
      const none = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${b.orgId}&type=tur`, admin.token);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(m.zipEmpty);
    });
  });

  describe('mandatory attachments (FileUploadValidationPui)', () => {
    it('lists what is missing until every mandatory slot has a file', async () => {
      const check = async () =>
        attachmentValidationSchema.parse((await t.get(`/api/FileUpload/FileUploadValidationPui?orgId=${b.orgId}`, b.token)).json());
      const first = await check();
      expect(first.isValid).toBe(false);
      expect(first.missing.map((x) => x.id)).toEqual([101, 102, 103, 104, 105, 106]);

      for (const typeId of [101, 102, 103, 105]) {
        expect(
          (await upload(b.token, { name: `${typeId}.pdf`, content: pdf(String(typeId)) }, { orgId: b.orgId, typeId })).statusCode,
        ).toBe(200);
      }
      expect((await upload(b.token, { name: 'piano.xlsx', content: await xlsx() }, { orgId: b.orgId, typeId: 104 })).statusCode).toBe(200);
      expect(await check()).toEqual({
        isValid: false,
        missing: [{ id: 106, attachedTypeName: "Documento d'identità del legale rappresentante" }],
      });

      expect((await upload(b.token, { name: 'ci.pdf', content: pdf('ci') }, { orgId: b.orgId, typeId: 106 })).statusCode).toBe(200);
      expect(await check()).toEqual({ isValid: true, missing: [] });
      // The other fund's attachments are separate.
      const tur = await t.get(`/api/FileUpload/FileUploadValidationTur?orgId=${b.orgId}`, b.token);
      expect(tur.json().isValid).toBe(false);
    });
  });

  describe('after the application is submitted', () => {
    it('refuses uploads and removals with 409, whatever the client sends; downloads still work', async () => {
      const uploaded = await upload(a.token, { name: 'relazione.pdf', content: pdf('tur') }, { callType: 'TUR', typeId: TUR.report });
      expect(uploaded.statusCode).toBe(200);
      await forceApplicationStatus(t, a.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA');
      const files = (await storedFiles()).length;

      const again = await upload(a.token, { name: 'relazione-2.pdf', content: pdf('tur 2') }, { callType: 'TUR', typeId: TUR.report });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'application_submitted', message: m.submitted });
      const late = await upload(
        a.token,
        { name: 'relazione-2.pdf', content: pdf('tur 2') },
        { callType: 'TUR', typeId: TUR.report, fieldsAfterFile: true },
      );
      expect(late.statusCode).toBe(409);
      expect((await remove(a.token, uploaded.json().id)).statusCode).toBe(409);
      expect(await storedFiles()).toHaveLength(files);

      const [row] = await t.db.select().from(attachments).where(eq(attachments.id, uploaded.json().id));
      expect(row?.fileName).toBe('relazione.pdf');
      expect((await t.get(`/api/FileUpload/GetFile?downloadId=${uploaded.json().id}`, a.token)).statusCode).toBe(200);
      // The PUI application of the same organisation is not submitted: its files still change.
      expect((await upload(a.token, { name: 'x.pdf', content: pdf('pui') }, { typeId: PUI.generic })).statusCode).toBe(200);
    });
  });
});
