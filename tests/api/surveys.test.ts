import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { surveyDefinitionSchema, surveySubmissionSchema, surveyValidationSchema, type SurveySubmission } from '../../domain/surveys.ts';
import { surveyDefinitions, surveySubmissions } from '../../server/db/schema/surveys.ts';
import { DEFAULT_SURVEYS_DATA_DIR, readSurveyDefinitions, seedSurveyDefinitions } from '../../server/surveys/definitions.ts';
import { applicationRow, forceApplicationStatus, historyRows, updateStatus } from '../support/applicationFixtures.ts';
import { removeAttachment, samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { zipEntries } from '../support/zipEntries.ts';

/** server/reference/attachmentTypes.ts: the PUI review's mandatory DNSH declaration and a scheda. */
const PUI_DNSH_DECLARATION = 160;
const PUI_SCHEDA = 171;
const m = surveyMessages;

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let applicationId: string;
let ids: { istruttoria: number; gresb: number; istruttoriaTur: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithOrganization(t, { name: 'Comune di Istruttoria' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
  applicationId = await forceApplicationStatus(t, owner.orgId, 'PUI', 'AMMISSIBILE', { submittedAt: new Date() });
  const list = (await t.get('/api/SJSurvey/GetSurveyTypeList', owner.token)).json() as { id: number; name: string }[];
  const id = (name: string) => list.find((s) => s.name === name)!.id;
  ids = { istruttoria: id('Istruttoria-Pui'), gresb: id('Gresb-Pui'), istruttoriaTur: id('Istruttoria-Tur') };
});
afterAll(() => t.close());

const save = (surveyId: number, json: unknown, version?: number, token = owner.token, extra: Record<string, unknown> = {}) =>
  t.post(
    '/api/SJSurvey/CreateSurveyAnswers',
    {
      surveySubmissionID: null,
      surveyId,
      json,
      candidaturaId: applicationId,
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      monitoraggio: false,
      version,
      ...extra,
    },
    token,
  );
const submission = (surveyId: number, token = owner.token, candidaturaId = applicationId) =>
  t.get(`/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${surveyId}&candidaturaId=${candidaturaId}`, token);
const submit = (token = owner.token) => updateStatus(t, token, 'PUI', applicationId, 'Istruttoria Sottomessa');
const uploadDeclaration = (typeId = PUI_DNSH_DECLARATION) =>
  uploadAttachment(
    t,
    owner.token,
    { name: 'dichiarazione-dnsh.pdf', content: samplePdf('Dichiarazione DNSH') },
    { orgId: owner.orgId, callType: 'PUI', typeId },
  );

describe('survey definitions', () => {
  it('lists the four surveys by name, each with its version and title, and serves each definition', async () => {
    const list = (await t.get('/api/SJSurvey/GetSurveyTypeList', owner.token)).json() as { name: string; version: number; title: string }[];
    expect(list.map((s) => s.name).sort()).toEqual(['Gresb-Pui', 'Gresb-Tur', 'Istruttoria-Pui', 'Istruttoria-Tur']);
    expect(list.every((s) => s.version === 1 && s.title.length > 0)).toBe(true);

    const byType = await t.get('/api/SJSurvey/GetSurveyByType?type=Gresb-Pui', owner.token);
    expect(byType.json()).toMatchObject({ id: ids.gresb, name: 'Gresb-Pui', version: 1 });
    expect((await t.get('/api/SJSurvey/GetSurveyByType?type=Sconosciuta', owner.token)).statusCode).toBe(404);

    const struct = await t.get(`/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=${ids.istruttoria}`, admin.token);
    expect(struct.statusCode).toBe(200);
    const definition = surveyDefinitionSchema.parse(struct.json());
    expect(JSON.stringify(definition.json)).toContain('Codice Unico di Progetto (CUP)');
    expect((await t.get('/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=999999', owner.token)).statusCode).toBe(404);
    expect((await t.get('/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=abc', owner.token)).statusCode).toBe(404);
  });

  it('answers 401 to anonymous callers on every call', async () => {
    const calls = [
      t.get('/api/SJSurvey/GetSurveyTypeList'),
      t.get('/api/SJSurvey/GetSurveyByType?type=Gresb-Pui'),
      t.get(`/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=${ids.gresb}`),
      t.get(`/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${ids.gresb}&candidaturaId=${applicationId}`),
      t.get(`/api/SJSurvey/GetAnswersBySubmissionIdPui?submissionId=${applicationId}`),
      t.get(`/api/SJSurvey/GetAnswersBySubmissionIdTur?submissionId=${applicationId}`),
      t.post('/api/SJSurvey/CreateSurveyAnswers', { surveyId: ids.gresb, json: {}, candidaturaId: applicationId, compilazioneType: 1 }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });

  it('a new file content is a new version; an unchanged one adds nothing; old versions stay', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pf-surveys-'));
    cpSync(DEFAULT_SURVEYS_DATA_DIR, dir, { recursive: true });
    const files = await readSurveyDefinitions(dir);
    await seedSurveyDefinitions(t.db, files);
    expect(await t.db.select().from(surveyDefinitions).where(eq(surveyDefinitions.name, 'Gresb-Tur'))).toHaveLength(1);
    const changed = files.map((f) => (f.name === 'Gresb-Tur' ? { ...f, json: { ...f.json, description: 'Versione 2' } } : f));
    await seedSurveyDefinitions(t.db, changed);
    const versions = await t.db.select().from(surveyDefinitions).where(eq(surveyDefinitions.name, 'Gresb-Tur'));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const latest = (await t.get('/api/SJSurvey/GetSurveyByType?type=Gresb-Tur', owner.token)).json();
    expect(latest.version).toBe(2);
  });

  it('a bad definition file stops the start, naming the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pf-surveys-bad-'));
    cpSync(DEFAULT_SURVEYS_DATA_DIR, dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'Gresb-Pui.json'),
      JSON.stringify({
        pages: [
          {
            name: 'p',
            elements: [
              { type: 'text', name: 'a' },
              { type: 'text', name: 'a' },
            ],
          },
        ],
      }),
    );
    await expect(createTestApp({ env: { SURVEYS_DATA_DIR: dir } })).rejects.toThrow(/Gresb-Pui\.json.*invalid[\s\S]*"a" is used twice/);
    writeFileSync(path.join(dir, 'Gresb-Pui.json'), '{ "pages": [');
    await expect(readSurveyDefinitions(dir)).rejects.toThrow(/Gresb-Pui\.json is not valid JSON/);
    writeFileSync(
      path.join(dir, 'Gresb-Pui.json'),
      JSON.stringify({ pages: [{ name: 'p', elements: [{ type: 'nonexistent', name: 'x' }] }] }),
    );
    await expect(createTestApp({ env: { SURVEYS_DATA_DIR: dir } })).rejects.toThrow(/Gresb-Pui\.json is invalid/);
    writeFileSync(path.join(dir, 'Gresb-Pui.json'), '[]');
    await expect(readSurveyDefinitions(dir)).rejects.toThrow(/Gresb-Pui\.json is invalid: the file must hold one JSON object/);
  });
});

describe('answers', () => {
  let first: SurveySubmission;

  it('before the first save there are none; the first save pins the definition version', async () => {
    expect((await submission(ids.istruttoria)).json()).toBeNull();
    const saved = await save(ids.istruttoria, JSON.stringify({ cup: 'J31B21001230006' }), 0);
    expect(saved.statusCode).toBe(200);
    first = surveySubmissionSchema.parse(saved.json());
    expect(first).toMatchObject({
      surveyId: ids.istruttoria,
      surveyName: 'Istruttoria-Pui',
      candidaturaId: applicationId,
      compilazioneType: 1,
      version: 1,
      submittedAt: null,
    });
    expect(first.json).toEqual({ cup: 'J31B21001230006' });
  });

  it('a save carries the version last seen: a stale one gets 412 and changes nothing', async () => {
    const second = await save(ids.istruttoria, { cup: 'J31B21001230006', livelloProgettazione: 'esecutivo' }, 1, owner.token, {
      surveySubmissionID: first.id,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().version).toBe(2);
    // Another tab still holding version 1.
    const stale = await save(ids.istruttoria, { cup: 'VECCHIO' }, 1, owner.token, { surveySubmissionID: first.id });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ error: 'survey_version_conflict', message: m.stale });
    const firstAgain = await save(ids.istruttoria, { cup: 'NUOVO' }, 0);
    expect(firstAgain.statusCode).toBe(412);
    const stored = surveySubmissionSchema.parse((await submission(ids.istruttoria)).json());
    expect(stored.json).toEqual({ cup: 'J31B21001230006', livelloProgettazione: 'esecutivo' });
  });

  it('reads by submission id through the fund that owns it; admins read too; another organisation hears 404', async () => {
    const byId = await t.get(`/api/SJSurvey/GetAnswersBySubmissionIdPui?submissionId=${first.id}`, owner.token);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().id).toBe(first.id);
    expect((await t.get(`/api/SJSurvey/GetAnswersBySubmissionIdTur?submissionId=${first.id}`, owner.token)).statusCode).toBe(404);
    expect((await t.get(`/api/SJSurvey/GetAnswersBySubmissionIdPui?submissionId=${first.id}`, admin.token)).statusCode).toBe(200);
    expect((await submission(ids.istruttoria, admin.token)).statusCode).toBe(200);

    expect((await t.get(`/api/SJSurvey/GetAnswersBySubmissionIdPui?submissionId=${first.id}`, stranger.token)).statusCode).toBe(404);
    expect((await submission(ids.istruttoria, stranger.token)).statusCode).toBe(404);
    expect((await t.get(`/api/SJSurvey/GetSurveyValidation?candidaturaId=${applicationId}`, stranger.token)).statusCode).toBe(404);
    const strangerSave = await save(ids.istruttoria, { cup: 'X' }, 2, stranger.token);
    expect(strangerSave.statusCode).toBe(404);
    const adminSave = await save(ids.istruttoria, { cup: 'X' }, 2, admin.token);
    expect(adminSave.statusCode).toBe(403);
  });

  it('refuses answers that are not an object, a survey of the other fund, a wrong compilazioneType and a malformed application id (404)', async () => {
    expect((await save(ids.gresb, '[1, 2]')).statusCode).toBe(400);
    expect((await save(ids.gresb, 'not json')).statusCode).toBe(400);
    expect((await save(ids.istruttoriaTur, {})).json()).toEqual({ error: 'survey_wrong_fund', message: m.wrongFund });
    expect((await save(ids.gresb, {}, undefined, owner.token, { compilazioneType: 0 })).statusCode).toBe(400);
    expect((await save(ids.gresb, {}, undefined, owner.token, { candidaturaId: 'nope' })).statusCode).toBe(404);
  });

  it('keeps markup as data, returned exactly as typed', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    const saved = await save(ids.gresb, { biodiversita: xss }, 0);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-type']).toContain('application/json');
    expect(surveySubmissionSchema.parse((await submission(ids.gresb)).json()).json.biodiversita).toBe(xss);
  });

  it('stores only the answers to the survey’s questions (a comment to "Altro" included); prototype keys are refused', async () => {
    const current = surveySubmissionSchema.parse((await submission(ids.istruttoria)).json());
    const answers = {
      cup: 'J31B21001230006',
      tipiVincolo: ['other'],
      'tipiVincolo-Comment': 'vincolo comunale',
      nonEsiste: 'una risposta a nessuna domanda',
      'nonEsiste-Comment': 'nemmeno questa',
    };
    const expected = { cup: 'J31B21001230006', tipiVincolo: ['other'], 'tipiVincolo-Comment': 'vincolo comunale' };
    const saved = await save(ids.istruttoria, answers, current.version, owner.token, { surveySubmissionID: current.id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().json).toEqual(expected);
    const asText = await save(ids.istruttoria, JSON.stringify(answers), current.version + 1, owner.token, {
      surveySubmissionID: current.id,
    });
    expect(asText.json().json).toEqual(expected);
    const [row] = await t.db.select().from(surveySubmissions).where(eq(surveySubmissions.id, current.id));
    expect(row!.answers).toEqual(expected);

    for (const json of ['{"cup":"x","__proto__":{"inquinato":true}}', '{"constructor":{"prototype":{"inquinato":true}}}']) {
      const refused = await save(ids.istruttoria, json, current.version + 2, owner.token, { surveySubmissionID: current.id });
      expect(refused.statusCode, json).toBe(400);
      expect(refused.json().error, json).toBe('input_forbidden_key');
    }
    const [after] = await t.db.select().from(surveySubmissions).where(eq(surveySubmissions.id, current.id));
    expect(after!.answers).toEqual(expected);
    expect(after!.version).toBe(current.version + 2);
  });

  it('is written only while the application is Ammissibile', async () => {
    const other = await personWithOrganization(t, { name: 'Comune in Valutazione' });
    const inValutazione = await forceApplicationStatus(t, other.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const refused = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      { surveyId: ids.gresb, json: {}, candidaturaId: inValutazione, compilazioneType: 1, monitoraggio: false },
      other.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'survey_closed', message: m.notOpen });
  });
});

describe('TUR through the same code', () => {
  it('saves the TUR surveys of a TUR application and reads them through the TUR call only', async () => {
    const turId = await forceApplicationStatus(t, owner.orgId, 'TUR', 'AMMISSIBILE', { submittedAt: new Date() });
    const saved = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      {
        surveyId: ids.istruttoriaTur,
        json: { postiLettoAttuali: 40 },
        candidaturaId: turId,
        compilazioneType: COMPILAZIONE_TYPE.TUR,
        version: 0,
      },
      owner.token,
    );
    expect(saved.statusCode).toBe(200);
    const id = saved.json().id as string;
    expect((await t.get(`/api/SJSurvey/GetAnswersBySubmissionIdTur?submissionId=${id}`, owner.token)).json().json).toEqual({
      postiLettoAttuali: 40,
    });
    expect((await t.get(`/api/SJSurvey/GetAnswersBySubmissionIdPui?submissionId=${id}`, owner.token)).statusCode).toBe(404);
    const wrongFund = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      { surveyId: ids.istruttoria, json: {}, candidaturaId: turId, compilazioneType: COMPILAZIONE_TYPE.TUR },
      owner.token,
    );
    expect(wrongFund.statusCode).toBe(400);

    // Counts take no decimals (step 1), the units of work (ULA) two: numbers as the browser's survey stores them.
    const counts = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      {
        surveySubmissionID: id,
        surveyId: ids.istruttoriaTur,
        json: { tipologiaStruttura: 'alberghiera', postiLettoAttuali: 40, presenzeAnnue: 6500.5, nuoviOccupati: 4.5 },
        candidaturaId: turId,
        compilazioneType: COMPILAZIONE_TYPE.TUR,
        version: saved.json().version,
      },
      owner.token,
    );
    expect(counts.statusCode).toBe(200);
    const validation = surveyValidationSchema.parse(
      (await t.get(`/api/SJSurvey/GetSurveyValidation?candidaturaId=${turId}`, owner.token)).json(),
    );
    const issue = (question: string) => validation.issues.find((i) => i.surveyName === 'Istruttoria-Tur' && i.question === question);
    expect(issue('presenzeAnnue')?.message).toBe('Inserisci un numero intero, senza decimali, come 1.200');
    expect(issue('postiLettoAttuali')).toBeUndefined();
    expect(issue('nuoviOccupati')).toBeUndefined();
    expect(issue('postiLettoPrevisti')?.message).toBe('Campo obbligatorio');
  });
});

describe('submit (Istruttoria Sottomessa)', () => {
  it('with required answers missing: 422 naming the survey and the questions; status and history unchanged', async () => {
    const before = (await historyRows(t, applicationId)).length;
    const validation = surveyValidationSchema.parse(
      (await t.get(`/api/SJSurvey/GetSurveyValidation?candidaturaId=${applicationId}`, owner.token)).json(),
    );
    expect(validation.complete).toBe(false);
    expect(validation.issues).toContainEqual(
      expect.objectContaining({
        surveyName: 'Istruttoria-Pui',
        question: 'titolaritaAree',
        page: 'maturita',
        message: 'Campo obbligatorio',
      }),
    );
    expect(validation.issues).toContainEqual(expect.objectContaining({ surveyName: 'Gresb-Pui', question: 'fonteDatiEnergia' }));
    expect(validation.missingAttachments).toEqual(['Dichiarazione attestante il rispetto dei vincoli DNSH']);

    const refused = await submit();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('survey_incomplete');
    expect(refused.json().message).toContain('Istruttoria-Pui \u2014 \u00abTitolarità delle aree');
    expect((await applicationRow(t, applicationId))?.status).toBe('AMMISSIBILE');
    expect(await historyRows(t, applicationId)).toHaveLength(before);
  });

  it('a number stored as text (what a mask would store) or with decimals its question does not take is an issue, in Italian', async () => {
    const current = (id: number) => submission(id).then((r) => surveySubmissionSchema.parse(r.json()));
    const i = await current(ids.istruttoria);
    expect((await save(ids.istruttoria, { ...istruttoriaPuiAnswers, costoAggiornato: '4.250.000' }, i.version)).statusCode).toBe(200);
    const g = await current(ids.gresb);
    expect((await save(ids.gresb, { ...gresbPuiAnswers, quotaRinnovabili: 37.555 }, g.version)).statusCode).toBe(200);
    const validation = surveyValidationSchema.parse(
      (await t.get(`/api/SJSurvey/GetSurveyValidation?candidaturaId=${applicationId}`, owner.token)).json(),
    );
    expect(validation.issues.map(({ surveyName, question, message }) => ({ surveyName, question, message }))).toEqual([
      { surveyName: 'Istruttoria-Pui', question: 'costoAggiornato', message: 'Inserisci un numero come 1.250,75' },
      {
        surveyName: 'Gresb-Pui',
        question: 'quotaRinnovabili',
        message: 'Sono ammessi al massimo due decimali: inserisci un numero come 1.250,75',
      },
    ]);
  });

  it('with every answer but no DNSH declaration: 409 with the reason; status unchanged', async () => {
    const current = (id: number) => submission(id).then((r) => surveySubmissionSchema.parse(r.json()));
    const i = await current(ids.istruttoria);
    expect((await save(ids.istruttoria, istruttoriaPuiAnswers, i.version)).statusCode).toBe(200);
    const g = await current(ids.gresb);
    expect((await save(ids.gresb, gresbPuiAnswers, g.version)).statusCode).toBe(200);
    // An optional scheda is not the declaration.
    expect((await uploadDeclaration(PUI_SCHEDA)).statusCode).toBe(200);
    const refused = await submit();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'precondition_failed',
      message: m.missingAttachments('Dichiarazione attestante il rispetto dei vincoli DNSH'),
    });
    expect((await applicationRow(t, applicationId))?.status).toBe('AMMISSIBILE');
  });

  it('with answers and declaration: Istruttoria Sottomessa once, then answers and DNSH files are immutable', async () => {
    const declaration = await uploadDeclaration();
    expect(declaration.statusCode).toBe(200);
    const state = await t.get(`/api/FileUpload/FilesUploadIstGresbPuiValidation?orgId=${owner.orgId}`, owner.token);
    expect(state.json()).toEqual({ isValid: true, missing: [] });

    const before = (await historyRows(t, applicationId)).length;
    const done = await submit();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ statusCode: 'ISTRUTTORIA_SOTTOMESSA' });
    const again = await submit();
    expect(again.statusCode).toBe(409);
    expect(await historyRows(t, applicationId)).toHaveLength(before + 1);

    const rows = await t.db.select().from(surveySubmissions).where(eq(surveySubmissions.applicationId, applicationId));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.submittedAt !== null)).toBe(true);

    const late = await save(ids.gresb, gresbPuiAnswers, rows.find((r) => r.surveyName === 'Gresb-Pui')!.version);
    expect(late.statusCode).toBe(409);
    expect((await removeAttachment(t, owner.token, declaration.json().id)).statusCode).toBe(409);
    expect((await uploadDeclaration()).statusCode).toBe(409);
    // Still readable, by the applicant and the admin.
    expect(surveySubmissionSchema.parse((await submission(ids.gresb, admin.token)).json()).submittedAt).not.toBeNull();
    expect(
      (await t.get(`/api/FileUpload/GetIstruttoriaGresbAttachmentTypes?orgId=${owner.orgId}&callType=PUI`, admin.token)).json()[0],
    ).toMatchObject({
      id: PUI_DNSH_DECLARATION,
      mandatoryInput: true,
      templateUrl: '/modelli/dichiarazione-dnsh-pui.pdf',
      templateName: 'Dichiarazione DNSH - PUI',
      fileName: 'dichiarazione-dnsh.pdf',
    });
  });

  it("the admin's zip of the application holds the DNSH files and the review's answers as text, with the choices' wording", async () => {
    const zip = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=pui`, admin.token);
    expect(zip.statusCode).toBe(200);
    const entries = zipEntries(zip.rawPayload);
    const names = [...entries.keys()];
    expect(names).toContain('Istruttoria/DNSH/Dichiarazione attestante il rispetto dei vincoli DNSH - dichiarazione-dnsh.pdf');
    const definitions = await t.db.select().from(surveyDefinitions);
    const title = (name: string) => definitions.find((d) => d.name === name)!.json.title as string;
    const istruttoria = entries.get(`Istruttoria/${title('Istruttoria-Pui')}.txt`)?.toString('utf8');
    const gresb = entries.get(`Istruttoria/${title('Gresb-Pui')}.txt`)?.toString('utf8');
    expect(istruttoria).toContain(istruttoriaPuiAnswers.cup);
    // The choice's text, as the applicant read it, not its stored code.
    expect(istruttoria).toContain('Progetto di fattibilità tecnico-economica');
    expect(istruttoria).not.toMatch(/^\s+fattibilita\s*$/m);
    // Dates as Italians write them; a dynamic panel's answers under its questions' titles.
    expect(istruttoria).toContain('Data prevista: 30/09/2026');
    expect(istruttoria).toMatch(/Rischio n\. 1\r\n\s+Descrizione del rischio\r\n\s+Ritardo nel rilascio del titolo edilizio/);
    expect(istruttoria).toMatch(/Inviata il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Numbers as Italians write them.
    expect(istruttoria).toContain("Costo complessivo aggiornato dell'intervento (euro)\r\n   4.250.000\r\n");
    expect(gresb).toContain('Gresb');
    expect(gresb).toContain('Consumo idrico annuo stimato post operam (m³/anno)\r\n   3.200\r\n');
    expect(gresb).toContain('Quota di energia da fonti rinnovabili sul fabbisogno post operam (%)\r\n   45\r\n');
    // The applicant never gets the zip.
    expect((await t.get(`/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=pui`, owner.token)).statusCode).toBe(403);
  });

  it('lets the admin deliberate afterwards', async () => {
    const deliberated = await updateStatus(t, admin.token, 'PUI', applicationId, 'Deliberata', 'Approvata dal comitato');
    expect(deliberated.statusCode).toBe(200);
    expect((await applicationRow(t, applicationId))?.status).toBe('DELIBERATA');
  });
});
