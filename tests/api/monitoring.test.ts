import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { italianDate } from '../../domain/italianDates.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { monitoringRowSchema, type MonitoringRow } from '../../domain/monitoring.ts';
import { surveySubmissionSchema, surveyValidationSchema } from '../../domain/surveys.ts';
import { monitoringPeriods, monitoringReminders, monitoringRounds } from '../../server/db/schema/monitoring.ts';
import { surveyDefinitions } from '../../server/db/schema/surveys.ts';
import { readMonitoringPeriods } from '../../server/monitoring/periods.ts';
import { applicationRow, forceApplicationStatus, historyRows, updateStatus } from '../support/applicationFixtures.ts';
import { monitoringPeriodsEnv, romeDay } from '../support/monitoringPeriods.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { zipEntries } from '../support/zipEntries.ts';

const m = monitoringMessages;
const { env, periods } = monitoringPeriodsEnv();

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let applicationId: string;
let ids: { istruttoria: number; gresb: number };

type Answers = Record<string, unknown>;

const save = (
  surveyId: number,
  json: Answers,
  version: number,
  extra: Record<string, unknown> = {},
  token = owner.token,
  candidaturaId = applicationId,
) =>
  t.post(
    '/api/SJSurvey/CreateSurveyAnswers',
    {
      surveySubmissionID: null,
      surveyId,
      json,
      candidaturaId,
      compilazioneType: COMPILAZIONE_TYPE.PUI,
      monitoraggio: true,
      version,
      ...extra,
    },
    token,
  );
const submission = async (surveyId: number, query = '', token = owner.token, candidaturaId = applicationId) => {
  const response = await t.get(
    `/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${surveyId}&candidaturaId=${candidaturaId}&monitoraggio=true${query}`,
    token,
  );
  expect(response.statusCode).toBe(200);
  return surveySubmissionSchema.nullable().parse(response.json());
};
const rows = async (token = owner.token, candidaturaId = applicationId): Promise<MonitoringRow[]> => {
  const response = await t.get(`/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=${candidaturaId}`, token);
  expect(response.statusCode).toBe(200);
  return monitoringRowSchema.array().parse(response.json());
};
const open = (id = applicationId) => updateStatus(t, admin.token, 'PUI', id, 'Monitoraggio Aperto');
const submit = (id = applicationId, token = owner.token) => updateStatus(t, token, 'PUI', id, 'Monitoraggio Sottomesso');

/** An application of `person`'s organisation at Deliberata, with the given review answers. */
async function deliberated(person: typeof owner, review: { istruttoria?: Answers; gresb?: Answers }) {
  const id = await forceApplicationStatus(t, person.orgId, 'PUI', 'AMMISSIBILE', { submittedAt: new Date() });
  for (const [surveyId, json] of [
    [ids.istruttoria, review.istruttoria],
    [ids.gresb, review.gresb],
  ] as const) {
    if (!json) continue;
    const saved = await save(surveyId, json, 0, { monitoraggio: false }, person.token, id);
    expect(saved.statusCode).toBe(200);
  }
  await forceApplicationStatus(t, person.orgId, 'PUI', 'DELIBERATA');
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ env });
  owner = await personWithOrganization(t, { name: 'Comune di Monitoraggio' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
  const list = (await t.get('/api/SJSurvey/GetSurveyTypeList', owner.token)).json() as { id: number; name: string }[];
  ids = { istruttoria: list.find((s) => s.name === 'Istruttoria-Pui')!.id, gresb: list.find((s) => s.name === 'Gresb-Pui')!.id };
  applicationId = await deliberated(owner, { istruttoria: istruttoriaPuiAnswers, gresb: gresbPuiAnswers });
}, 240_000);
afterAll(() => t.close());

describe('monitoring periods', () => {
  it('are stored from the data file at start, and a changed file updates them without duplicates', async () => {
    const stored = await t.db.select().from(monitoringPeriods).where(eq(monitoringPeriods.fund, 'PUI'));
    expect(stored.map((p) => p.code).sort()).toEqual(['P1', 'P2', 'P3']);
    const p1 = stored.find((p) => p.code === 'P1')!;
    expect(p1).toMatchObject({ title: 'Monitoraggio primo periodo', opensOn: periods[0]!.opensOn, dueOn: periods[0]!.dueOn });
  });

  it('a bad periods file stops the start, naming the problem', async () => {
    const bad = monitoringPeriodsEnv([{ fund: 'XYZ', code: 'A', title: 'Periodo', opensOn: '2027-01-01', dueOn: '2027-02-01' }]);
    await expect(readMonitoringPeriods(bad.env.MONITORING_PERIODS_FILE, ['TUR', 'PUI'])).rejects.toThrow(/unknown fund: XYZ/);
    const reversed = monitoringPeriodsEnv([{ fund: 'PUI', code: 'A', title: 'Periodo', opensOn: '2027-03-01', dueOn: '2027-02-01' }]);
    await expect(readMonitoringPeriods(reversed.env.MONITORING_PERIODS_FILE, ['TUR', 'PUI'])).rejects.toThrow(
      /dueOn must not be before opensOn/,
    );
    const twice = monitoringPeriodsEnv([periods[0]!, periods[0]!]);
    await expect(readMonitoringPeriods(twice.env.MONITORING_PERIODS_FILE, ['TUR', 'PUI'])).rejects.toThrow(/same code/);
    // The shipped file is valid.
    expect((await readMonitoringPeriods(undefined, ['TUR', 'PUI'])).length).toBeGreaterThan(0);
  });
});

describe('monitoring an application, period after period', () => {
  it('before monitoring opens: no rows, no answers, and monitoring answers are refused (409)', async () => {
    expect(await rows()).toEqual([]);
    expect(await submission(ids.istruttoria)).toBeNull();
    const refused = await save(ids.istruttoria, istruttoriaPuiAnswers, 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'survey_closed', message: surveyMessages.monitoringNotOpen });
    expect((await submit()).statusCode).toBe(409);
  });

  it('the admin opens monitoring for the earliest started period; the answers start from the review', async () => {
    const opened = await open();
    expect(opened.statusCode).toBe(200);
    expect((await applicationRow(t, applicationId))?.status).toBe('MONITORAGGIO_APERTO');
    const [first] = await rows();
    expect(first).toMatchObject({ title: 'Monitoraggio primo periodo', fund: 'PUI', compilata: false, overdue: false, current: true });
    expect(first!.link).toBe(`/survey/PUI_istruttoria/${owner.orgId}?monitoraggio=true&periodo=${first!.id}`);
    // The "opened" reminder goes out right after the change.
    expect(first!.reminders.map((r) => r.kind)).toEqual(['opened']);

    const istruttoria = await submission(ids.istruttoria);
    expect(istruttoria).toMatchObject({ monitoraggio: true, monitoringPeriodId: first!.id, version: 1, submittedAt: null });
    expect(istruttoria!.json).toEqual(JSON.parse(JSON.stringify(istruttoriaPuiAnswers)));
    expect((await submission(ids.gresb))!.json).toEqual(JSON.parse(JSON.stringify(gresbPuiAnswers)));
    // The review's own answers are untouched.
    const review = await t.get(
      `/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${ids.istruttoria}&candidaturaId=${applicationId}`,
      owner.token,
    );
    expect(review.json()).toMatchObject({ monitoraggio: false, monitoringPeriodId: null });
  });

  it("the reminder is in the admins' history of the application, among the status changes", async () => {
    const history = await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${applicationId}`, admin.token);
    expect(history.statusCode).toBe(200);
    const items = history.json() as { statusCode: string; note: string | null; actorRole: string }[];
    const reminder = items.find((item) => item.note?.startsWith('Promemoria e-mail'));
    expect(reminder).toMatchObject({
      statusCode: 'MONITORAGGIO_APERTO',
      actorRole: 'system',
      note: m.reminderHistory('Monitoraggio primo periodo', m.reminderKinds.opened, 1),
    });
    expect(items.indexOf(reminder!)).toBeGreaterThan(
      items.findIndex((item) => item.statusCode === 'MONITORAGGIO_APERTO' && item.actorRole === 'admin'),
    );
  });

  it('admins and members read the rows; another organisation hears 404; anonymous 401; the wrong fund 404', async () => {
    expect((await rows(admin.token)).length).toBe(1);
    const other = await t.get(`/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=${applicationId}`, stranger.token);
    expect(other.statusCode).toBe(404);
    expect((await t.get(`/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=${applicationId}`)).statusCode).toBe(401);
    expect((await t.get(`/api/Monitoraggio/ShowMonitoraggioTur?candidaturaId=${applicationId}`, owner.token)).statusCode).toBe(404);
    expect((await t.get('/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=nonsense', owner.token)).statusCode).toBe(404);
    // Another organisation cannot read or write the period's answers either.
    const read = await t.get(
      `/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${ids.istruttoria}&candidaturaId=${applicationId}&monitoraggio=true`,
      stranger.token,
    );
    expect(read.statusCode).toBe(404);
    expect((await save(ids.istruttoria, {}, 1, {}, stranger.token)).statusCode).toBe(404);
  });

  it('saves the period with its version; another period named is 409; a stale version 412', async () => {
    const changed = { ...istruttoriaPuiAnswers, costoAggiornato: 4_400_000 };
    const saved = await save(ids.istruttoria, changed, 1);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, monitoraggio: true });
    expect((await save(ids.istruttoria, changed, 1)).statusCode).toBe(412);
    const elsewhere = await save(ids.istruttoria, changed, 2, { monitoringPeriodId: '00000000-0000-4000-8000-000000000000' });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ error: 'survey_period_closed' });
    const validation = surveyValidationSchema.parse(
      (await t.get(`/api/SJSurvey/GetSurveyValidation?candidaturaId=${applicationId}&monitoraggio=true`, owner.token)).json(),
    );
    expect(validation).toEqual({ complete: true, issues: [], missingAttachments: [] });
  });

  it('submit sets Monitoraggio Sottomesso once; afterwards the period is immutable (409)', async () => {
    const done = await submit();
    expect(done.statusCode).toBe(200);
    expect((await applicationRow(t, applicationId))?.status).toBe('MONITORAGGIO_SOTTOMESSO');
    const again = await submit();
    expect(again.statusCode).toBe(409);
    const late = await save(ids.istruttoria, istruttoriaPuiAnswers, 2);
    expect(late.statusCode).toBe(409);
    const [first] = await rows();
    expect(first).toMatchObject({ compilata: true, current: true });
    expect(first!.submittedAt).not.toBeNull();
    expect(first!.link).toContain('isReadOnly=true');
    expect((await submission(ids.istruttoria))!.submittedAt).not.toBeNull();
    const history = await historyRows(t, applicationId);
    expect(history.filter((h) => h.toStatus === 'MONITORAGGIO_SOTTOMESSO')).toHaveLength(1);
  });

  it('the next period reopens monitoring, prefilled from the previous period; the previous stays readable', async () => {
    expect((await open()).statusCode).toBe(200);
    const [first, second] = await rows();
    expect(second).toMatchObject({ title: 'Monitoraggio secondo periodo', compilata: false, current: true });
    expect(first).toMatchObject({ compilata: true, current: false });
    const current = await submission(ids.istruttoria);
    expect(current).toMatchObject({ monitoringPeriodId: second!.id, version: 1 });
    expect(current!.json.costoAggiornato).toBe(4_400_000);
    const previous = await submission(ids.istruttoria, `&periodo=${first!.id}`);
    expect(previous).toMatchObject({ monitoringPeriodId: first!.id });
    expect(previous!.submittedAt).not.toBeNull();
    const unknown = await t.get(
      `/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${ids.istruttoria}&candidaturaId=${applicationId}&monitoraggio=true&periodo=00000000-0000-4000-8000-000000000000`,
      owner.token,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('with no further period started the admin hears when the next opens (409); then closes monitoring', async () => {
    expect((await submit()).statusCode).toBe(200);
    const refused = await open();
    expect(refused.statusCode).toBe(409);
    const third = periods.find((p) => p.fund === 'PUI' && p.code === 'P3')!;
    expect(refused.json()).toEqual({
      error: 'monitoring_period_unavailable',
      message: m.noPeriodStarted(third.title, italianDate(`${third.opensOn}T12:00:00Z`)),
    });
    expect((await applicationRow(t, applicationId))?.status).toBe('MONITORAGGIO_SOTTOMESSO');
    expect(await t.db.select().from(monitoringRounds).where(eq(monitoringRounds.applicationId, applicationId))).toHaveLength(2);
    const closed = await updateStatus(t, admin.token, 'PUI', applicationId, 'Monitoraggio Chiuso');
    expect(closed.statusCode).toBe(200);
    expect((await rows()).every((row) => row.compilata && row.link.includes('isReadOnly=true'))).toBe(true);
  });

  it("the admin's zip holds every period's answers as text, a folder per period, beside the review's answers", async () => {
    const zip = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=pui`, admin.token);
    expect(zip.statusCode).toBe(200);
    const entries = zipEntries(zip.rawPayload);
    const definitions = await t.db.select().from(surveyDefinitions);
    const title = (name: string) => definitions.find((d) => d.name === name)!.json.title as string;
    for (const period of ['Monitoraggio primo periodo', 'Monitoraggio secondo periodo']) {
      const istruttoria = entries.get(`Monitoraggio/${period}/${title('Istruttoria-Pui')}.txt`)?.toString('utf8');
      expect(istruttoria, period).toMatch(/Inviata il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      // The figure given in the first period (and carried into the second), not the review's.
      expect(istruttoria, period).toContain("Costo complessivo aggiornato dell'intervento (euro)\r\n   4.400.000\r\n");
      expect(istruttoria, period).toContain(istruttoriaPuiAnswers.cup);
      expect(entries.get(`Monitoraggio/${period}/${title('Gresb-Pui')}.txt`)?.toString('utf8'), period).toContain('Gresb');
    }
    const review = entries.get(`Istruttoria/${title('Istruttoria-Pui')}.txt`)?.toString('utf8');
    expect(review).toContain("Costo complessivo aggiornato dell'intervento (euro)\r\n   4.250.000\r\n");
    // Each period's hand-over has its receipt.
    expect([...entries.keys()].filter((name) => name.startsWith('Ricevute/'))).toHaveLength(2);
  });

  it('an applicant cannot open or close monitoring (403)', async () => {
    const other = await deliberated(stranger, {});
    const response = await updateStatus(t, stranger.token, 'PUI', other, 'Monitoraggio Aperto');
    expect(response.statusCode).toBe(403);
  });

  it('a period with required answers missing: 422 naming them; nothing written', async () => {
    const person = await personWithOrganization(t, { name: 'Comune Senza Risposte' });
    const id = await deliberated(person, { istruttoria: { cup: 'J31B21001230006' } });
    expect((await open(id)).statusCode).toBe(200);
    const refused = await submit(id, person.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'survey_incomplete' });
    expect(refused.json().message).toContain('Gresb-Pui');
    expect((await applicationRow(t, id))?.status).toBe('MONITORAGGIO_APERTO');
    const [round] = await t.db.select().from(monitoringRounds).where(eq(monitoringRounds.applicationId, id));
    expect(round!.submittedAt).toBeNull();
    const reminders = await t.db.select().from(monitoringReminders).where(eq(monitoringReminders.roundId, round!.id));
    expect(reminders.map((r) => r.kind)).toEqual(['opened']);
  });

  it("a period past its due day and not handed over is overdue on the rows and in the admins' list", async () => {
    const person = await personWithOrganization(t, { name: 'Comune in Ritardo' });
    const id = await deliberated(person, { istruttoria: istruttoriaPuiAnswers });
    expect((await open(id)).statusCode).toBe(200);
    const [row] = await rows(person.token, id);
    expect(row!.overdue).toBe(false);
    // The data file moves the period's due day into the past (ten days ago, a working day or not).
    await t.db
      .update(monitoringPeriods)
      .set({ opensOn: romeDay(-20), dueOn: romeDay(-10) })
      .where(eq(monitoringPeriods.id, row!.id));
    const [late] = await rows(person.token, id);
    expect(late).toMatchObject({ overdue: true, compilata: false });
    const list = await t.get('/api/Monitoraggio/GetMonitoraggiScaduti', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().candidaturaIds).toContain(id);
    // Handed-over periods are never overdue.
    expect(list.json().candidaturaIds).not.toContain(applicationId);
    expect((await t.get('/api/Monitoraggio/GetMonitoraggiScaduti', person.token)).statusCode).toBe(403);
  });
});
