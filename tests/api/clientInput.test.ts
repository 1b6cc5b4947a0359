import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline, Transform, Writable, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { messages } from '../../domain/messages.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { puiApplicationSchema } from '../../domain/pui/puiApplication.ts';
import { attachments } from '../../server/db/schema/attachments.ts';
import { createFilesystemStorage } from '../../server/storage/filesystemStorage.ts';
import type { FileStorage } from '../../server/storage/fileStorage.ts';
import { applicationOf, forceApplicationStatus, saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 16 finding 5: input a client can send that used to answer 500. Each answers 4xx (or 507 for a full
 * disk) with an Italian message, and a 500 that remains names a request id found in the log.
 */

const PUI_REPORT = 103;

/** The disk as a test can make it fail: after `afterBytes` bytes every write fails with `code`. */
function failingDisk(code: string, afterBytes = 64) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      afterBytes -= chunk.length;
      if (afterBytes < 0) return callback(Object.assign(new Error(`${code}: simulated`), { code, errno: -28, syscall: 'write' }));
      callback(null, chunk);
    },
  });
}

/** The real filesystem store, whose writes fail with `failure.code` while `failure.code` is set. */
function storageThatFails(root: string, failure: { code?: string }): FileStorage {
  const real = createFilesystemStorage(root);
  return {
    ...real,
    put(source: Readable) {
      if (!failure.code) return real.put(source);
      // The store sees the failing disk's error as it would a write's.
      return real.put(pipeline(source, failingDisk(failure.code), () => {}));
    },
  };
}

const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
    callback();
  },
});

let t: TestApp;
let filesRoot: string;
const failure: { code?: string } = {};
let a: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };

beforeAll(async () => {
  filesRoot = path.join((await import('node:os')).tmpdir(), `pf-client-input-${Date.now()}`);
  t = await createTestApp({ storage: storageThatFails(filesRoot, failure), logger: { level: 'warn', stream: logStream } });
  a = await personWithOrganization(t, { name: 'Comune di Input' });
  admin = await t.loginAsAdmin();
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function storedFiles(): string[] {
  try {
    return readdirSync(filesRoot, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe('multipart bodies the parser cannot read', () => {
  it('without a boundary: 400 with an Italian message, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...bearer(a.token), 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="OrgId"\r\n\r\n1\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_multipart', message: attachmentsMessages.badMultipart });
  });

  it('with a boundary the body never uses, or broken part headers: 400', async () => {
    for (const payload of ['nothing like a multipart body', '--xyz\r\nContent-Disposition form-data garbage\r\n\r\nvalue\r\n--xyz--\r\n']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { ...bearer(a.token), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[àèéìòù]|file|riprova/i);
    }
  });
});

describe('JSON nested 10,000 levels deep', () => {
  it('as survey answers (an object): 400 before anything serialises it', async () => {
    const reviewed = await personWithOrganization(t, { name: 'Comune in Istruttoria' });
    const applicationId = await forceApplicationStatus(t, reviewed.orgId, 'PUI', 'AMMISSIBILE', { submittedAt: new Date() });
    const list = (await t.get('/api/SJSurvey/GetSurveyTypeList', reviewed.token)).json() as { id: number; name: string }[];
    const surveyId = list.find((s) => s.name === 'Istruttoria-Pui')!.id;
    const body = `{"surveySubmissionID":null,"surveyId":${surveyId},"candidaturaId":"${applicationId}","compilazioneType":1,"monitoraggio":false,"json":{"cup":${deepObject(10_000)}}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/SJSurvey/CreateSurveyAnswers',
      headers: { ...bearer(reviewed.token), 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'input_too_deep', message: messages.generic.inputTooDeep });
    // As JSON text as well.
    const asText = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      {
        surveySubmissionID: null,
        surveyId,
        candidaturaId: applicationId,
        compilazioneType: 1,
        monitoraggio: false,
        json: `{"cup":${deepArray(10_000)}}`,
      },
      reviewed.token,
    );
    expect(asText.statusCode).toBe(400);
    expect(asText.json().error).toBe('input_too_deep');
  });

  it('as a draft, and as any JSON body: 400, the stored draft unchanged', async () => {
    const before = await applicationOf(t, a.orgId, 'TUR');
    const draft = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      { compilazioneType: COMPILAZIONE_TYPE.TUR, organizationId: a.orgId, json: `{"progNome":"x","puiSurveyDto":${deepObject(10_000)}}` },
      a.token,
    );
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error).toBe('input_too_deep');
    expect((await applicationOf(t, a.orgId, 'TUR'))?.draftVersion).toBe(before?.draftVersion);

    const body = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/UpdateOrganization',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: `{"id":"${a.orgId}","name":${deepArray(10_000)}}`,
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ error: 'input_too_deep', message: messages.generic.inputTooDeep });
  });

  it('a body over the limit: 413 with an Italian message', async () => {
    const response = await t.post(
      '/api/Organization/UpdateOrganization',
      { ...a.payload, id: a.orgId, description: 'x'.repeat(2 * 1024 * 1024) },
      a.token,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Il contenuto inviato è troppo grande.');
  });
});

describe('U+0000 (PostgreSQL refuses it) in any string: 400 naming the field, nothing stored', () => {
  it('in a JSON body field', async () => {
    const response = await t.post(
      '/api/Organization/UpdateOrganization',
      { ...a.payload, id: a.orgId, name: 'Comune\u0000 di Input' },
      a.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'input_nul_character', message: messages.generic.nulCharacter('name') });
    const user = await t.post(
      '/api/User/UpdateUser',
      { firstName: 'Giu\u0000lia', lastName: 'Rossi', email: a.email, roles: [], id: a.userId },
      a.token,
    );
    expect(user.statusCode).toBe(400);
    expect(user.json().message).toBe(messages.generic.nulCharacter('firstName'));
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${a.orgId}`, a.token)).json().name).toBe('Comune di Input');
  });

  it('in a draft value, naming the wizard field', async () => {
    const response = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco\u0000 urbano', puiSurveyDto: { noteAlberi: 'ok' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'input_nul_character', message: messages.generic.nulCharacter('progNome') });
    const nested = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco', puiSurveyDto: { noteAlberi: 'a\u0000' } });
    expect(nested.json().message).toBe(messages.generic.nulCharacter('puiSurveyDto.noteAlberi'));
  });

  it('in a query parameter (the note of a status change) and in a key', async () => {
    const id = await forceApplicationStatus(t, a.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
    const response = await updateStatus(t, admin.token, 'TUR', id, 'In valutazione', 'nota\u0000');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.generic.nulCharacter('note'));
    expect((await applicationOf(t, a.orgId, 'TUR'))?.status).toBe('CANDIDATURA_SOTTOMESSA');

    const key = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/UpdateOrganization',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: `{"id":"${a.orgId}","na\\u0000me":"x"}`,
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().error).toBe('input_nul_character');
  });
});

describe('a draft with 20,000 keys', () => {
  it('is stored as the fund’s values only, so the Excel export has the fund’s columns, not 20,000', async () => {
    const sent: Record<string, unknown> = { progNome: 'Piazza verde' };
    for (let i = 0; i < 20_000; i++) sent[`campo${i}`] = i;
    const response = await saveDraft(t, a.token, a.orgId, 'PUI', sent);
    expect(response.statusCode).toBe(200);
    const row = await applicationOf(t, a.orgId, 'PUI');
    const storedKeys = Object.keys(row!.draft as object);
    expect(storedKeys).toContain('progNome');
    expect(storedKeys.every((key) => key in puiApplicationSchema.shape)).toBe(true);

    const exported = await t.post(
      '/api/DraftCompilazione/DownloadExcelCompilazioni',
      { compilazioniId: [row!.id], callType: 'PUI' },
      admin.token,
    );
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.columnCount).toBeLessThan(Object.keys(puiApplicationSchema.shape).length + 20);
  });
});

describe('the disk fills up during an upload', () => {
  it('answers 507 with an Italian message and leaves neither a file (.part included) nor a row', async () => {
    failure.code = 'ENOSPC';
    try {
      const response = await uploadAttachment(
        t,
        a.token,
        { name: 'relazione.pdf', content: Buffer.concat([samplePdf('pieno'), Buffer.alloc(256 * 1024, 0x20)]) },
        { orgId: a.orgId, callType: 'PUI', typeId: PUI_REPORT },
      );
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({ error: 'insufficient_storage', message: attachmentsMessages.storageFull });
    } finally {
      delete failure.code;
    }
    expect(storedFiles()).toEqual([]);
    expect(await t.db.select().from(attachments)).toEqual([]);
    // Space again: the same upload goes through.
    const retry = await uploadAttachment(
      t,
      a.token,
      { name: 'relazione.pdf', content: samplePdf('spazio') },
      { orgId: a.orgId, callType: 'PUI', typeId: PUI_REPORT },
    );
    expect(retry.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(1);
  });
});

describe('a 500 that remains', () => {
  it('carries a request id unique across processes, and the log line of the error carries the same id', async () => {
    failure.code = 'EIO';
    let response;
    try {
      response = await uploadAttachment(
        t,
        a.token,
        { name: 'guasto.pdf', content: Buffer.concat([samplePdf('guasto'), Buffer.alloc(1024, 0x20)]) },
        { orgId: a.orgId, callType: 'PUI', typeId: PUI_REPORT },
      );
    } finally {
      delete failure.code;
    }
    expect(response.statusCode).toBe(500);
    const body = response.json() as { error: string; message: string; requestId: string };
    expect(body).toMatchObject({ error: 'internal_error', message: messages.generic.serverError });
    expect(body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const logged = logLines.filter((line) => line.reqId === body.requestId && line.level === 50);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain('EIO');
  });
});
