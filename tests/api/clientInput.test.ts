import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline, Transform, Writable, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { messages } from '../../domain/messages.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { inputMessages } from '../../domain/messages/input.ts';
import { puiApplicationSchema } from '../../domain/pui/puiApplication.ts';
import { attachments } from '../../server/db/schema/attachments.ts';
import { createFilesystemStorage } from '../../server/storage/filesystemStorage.ts';
import type { FileStorage } from '../../server/storage/fileStorage.ts';
import { applicationOf, forceApplicationStatus, saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { organizationPayload, personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { completeTurApplication } from '../support/turFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Input a client can send that a server could answer with 500. Each answers 4xx (or 507 for a full
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
    expect(response.json()).toEqual({ error: 'input_too_deep', message: inputMessages.inputTooDeep });
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
    expect(body.json()).toEqual({ error: 'input_too_deep', message: inputMessages.inputTooDeep });
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
    expect(response.json()).toEqual({ error: 'input_nul_character', message: inputMessages.nulCharacter('name') });
    const user = await t.post(
      '/api/User/UpdateUser',
      { firstName: 'Giu\u0000lia', lastName: 'Rossi', email: a.email, roles: [], id: a.userId },
      a.token,
    );
    expect(user.statusCode).toBe(400);
    expect(user.json().message).toBe(inputMessages.nulCharacter('firstName'));
    expect((await t.get(`/api/Organization/GetOrganizationById?id=${a.orgId}`, a.token)).json().name).toBe('Comune di Input');
  });

  it('in a draft value, naming the wizard field', async () => {
    const response = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco\u0000 urbano', puiSurveyDto: { noteAlberi: 'ok' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'input_nul_character', message: inputMessages.nulCharacter('progNome') });
    const nested = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco', puiSurveyDto: { noteAlberi: 'a\u0000' } });
    expect(nested.json().message).toBe(inputMessages.nulCharacter('puiSurveyDto.noteAlberi'));
  });

  it('in a query parameter (the note of a status change) and in a key', async () => {
    const id = await forceApplicationStatus(t, a.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
    const response = await updateStatus(t, admin.token, 'TUR', id, 'In valutazione', 'nota\u0000');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(inputMessages.nulCharacter('note'));
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

describe('lone UTF-16 surrogates (PostgreSQL refuses them in jsonb): 400 naming the field, never 500', () => {
  /** Half of a character: JSON.stringify sends it as the escape "\ud800", which JSON.parse turns back into it. */
  const HALF = '\ud800';
  let reviewed: Awaited<ReturnType<typeof personWithOrganization>>;
  let reviewedApplication: string;
  let surveyId: number;

  beforeAll(async () => {
    reviewed = await personWithOrganization(t, { name: 'Comune dei Surrogati' });
    reviewedApplication = await forceApplicationStatus(t, reviewed.orgId, 'PUI', 'AMMISSIBILE', { submittedAt: new Date() });
    const list = (await t.get('/api/SJSurvey/GetSurveyTypeList', reviewed.token)).json() as { id: number; name: string }[];
    surveyId = list.find((survey) => survey.name === 'Istruttoria-Pui')!.id;
  });

  const surveyAnswers = (json: unknown) => ({
    surveySubmissionID: null,
    surveyId,
    candidaturaId: reviewedApplication,
    compilazioneType: 1,
    monitoraggio: false,
    json,
  });
  const draft = (json: string) => ({ compilazioneType: COMPILAZIONE_TYPE.PUI, organizationId: reviewed.orgId, json });

  it('in survey answers, a draft and an organisation’s description, as object values and inside JSON text', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/SJSurvey/CreateSurveyAnswers', surveyAnswers({ q: `a${HALF}b` }), 'json.q'],
      ['/api/SJSurvey/CreateSurveyAnswers', surveyAnswers(JSON.stringify({ q: `a${HALF}b` })), 'json.q'],
      ['/api/DraftCompilazione/CreateDraftCompilazione', draft(JSON.stringify({ progNome: `a${HALF}b` })), 'progNome'],
      ['/api/Organization/UpdateOrganization', { ...reviewed.payload, id: reviewed.orgId, description: `a${HALF}b` }, 'description'],
      ['/api/User/UpdateUser', { id: reviewed.userId, firstName: `Giu${HALF}lia`, lastName: 'Rossi' }, 'firstName'],
    ];
    for (const [url, body, field] of cases) {
      const response = await t.post(url, body, reviewed.token);
      expect(response.statusCode, `${url} ${field}`).toBe(400);
      expect(response.json(), url).toEqual({ error: 'input_lone_surrogate', message: inputMessages.loneSurrogate(field) });
    }
    const low = await t.post('/api/SJSurvey/CreateSurveyAnswers', surveyAnswers({ q: 'fine\udc00' }), reviewed.token);
    expect(low.json().error).toBe('input_lone_surrogate');
    // A whole pair is a character like any other (an emoji), and is stored.
    const emoji = await t.post('/api/SJSurvey/CreateSurveyAnswers', surveyAnswers({ cup: 'Parco \ud83c\udf33' }), reviewed.token);
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().json).toEqual({ cup: 'Parco \ud83c\udf33' });
  });

  it('every JSON route, with a surrogate in each value, in a key, and in the JSON texts: never a 500', async () => {
    const paths = apiRoutes(t.app.printRoutes({ commonPrefix: false })).filter((route) => route.method !== 'GET');
    expect(paths.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/SJSurvey/CreateSurveyAnswers', '/api/User/UpdateUser']));
    const realistic: Record<string, unknown> = {
      '/api/User/UpdateUser': { id: reviewed.userId, firstName: 'Giulia', lastName: 'Rossi', email: reviewed.email, roles: [] },
      // A wrong current password: whatever the variant, nobody's password changes.
      '/api/User/ChangePassword': { currentPassword: 'non-e-la-password', newPassword: 'password-nuova-22', refreshToken: null },
      '/api/Organization/UpdateOrganization': { ...reviewed.payload, id: reviewed.orgId, description: 'Descrizione' },
      '/api/Organization/CreateOrganization': organizationPayload(),
      '/api/Organization/AcceptInvitation': { token: 'abcdefghijklmnopqrstuvwxyz' },
      '/api/SendEmail/SendEmail': { emails: ['nuovo@esempio.it'], userId: reviewed.userId, subject: 'Invito', message: 'Ciao' },
      '/api/SJSurvey/CreateSurveyAnswers': surveyAnswers(JSON.stringify({ cup: 'CUP', note: { testo: 'nota' } })),
      '/api/DraftCompilazione/CreateDraftCompilazione': draft(JSON.stringify({ progNome: 'Parco', puiSurveyDto: { noteAlberi: 'ok' } })),
      '/api/DraftCompilazione/DownloadExcelCompilazioni': { compilazioniId: [reviewedApplication], callType: 'PUI' },
      '/api/Pui/CreatePui': completePuiApplication(reviewed.orgId),
      '/api/Tur/CreateUpdateTur': completeTurApplication(reviewed.orgId),
      '/api/Jwt/token-exchange': { code: 'codice', codeVerifier: 'verificatore', redirectUri: 'http://portale.test/login-callback' },
    };
    for (const { method, url } of paths) {
      const base = realistic[url] ?? { nome: 'valore' };
      const variants = {
        values: withHalves(base, 'values'),
        keys: withHalves(base, 'keys'),
        texts: withHalves(base, 'texts'),
      };
      for (const [variant, body] of Object.entries(variants)) {
        for (const token of [reviewed.token, admin.token]) {
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { ...bearer(token), ...selected(reviewed.orgId), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode, `${method} ${url} (${variant}): ${response.body}`).toBeLessThan(500);
          // A body without JSON text is sent unchanged as 'texts': it may well be accepted.
          if (variant !== 'texts') expect(response.json(), `${url} (${variant})`).toMatchObject({ error: expect.any(String) });
        }
      }
    }
  });
});

describe('keys that name a prototype (__proto__, constructor, prototype): 400 wherever they come', () => {
  it('in a body, in a draft sent as JSON text and nested in its values; nothing stored', async () => {
    const before = await applicationOf(t, a.orgId, 'PUI');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/UpdateOrganization',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: `{"id":"${a.orgId}","__proto__":{"isAdmin":true}}`,
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ error: 'input_forbidden_key', message: inputMessages.forbiddenKey('__proto__') });
    for (const json of [
      '{"progNome":"x","__proto__":{"a":1}}',
      '{"puiSurveyDto":{"constructor":{"prototype":{"a":1}}}}',
      '{"prototype":1}',
    ]) {
      const response = await t.post(
        '/api/DraftCompilazione/CreateDraftCompilazione',
        { compilazioneType: COMPILAZIONE_TYPE.PUI, organizationId: a.orgId, json },
        a.token,
      );
      expect(response.statusCode, json).toBe(400);
      expect(response.json().error, json).toBe('input_forbidden_key');
    }
    expect((await applicationOf(t, a.orgId, 'PUI'))?.draftVersion).toBe(before?.draftVersion);
  });
});

/** The /api routes of `printRoutes({ commonPrefix: false })`, one per method (HEAD left out: GET stands for it). */
function apiRoutes(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = `${stack.join('')}${match[2]!}`;
    stack.push(match[2]!);
    if (!url.startsWith('/api/') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/**
 * `value` with a lone surrogate: at the end of every string ('values'), as an extra key of every object
 * ('keys'), or inside every string that is JSON text, as a value and a key ('texts').
 */
function withHalves(value: unknown, where: 'values' | 'keys' | 'texts'): unknown {
  if (typeof value === 'string') {
    if (where === 'values') return `${value}\udc00`;
    if (where === 'texts' && /^[[{]/.test(value)) {
      const inner = withHalves(JSON.parse(value), 'values');
      return JSON.stringify(withHalves(inner, 'keys'));
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => withHalves(item, where));
  if (value && typeof value === 'object') {
    const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withHalves(item, where)]));
    return where === 'keys' ? { ...copy, [`chiave\ud800`]: 'valore' } : copy;
  }
  return value;
}

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
    // The fund's columns (one per wizard field and impact indicator, after the application's own facts): 91 today.
    expect(sheet.columnCount).toBeLessThan(200);
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    expect(headers.some((header) => header.startsWith('campo'))).toBe(false);
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
