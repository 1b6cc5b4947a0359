import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFund } from '../../domain/fundDefinition.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { fieldIssues } from '../../domain/wizardFields.ts';
import type { FieldSpec } from '../../domain/wizardFields.ts';
import type { ServerFund } from '../../server/applications/fundModule.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus, historyRows } from '../support/applicationFixtures.ts';
import { REPORT_IDS, REPORT_WORKSPACE_ID } from '../../domain/reports/reportIds.ts';
import type { Report } from '../../domain/reports/reportData.ts';
import { adminTargetsFrom } from '../../machines/application-lifecycle/transitions.ts';
import { monitoringPeriods } from '../../server/db/schema/monitoring.ts';

// ---------------------------------------------------------------------------------------------------------
// A made-up third fund, written the way docs/ARCHITECTURE.md says a fund is added: a definition (what would
// be domain/tst/), one registry entry, one server module, its call and monitoring period as data. No generic
// code knows it: drafts, submission, status changes, the admin list and its exports, the reports and
// monitoring all read it from its entry.
// ---------------------------------------------------------------------------------------------------------

const schema = z.object({
  organizationId: z.string().max(64).default(''),
  titolo: z.string().max(200).default(''),
  importo: z.number().min(0).max(1e9).nullable().default(null),
  totale: z.number().min(0).max(1e9).nullable().default(null),
  quota: z.number().nullable().default(null),
  dettagli: z.object({ nota: z.string().max(100).default('') }).default({ nota: '' }),
});
type TstValues = z.infer<typeof schema>;

const fields: FieldSpec[] = [
  { name: 'titolo', label: 'Titolo del progetto', kind: 'text', step: 'progetto', required: true },
  { name: 'importo', label: 'Importo richiesto', kind: 'amount', step: 'progetto', required: true },
  { name: 'totale', label: 'Totale investimento', kind: 'amount', step: 'progetto', required: true },
  { name: 'dettagli.nota', label: 'Nota', kind: 'text', step: 'progetto' },
  { name: 'quota', label: 'Quota del fondo', kind: 'computed', step: 'progetto', display: 'percent' },
];

const withQuota = (values: TstValues): TstValues => ({
  ...values,
  quota: values.importo !== null && values.totale ? Math.round((values.importo / values.totale) * 10000) / 100 : null,
});

const tstDefinition = defineFund<TstValues>({
  // The type Fund names the portal's two funds: a made-up one is only known at run time.
  fund: 'TST' as Fund,
  title: 'Candidatura Fondo di Prova',
  steps: [
    { id: 'progetto', title: 'Progetto', kind: 'form' },
    { id: 'invia', title: 'Invia Candidatura', kind: 'submit' },
  ],
  schema,
  fields,
  blockingDateField: 'fineLavori',
  sectionLabels: { dettagli: 'Dettagli' },
  withComputedValues: withQuota,
  applyChange: (values, field, value) => withQuota({ ...values, [field]: value }),
  validate: (values) => fieldIssues(values, fields),
  warnings: (values, thresholds) =>
    values.quota !== null && values.quota > thresholds.maxFundSharePercent ? ['Quota oltre il massimo'] : [],
});

const tstEntry: FundEntry = {
  fund: 'TST',
  compilazioneType: 7,
  controller: 'Tst',
  slug: 'tst',
  submitPath: '/api/Tst/CreateTst',
  idQueryKey: 'tstId',
  warningsKey: 'warningsTst',
  listKey: 'tstCompilazione',
  title: 'Fondo di Prova',
  // No region or city in this fund's values: the territory report counts it as "Non indicata".
  report: { fundAmount: 'importo', totalInvestment: 'totale', coFinancing: [], region: 'regione', metropolitanCity: null },
};

const tstFund: ServerFund = {
  entry: tstEntry,
  application: {
    definition: tstDefinition,
    prepare: (values: TstValues) => values,
    referenceIssues: (values: TstValues) =>
      values.titolo === 'Vietato' ? [{ field: 'titolo', step: 'progetto', message: 'Titolo non ammesso' }] : [],
  },
};

let t: TestApp;

/** The person's organisation as GET /api/Organization/GetAllOrgsCompilazioni lists it (optionally searched). */
async function listed(query = ''): Promise<Record<string, unknown> | undefined> {
  const response = await t.get(`/api/Organization/GetAllOrgsCompilazioni${query}`, admin.token);
  expect(response.statusCode).toBe(200);
  return (response.json() as { organization: { id: string } }[]).find((item) => item.organization.id === person.orgId);
}

async function report(reportId: string, fund?: string) {
  const response = await t.get(
    `/api/Report/GetReport?workspaceId=${REPORT_WORKSPACE_ID}&reportId=${reportId}${fund ? `&fund=${fund}` : ''}`,
    admin.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Report;
}
let person: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ extraFunds: () => [tstFund] });
  // The call of the new fund: configuration data, like the two seeded calls.
  await t.db.insert(calls).values({
    fund: 'TST',
    title: 'Fondo di Prova',
    opensAt: new Date('2026-01-01T00:00:00+01:00'),
    closesAt: new Date('2027-12-31T18:00:00+01:00'),
    endOfWorksLimit: '2026-08-31',
    thresholds: {
      fundAmountWarning: 1e6,
      maxFundSharePercent: 50,
      propertyPurchaseMaxPercent: null,
      energyCapexMinPercent: null,
      digitalCapexMinPercent: null,
    },
  });
  person = await personWithOrganization(t, { name: 'Comune di Prova' });
  admin = await t.loginAsAdmin();
});
afterAll(() => t.close());

describe('a fund added by a definition and one registry entry per side', () => {
  it('autosaves its drafts through CreateDraftCompilazione and serves them as its own values', async () => {
    const saved = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      {
        compilazioneType: 7,
        json: JSON.stringify({ titolo: 'Piazza nuova', importo: 'non un numero', ignoto: 1, dettagli: { nota: 'ok', altro: 2 } }),
        organizationId: person.orgId,
        version: 0,
      },
      person.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ compilazioneType: 7, version: 1, statusCode: 'APERTA' });

    const draft = await t.get(`/api/DraftCompilazione/GetTstDraft?orgId=${person.orgId}`, person.token);
    expect(draft.statusCode).toBe(200);
    // Unknown keys dropped, a value of the wrong type emptied, nested groups read the same way.
    expect(JSON.parse(draft.json().json)).toEqual({
      organizationId: person.orgId,
      titolo: 'Piazza nuova',
      importo: null,
      totale: null,
      quota: null,
      dettagli: { nota: 'ok' },
    });
    expect((await t.get(`/api/DraftCompilazione/HasSubmittedTst?orgId=${person.orgId}`, person.token)).json()).toBe(false);

    // The admin list shows the draft under the fund's own key, with its compilazioneType.
    expect(await listed()).toMatchObject({
      turCompilazione: null,
      puiCompilazione: null,
      tstCompilazione: { statusCode: 'APERTA', submittedAt: null },
      compilazioneDrafts: [{ compilazioneType: 7, version: 1 }],
    });
  });

  it('refuses an unknown compilazioneType with an Italian message', async () => {
    const unknown = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      { compilazioneType: 42, json: '{}', organizationId: person.orgId },
      person.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/fondo/i);
  });

  it('checks shape (400 by label), rules and references (422 by field and step) on submit', async () => {
    const wrongType = await t.post(
      tstEntry.submitPath,
      { organizationId: person.orgId, titolo: 3, dettagli: { nota: 'x'.repeat(101) } },
      person.token,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('Titolo del progetto: tipo di valore non valido');
    expect(wrongType.json().message).toContain('Nota: valore troppo lungo o troppo grande');

    const incomplete = await t.post(tstEntry.submitPath, { organizationId: person.orgId, titolo: 'Vietato' }, person.token);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().issues).toEqual(
      expect.arrayContaining([
        { field: 'importo', step: 'progetto', message: 'Campo obbligatorio' },
        { field: 'titolo', step: 'progetto', message: 'Titolo non ammesso' },
      ]),
    );
  });

  it('submits once, as Candidatura Sottomessa, with the warnings under its own key for admins only', async () => {
    const body = { organizationId: person.orgId, titolo: 'Piazza nuova', importo: 800, totale: 1000, quota: 1, status: 'x' };
    const [first, again] = [await t.post(tstEntry.submitPath, body, person.token), await t.post(tstEntry.submitPath, body, person.token)];
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusCode: 'CANDIDATURA_SOTTOMESSA', warningsTst: [], body: { quota: 80 } });

    const asAdmin = await t.get(`/api/Tst/GetTstCompilazione?orgId=${person.orgId}`, admin.token);
    expect(asAdmin.json()).toMatchObject({ statusCode: 'CANDIDATURA_SOTTOMESSA', warningsTst: ['Quota oltre il massimo'] });
    const submissions = (await historyRows(t, first.json().id)).filter((row) => row.toStatus === 'CANDIDATURA_SOTTOMESSA');
    expect(submissions).toHaveLength(1);

    const changed = await t.post(tstEntry.submitPath, { ...body, titolo: 'Altro' }, person.token);
    expect(changed.statusCode).toBe(409);

    const evaluate = await t.post(
      `/api/Tst/UpdateTstCompilazioneStatus?tstId=${first.json().id}&status=In%20valutazione`,
      undefined,
      admin.token,
    );
    expect(evaluate.statusCode).toBe(200);
    expect(evaluate.json()).toMatchObject({ statusCode: 'IN_VALUTAZIONE' });
  });
});

describe('the admin list, its exports, the reports and monitoring, from the registry entry alone', () => {
  it("lists the application under the entry's key, in the whole list and in a search, beside the other funds", async () => {
    const expected = {
      turCompilazione: null,
      puiCompilazione: null,
      tstCompilazione: {
        status: 'In valutazione',
        statusCode: 'IN_VALUTAZIONE',
        submittedAt: expect.any(String),
        allowedTargets: [...adminTargetsFrom('IN_VALUTAZIONE')],
        warningsCount: 1,
      },
      // Handed over: no longer a draft.
      compilazioneDrafts: [],
    };
    const item = await listed();
    expect(item).toMatchObject(expected);
    expect(Object.keys(item!)).toEqual(['organization', 'turCompilazione', 'puiCompilazione', 'tstCompilazione', 'compilazioneDrafts']);
    expect(await listed(`?q=${encodeURIComponent('comune di prova')}`)).toMatchObject(expected);
  });

  it('exports its applications by code or compilazioneType, and one application as CandidaturaTst', async () => {
    const { id } = (await t.get(`/api/Tst/GetTstCompilazione?orgId=${person.orgId}`, admin.token)).json() as { id: string };
    for (const callType of ['tst', 7, '7']) {
      const list = await t.post('/api/DraftCompilazione/DownloadExcelCompilazioni', { callType, compilazioniId: [id] }, admin.token);
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-compilazioni-count']).toBe('1');
      expect(list.headers['content-disposition']).toContain('Lista-candidature-TST.xlsx');
    }
    // An application of another fund is left out of this fund's list.
    const other = await t.post('/api/DraftCompilazione/DownloadExcelCompilazioni', { callType: 'PUI', compilazioniId: [id] }, admin.token);
    expect(other.headers['x-compilazioni-count']).toBe('0');

    const one = await t.get(`/api/DraftCompilazione/DownloadExcelCompilazione?orgId=${person.orgId}&callType=TST`, admin.token);
    expect(one.statusCode).toBe(200);
    expect(decodeURIComponent(String(one.headers['content-disposition']))).toContain('CandidaturaTst-Comune di Prova.xlsx');
  });

  it('counts it in every report, with its own figures, alone when filtered by it', async () => {
    for (const reportId of REPORT_IDS) {
      const all = await report(reportId);
      expect(all.sections.length).toBeGreaterThan(0);
    }
    const status = await report('stato-candidature');
    expect(status.sections[0]!.columns.map((column) => column.key)).toEqual(expect.arrayContaining(['TUR', 'PUI', 'TST', 'total']));
    expect(status.sections[0]!.rows.find((row) => row.status === 'In valutazione')).toMatchObject({ TST: 1 });

    const amounts = await report('importi', 'TST');
    expect(amounts.filters).toEqual({ fund: 'TST', from: null, to: null });
    expect(amounts.sections.find((section) => section.id === 'importi')!.rows).toEqual([
      { fund: 'TST', applications: 1, requested: 800, investment: 1000, cofinancing: 0, withWarnings: 1 },
    ]);
    const territory = await report('territorio', 'TST');
    expect(territory.sections.map((section) => section.id)).toEqual(['regioni']);
    expect(territory.sections[0]!.rows).toEqual([{ region: 'Non indicata', 'TST:n': 1, 'TST:requested': 800 }]);

    const excel = await t.get(`/api/Report/DownloadExcelReport?workspaceId=${REPORT_WORKSPACE_ID}&reportId=importi&fund=TST`, admin.token);
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-disposition']).toContain('Report-importi-TST.xlsx');

    const unknown = await t.get(`/api/Report/GetReport?workspaceId=${REPORT_WORKSPACE_ID}&reportId=importi&fund=XYZ`, admin.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Il fondo indicato non esiste: scegli TUR, PUI o TST.');
  });

  it('opens its monitoring period by period and lists it on ShowMonitoraggioTst', async () => {
    // The fund's monitoring period: data, like the periods file of the two funds.
    await t.db
      .insert(monitoringPeriods)
      .values({ fund: 'TST', code: 'P1', title: 'Monitoraggio di prova', opensOn: '2026-01-01', dueOn: '2099-12-31' });
    const id = await forceApplicationStatus(t, person.orgId, 'TST' as Fund, 'DELIBERATA');
    const opened = await t.post(`/api/Tst/UpdateTstCompilazioneStatus?tstId=${id}&status=Monitoraggio%20Aperto`, undefined, admin.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ statusCode: 'MONITORAGGIO_APERTO' });

    const rows = await t.get(`/api/Monitoraggio/ShowMonitoraggioTst?candidaturaId=${id}`, person.token);
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toEqual([
      expect.objectContaining({
        title: 'Monitoraggio di prova',
        fund: 'TST',
        candidaturaId: id,
        compilata: false,
        current: true,
        overdue: false,
      }),
    ]);
    expect(rows.json()[0].link).toMatch(new RegExp(`^/survey/TST_istruttoria/${person.orgId}\\?`));
    // Another fund's controller does not show it.
    expect((await t.get(`/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=${id}`, person.token)).statusCode).toBe(404);

    const monitoring = await report('monitoraggio', 'TST');
    expect(JSON.stringify(monitoring.sections)).toContain('Monitoraggio di prova');
  });
});
