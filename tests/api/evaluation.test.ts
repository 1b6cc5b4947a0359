import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineSchema } from '../../domain/applicationTimeline.ts';
import { evaluationIncompleteSchema, evaluationSchema, type Evaluation } from '../../domain/evaluation.ts';
import { evaluationMessages } from '../../domain/messages/evaluation.ts';
import { applicationEvaluations } from '../../server/db/schema/evaluations.ts';
import { saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * The reviewers' own assessment (issue 44): the fund's evaluation form, for administrators only, saved as it is
 * typed with its version (412 over a newer save), handed over once after the form's own checks (422), then
 * read-only (409); in the administrators' timeline, never in the applicant's; in the list's Excel.
 */

let t: TestApp;
let admin: { token: string };
let otherAdmin: { token: string };
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let applicationId: string;
let draftId: string;

/** Every admissibility check passed but one (with its justification), each criterion scored, an outcome proposed. */
const complete = {
  verificaSoggetto: 'si',
  verificaTermini: 'si',
  verificaDomandaFirmata: 'si',
  verificaDnsh: 'na',
  verificaQuotaFondo: 'si',
  verificaImportoMassimo: 'si',
  verificaCoerenzaPui: 'no',
  verificaCoerenzaPuiMotivazione: 'Il progetto è fuori dal perimetro del piano.',
  criterioCoerenzaPui: 2,
  criterioMaturita: 4,
  criterioSostenibilitaFinanziaria: 5,
  criterioImpatto: 3,
  criterioCapacita: 4,
  esitoProposto: 'RIFIUTATA',
  notaEsito: 'Il progetto non è coerente con il Piano Urbano Integrato.',
};
/** (2·25 + 4·20 + 5·25 + 3·20 + 4·10) / 5, out of 100. */
const WEIGHTED_SCORE = 71;

const get = async (token = admin.token, id = applicationId) => t.get(`/api/Evaluation/GetEvaluation?compilazioneId=${id}`, token);
const read = async (token = admin.token): Promise<Evaluation> => {
  const response = await get(token);
  expect(response.statusCode, response.body).toBe(200);
  return evaluationSchema.parse(response.json());
};
const save = (answers: Record<string, unknown>, version: number, token = admin.token, compilazioneId = applicationId) =>
  t.post('/api/Evaluation/SaveEvaluation', { compilazioneId, answers, version }, token);
const handOver = (version: number, token = admin.token) =>
  t.post('/api/Evaluation/HandOverEvaluation', { compilazioneId: applicationId, version }, token);

beforeAll(async () => {
  t = await createTestApp({ missingRequiredAttachments: async () => [] });
  admin = await t.loginAsAdmin();
  await t.accounts.ensureAdmin('valutatrice@portale.test', 'valuta-2026-bis');
  otherAdmin = await t.login('valutatrice@portale.test', 'valuta-2026-bis');
  owner = await personWithOrganization(t, { name: 'Comune di Valutazione' });
  const submitted = await t.post('/api/Pui/CreatePui', completePuiApplication(owner.orgId), owner.token);
  expect(submitted.statusCode, submitted.body).toBe(200);
  applicationId = submitted.json().id;
  expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'In valutazione')).statusCode).toBe(200);
  const drafter = await personWithOrganization(t, { name: 'Comune in Bozza' });
  const draft = await saveDraft(t, drafter.token, drafter.orgId, 'PUI', { progNome: 'Solo una bozza' });
  expect(draft.statusCode).toBe(200);
  draftId = draft.json().applicationId;
}, 120_000);
afterAll(() => t?.close());

describe('the evaluation form', () => {
  it('starts empty, on the fund’s form, before anything is saved', async () => {
    const evaluation = await read();
    expect(evaluation).toMatchObject({ version: 0, answers: {}, handedOverAt: null, outcome: null });
    expect(evaluation.definition.name).toBe('Valutazione-Pui');
    expect(JSON.stringify(evaluation.definition.json)).toContain('esitoProposto');
  });

  it('is not for applicants: refused on every route, and its form is not among their surveys', async () => {
    expect((await get(owner.token)).statusCode).toBe(403);
    expect((await save({ esitoProposto: 'AMMISSIBILE' }, 0, owner.token)).statusCode).toBe(403);
    expect((await handOver(1, owner.token)).statusCode).toBe(403);
    const types = (await t.get('/api/SJSurvey/GetSurveyTypeList', owner.token)).json() as { id: number; name: string }[];
    expect(types.map((type) => type.name)).not.toContain('Valutazione-Pui');
    expect((await t.get('/api/SJSurvey/GetSurveyByType?type=Valutazione-Pui', owner.token)).statusCode).toBe(404);
    const formId = (await read()).definition.id;
    expect((await t.get(`/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=${formId}`, owner.token)).statusCode).toBe(404);
    expect((await t.get(`/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=${formId}`, admin.token)).statusCode).toBe(200);
    expect(await t.db.select().from(applicationEvaluations)).toEqual([]);
  });

  it('is not filled on a draft, and answers 404 for an application that does not exist or a malformed id', async () => {
    const refused = await save({ esitoProposto: 'AMMISSIBILE' }, 0, admin.token, draftId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(evaluationMessages.notOpen);
    expect((await get(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(admin.token, 'non-un-id')).statusCode).toBe(404);
  });

  it('saves as it is typed, with its version, keeping only the form’s questions', async () => {
    const first = await save({ verificaSoggetto: 'si', nonEsiste: 'scartato' }, 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(1);
    const second = await save({ verificaSoggetto: 'si', criterioMaturita: 4 }, 1, otherAdmin.token);
    expect(second.json().version).toBe(2);
    const stored = await read();
    expect(stored).toMatchObject({ version: 2, answers: { verificaSoggetto: 'si', criterioMaturita: 4 }, handedOverAt: null });
    expect(stored.updatedByName).not.toBeNull();
    const [row] = await t.db.select().from(applicationEvaluations).where(eq(applicationEvaluations.applicationId, applicationId));
    expect(row!.answers).toEqual({ verificaSoggetto: 'si', criterioMaturita: 4 });
  });

  it('refuses a save based on an older version (another administrator saved meanwhile), keeping the newer answers', async () => {
    const stale = await save({ verificaSoggetto: 'no' }, 1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ error: 'evaluation_version_conflict', message: evaluationMessages.stale });
    const firstAgain = await save({ verificaSoggetto: 'no' }, 0);
    expect(firstAgain.statusCode).toBe(412);
    expect((await read()).answers).toEqual({ verificaSoggetto: 'si', criterioMaturita: 4 });
  });

  it('refuses to hand over what the form’s checks refuse (422 by question), or an older version (412)', async () => {
    const incomplete = await handOver(2);
    expect(incomplete.statusCode).toBe(422);
    const body = evaluationIncompleteSchema.parse(incomplete.json());
    expect(body.issues.map((issue) => issue.field)).toEqual(expect.arrayContaining(['verificaTermini', 'esitoProposto', 'notaEsito']));
    expect(body.issues.find((issue) => issue.field === 'esitoProposto')!.message).toBe('Esito proposto: Campo obbligatorio');
    // A «No» without its justification is refused.
    const saved = await save({ ...complete, verificaCoerenzaPuiMotivazione: '' }, 2);
    expect(saved.json().version).toBe(3);
    const unjustified = evaluationIncompleteSchema.parse((await handOver(3)).json());
    expect(unjustified.issues.map((issue) => issue.field)).toEqual(['verificaCoerenzaPuiMotivazione']);
    expect((await save(complete, 3)).json().version).toBe(4);
    expect((await handOver(3)).statusCode).toBe(412);
    expect((await read()).handedOverAt).toBeNull();
  });

  it('hands over once, with the weighted score and the proposal read from the answers; then it is read-only', async () => {
    const handedOver = await handOver(4, otherAdmin.token);
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    const evaluation = await read();
    expect(evaluation).toMatchObject({
      version: 4,
      outcome: 'RIFIUTATA',
      outcomeNote: complete.notaEsito,
      weightedScore: WEIGHTED_SCORE,
      handedOverByName: expect.any(String),
    });
    expect(evaluation.handedOverAt).not.toBeNull();
    expect(evaluation.answers).toEqual(complete);
    const [row] = await t.db.select().from(applicationEvaluations).where(eq(applicationEvaluations.applicationId, applicationId));
    expect(row).toMatchObject({ outcome: 'RIFIUTATA', weightedScore: WEIGHTED_SCORE, version: 4 });

    const late = await save({ ...complete, esitoProposto: 'AMMISSIBILE' }, 4);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(evaluationMessages.handedOver);
    expect((await handOver(4)).statusCode).toBe(409);
    expect((await read()).answers.esitoProposto).toBe('RIFIUTATA');
  });
});

describe('where the evaluation shows', () => {
  it('is in the administrators’ timeline, by whom, with its outcome, and never in the applicant’s', async () => {
    const adminEvents = timelineSchema.parse(
      (await t.get(`/api/Timeline/GetAdminTimeline?compilazioneId=${applicationId}`, admin.token)).json(),
    );
    const handed = adminEvents.filter((event) => event.kind === 'evaluation.handed_over');
    expect(handed).toHaveLength(1);
    const evaluation = await read();
    expect(handed[0]).toMatchObject({
      title: evaluationMessages.timelineHandedOver,
      actor: evaluation.handedOverByName,
      at: evaluation.handedOverAt,
    });
    expect(handed[0]!.details).toEqual([
      evaluationMessages.timelineOutcome('Rifiutata'),
      evaluationMessages.timelineScore('71'),
      `Nota: ${complete.notaEsito}`,
    ]);

    const applicantResponse = await t.get(`/api/Timeline/GetTimeline?compilazioneId=${applicationId}`, owner.token);
    expect(applicantResponse.statusCode).toBe(200);
    const applicantEvents = timelineSchema.parse(applicantResponse.json());
    expect(applicantEvents.length).toBeGreaterThan(0);
    expect(applicantEvents.some((event) => event.kind === 'evaluation.handed_over')).toBe(false);
    expect(applicantResponse.body).not.toContain(complete.notaEsito);
    expect(applicantResponse.body).not.toContain(evaluationMessages.timelineHandedOver);
  });

  it('is in the list’s Excel: outcome, weighted score and when it was handed over; empty for one not handed over', async () => {
    const other = await personWithOrganization(t, { name: 'Comune Senza Valutazione' });
    const submitted = await t.post('/api/Pui/CreatePui', completePuiApplication(other.orgId), other.token);
    expect(submitted.statusCode).toBe(200);
    const response = await t.post(
      '/api/DraftCompilazione/DownloadExcelCompilazioni',
      { compilazioniId: [applicationId, submitted.json().id], callType: 'PUI' },
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = (header: string) => headers.indexOf(header) + 1;
    for (const header of [evaluationMessages.outcomeColumn, evaluationMessages.scoreColumn, evaluationMessages.handedOverColumn]) {
      expect(column(header)).toBeGreaterThan(0);
    }
    const rowOf = (name: string) => {
      for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === name) return sheet.getRow(r);
      throw new Error(`no row for ${name}`);
    };
    const evaluated = rowOf('Comune di Valutazione');
    expect(evaluated.getCell(column(evaluationMessages.outcomeColumn)).value).toBe('Rifiutata');
    expect(evaluated.getCell(column(evaluationMessages.scoreColumn)).value).toBe(WEIGHTED_SCORE);
    const handedOverCell = evaluated.getCell(column(evaluationMessages.handedOverColumn)).value;
    expect(handedOverCell).toBeInstanceOf(Date);
    // Italy's wall clock, written as if it were UTC: within two hours of the instant.
    const handedOverAt = Date.parse((await read()).handedOverAt!);
    expect(Math.abs((handedOverCell as Date).getTime() - handedOverAt)).toBeLessThanOrEqual(2 * 3_600_000 + 1000);
    const notEvaluated = rowOf('Comune Senza Valutazione');
    expect(notEvaluated.getCell(column(evaluationMessages.outcomeColumn)).value).toBeNull();
    expect(notEvaluated.getCell(column(evaluationMessages.scoreColumn)).value).toBeNull();
  });
});
