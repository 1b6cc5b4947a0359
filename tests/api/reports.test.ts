import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_CODES, applicationStatusLabels, COMPILAZIONE_TYPE, type Fund } from '../../domain/applicationStatus.ts';
import { isOverdue } from '../../domain/monitoringDueDates.ts';
import type { Report, ReportList, ReportRow } from '../../domain/reports/reportData.ts';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { monitoringPeriods, monitoringRounds } from '../../server/db/schema/monitoring.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { createTerritory } from '../../server/reference/territory.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus, updateStatus } from '../support/applicationFixtures.ts';
import { monitoringPeriodsEnv, romeDay as dayFromToday } from '../support/monitoringPeriods.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';

/**
 * The reports' figures against the demo seed, each recomputed here from the rows themselves in plain
 * TypeScript (not with the reports' SQL): counts, sums, shares, weeks in Rome, medians and percentiles.
 */
type Application = typeof applications.$inferSelect;
type History = typeof applicationStatusHistory.$inferSelect;

const WORKSPACE = 'fondi-tematici';
const FUNDS: Fund[] = ['TUR', 'PUI'];
/** Read independently of the reports' table of fields: the spec's names for each fund's figures. */
const FUND_AMOUNT: Record<Fund, string> = { TUR: 'costiIintervento', PUI: 'entitaInterventoFondo' };
const COFINANCING: Record<Fund, string[]> = {
  TUR: ['costiDdebito', 'costiEquity', 'costiPubblico'],
  PUI: ['cofinanziamentoDebito', 'cofinanziamentoEquity', 'cofinanziamentoPubblico'],
};
const PRESENTED = new Set(APPLICATION_STATUS_CODES.slice(2));
const DAY_MS = 86_400_000;

const romeDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(instant);
function mondayOf(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
/** Linear interpolation between closest ranks, as SQL's percentile_cont. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = p * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}
const amount = (body: Record<string, unknown> | null, key: string) => (typeof body?.[key] === 'number' ? (body[key] as number) : 0);
const cents = (value: number) => Math.round(value * 100) / 100;

let t: TestApp;
let admin: { token: string };
let applicant: { token: string };
let orgs: (typeof organizations.$inferSelect)[];
let apps: Application[];
let history: History[];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  admin = await t.loginAsAdmin();
  applicant = await personWithOrganization(t, { name: 'Comune di Prova Report' });
  orgs = await t.db.select().from(organizations);
  apps = await t.db.select().from(applications);
  history = await t.db.select().from(applicationStatusHistory);
}, 120_000);
afterAll(() => t?.close());

function query(params: Record<string, string | undefined>) {
  return new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)).toString();
}
async function report(reportId: string, filters: { fund?: Fund; from?: string; to?: string } = {}): Promise<Report> {
  const response = await t.get(`/api/Report/GetReport?${query({ workspaceId: WORKSPACE, reportId, ...filters })}`, admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Report;
}
const section = (r: Report, id: string) => r.sections.find((s) => s.id === id)!;
const rowBy = (rows: ReportRow[], key: string, value: string) => rows.find((row) => row[key] === value)!;

/** Presented applications of `funds`, presented on a Rome day in [from, to]. */
function presented(funds: Fund[], from?: string, to?: string) {
  return apps.filter(
    (a) =>
      funds.includes(a.fund as Fund) &&
      PRESENTED.has(a.status) &&
      a.body !== null &&
      a.submittedAt !== null &&
      (!from || romeDay(a.submittedAt) >= from) &&
      (!to || romeDay(a.submittedAt) <= to),
  );
}

describe('GET /api/Report/GetReportList', () => {
  it('lists the five reports of the call once it has applications', async () => {
    const response = await t.get('/api/Report/GetReportList', admin.token);
    expect(response.statusCode).toBe(200);
    const list = response.json() as ReportList;
    expect(list.workspaceId).toBe(WORKSPACE);
    expect(list.reports.map((r) => r.id)).toEqual(['stato-candidature', 'importi', 'territorio', 'flusso-istruttoria', 'monitoraggio']);
    expect(list.reports[0]!.title).toBe('Candidature per stato');
  });
});

describe('report 1: applications by status', () => {
  it('counts each of the thirteen statuses per fund, organisations without an application as Non avviata', async () => {
    const r = await report('stato-candidature');
    const rows = section(r, 'per-stato').rows;
    expect(rows.map((row) => row.status)).toEqual(APPLICATION_STATUS_CODES.map((code) => applicationStatusLabels[code]));
    for (const code of APPLICATION_STATUS_CODES) {
      for (const fund of FUNDS) {
        let expected = apps.filter((a) => a.fund === fund && a.status === code).length;
        if (code === 'NON_AVVIATA') expected += orgs.filter((o) => !apps.some((a) => a.organizationId === o.id && a.fund === fund)).length;
        expect(rowBy(rows, 'status', applicationStatusLabels[code])[fund], `${fund} ${code}`).toBe(expected);
      }
    }
    // The demo seed puts every status in both funds.
    expect(rows.every((row) => (row.TUR as number) > 0 && (row.PUI as number) > 0)).toBe(true);
    expect(section(r, 'per-stato').reading).toMatch(/^\d+ candidature avviate, di cui \d+ presentate/);
  });

  it('keeps only the fund asked for', async () => {
    const r = await report('stato-candidature', { fund: 'PUI' });
    const s = section(r, 'per-stato');
    expect(s.columns.map((c) => c.key)).toEqual(['status', 'PUI']);
    expect(rowBy(s.rows, 'status', 'Deliberata').PUI).toBe(apps.filter((a) => a.fund === 'PUI' && a.status === 'DELIBERATA').length);
    expect(r.filters).toEqual({ fund: 'PUI', from: null, to: null });
  });
});

describe('report 2: money', () => {
  it('adds up the amount asked of each fund, the total investment and the co-financing of presented applications', async () => {
    const r = await report('importi');
    const rows = section(r, 'importi').rows;
    for (const fund of FUNDS) {
      const mine = presented([fund]);
      const row = rowBy(rows, 'fund', fund);
      expect(row.applications).toBe(mine.length);
      expect(row.requested).toBeCloseTo(
        mine.reduce((n, a) => n + amount(a.body, FUND_AMOUNT[fund]), 0),
        2,
      );
      expect(row.investment).toBeCloseTo(
        mine.reduce((n, a) => n + amount(a.body, 'costiTotale'), 0),
        2,
      );
      expect(row.cofinancing).toBeCloseTo(
        mine.reduce((n, a) => n + COFINANCING[fund].reduce((s, k) => s + amount(a.body, k), 0), 0),
        2,
      );
      expect(row.withWarnings).toBe(mine.filter((a) => a.warnings.length > 0).length);
      expect(row.applications).toBeGreaterThan(0);
    }
  });

  it('distributes the fund share in ten-point bands and counts every reviewer warning', async () => {
    const r = await report('importi');
    const shares = section(r, 'quota-fondo').rows;
    const warnings = section(r, 'avvisi').rows;
    for (const fund of FUNDS) {
      const bands = new Map<string, number>();
      for (const a of presented([fund])) {
        const share = (amount(a.body, FUND_AMOUNT[fund]) / amount(a.body, 'costiTotale')) * 100;
        const from = Math.min(Math.floor(share / 10) * 10, 100);
        const label = from === 100 ? '100% e oltre' : `${from}–${from + 10}%`;
        bands.set(label, (bands.get(label) ?? 0) + 1);
      }
      for (const [label, n] of bands) expect(rowBy(shares, 'band', label)[fund], `${fund} ${label}`).toBe(n);
      expect(shares.reduce((n, row) => n + (row[fund] as number), 0)).toBe(presented([fund]).length);

      const texts = new Map<string, number>();
      for (const a of presented([fund])) for (const w of a.warnings) texts.set(w, (texts.get(w) ?? 0) + 1);
      expect(texts.size).toBeGreaterThan(0);
      for (const [text, n] of texts) expect(rowBy(warnings, 'warning', text)[fund], text).toBe(n);
    }
  });
});

describe('report 3: territory', () => {
  it('counts presented applications and the amounts they ask per region, by name', async () => {
    const territory = createTerritory();
    const r = await report('territorio', { fund: 'TUR' });
    const rows = section(r, 'regioni').rows;
    const expected = new Map<string, { n: number; requested: number }>();
    for (const a of presented(['TUR'])) {
      const code = String(a.body?.progRegione ?? '');
      const name = (code && territory.region(Number(code))?.name) || 'Non indicata';
      const entry = expected.get(name) ?? { n: 0, requested: 0 };
      expected.set(name, { n: entry.n + 1, requested: entry.requested + amount(a.body, 'costiIintervento') });
    }
    expect(rows).toHaveLength(expected.size);
    for (const [name, { n, requested }] of expected) {
      expect(rowBy(rows, 'region', name)['TUR:n'], name).toBe(n);
      expect(rowBy(rows, 'region', name)['TUR:requested']).toBeCloseTo(requested, 2);
    }
    expect(r.sections.map((s) => s.id)).toEqual(['regioni']);
  });

  it('adds the metropolitan cities when PUI is in view', async () => {
    const r = await report('territorio');
    const cities = section(r, 'citta-metropolitane');
    const names = new Map(
      (
        JSON.parse(readFileSync(new URL('../../server/reference/lists/cittaMetropolitane.json', import.meta.url), 'utf8')) as {
          id: number;
          name: string;
        }[]
      ).map((c) => [c.id, c.name]),
    );
    const expected = new Map<string, number>();
    for (const a of presented(['PUI'])) {
      const name = names.get(a.body?.progCittaMetropolitana as number) ?? 'Non indicata';
      expected.set(name, (expected.get(name) ?? 0) + 1);
    }
    expect(expected.size).toBeGreaterThan(1);
    expect(cities.rows).toHaveLength(expected.size);
    for (const [name, n] of expected) expect(rowBy(cities.rows, 'city', name)['PUI:n'], name).toBe(n);
    // The demo's PUI projects have a region too: their city's, kept by ISTAT code (as TUR's) as CreatePui completes it.
    const territory = createTerritory();
    const regions = section(r, 'regioni').rows;
    const byRegion = new Map<string, number>();
    for (const a of presented(['PUI'])) {
      const code = String(a.body?.progRegione ?? '');
      const name = (code && territory.region(Number(code))?.name) || 'Non indicata';
      byRegion.set(name, (byRegion.get(name) ?? 0) + 1);
    }
    expect(byRegion.has('Non indicata')).toBe(false);
    for (const [name, n] of byRegion) expect(rowBy(regions, 'region', name)['PUI:n'], name).toBe(n);
  });
});

describe('report 4: flow', () => {
  it('counts presentations per Monday-to-Sunday week in Rome, every week between the first and the last', async () => {
    const r = await report('flusso-istruttoria');
    const rows = section(r, 'settimane').rows;
    const perWeek = new Map<string, number>();
    for (const a of apps)
      if (a.submittedAt) perWeek.set(mondayOf(romeDay(a.submittedAt)), (perWeek.get(mondayOf(romeDay(a.submittedAt))) ?? 0) + 1);
    const weeks = [...perWeek.keys()].sort();
    expect(rows[0]!.week).toBe(weeks[0]);
    expect(rows[rows.length - 1]!.week).toBe(weeks[weeks.length - 1]);
    for (const row of rows) expect(row.total, String(row.week)).toBe(perWeek.get(String(row.week)) ?? 0);
  });

  it('measures the days from presentation to decision and in integration from the status history', async () => {
    const r = await report('flusso-istruttoria');
    const rows = section(r, 'tempi').rows;
    const byApplication = new Map<string, History[]>();
    for (const h of history) byApplication.set(h.applicationId, [...(byApplication.get(h.applicationId) ?? []), h]);
    const decisionDays = new Map<string, number[]>();
    const integrationDays = new Map<string, number[]>();
    const open = new Map<string, number>();
    for (const a of apps) {
      const steps = (byApplication.get(a.id) ?? []).sort(
        (x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id),
      );
      const first = steps.find((h) => h.toStatus === 'CANDIDATURA_SOTTOMESSA');
      if (!first) continue;
      const decision = steps.find((h) => (h.toStatus === 'AMMISSIBILE' || h.toStatus === 'RIFIUTATA') && h.createdAt > first.createdAt);
      for (const key of [a.fund, 'Totale']) {
        if (decision)
          decisionDays.set(key, [...(decisionDays.get(key) ?? []), (decision.createdAt.getTime() - first.createdAt.getTime()) / DAY_MS]);
        steps.forEach((h, i) => {
          if (h.toStatus !== 'IN_INTEGRAZIONE') return;
          const next = steps[i + 1];
          if (next)
            integrationDays.set(key, [...(integrationDays.get(key) ?? []), (next.createdAt.getTime() - h.createdAt.getTime()) / DAY_MS]);
          else open.set(key, (open.get(key) ?? 0) + 1);
        });
      }
    }
    for (const key of ['TUR', 'PUI', 'Totale']) {
      const row = rowBy(rows, 'fund', key);
      const decided = decisionDays.get(key) ?? [];
      expect(decided.length, key).toBeGreaterThan(0);
      expect(row.decisions).toBe(decided.length);
      expect(row.decisionMedian as number).toBeCloseTo(cents(percentile(decided, 0.5)!), 1);
      expect(row.decisionP90 as number).toBeCloseTo(cents(percentile(decided, 0.9)!), 1);
      expect(row.integrations).toBe((integrationDays.get(key) ?? []).length);
      expect(row.integrationsOpen).toBe(open.get(key) ?? 0);
      expect(row.integrationMedian as number).toBeCloseTo(cents(percentile(integrationDays.get(key)!, 0.5)!), 1);
    }
  });
});

describe('report 5: monitoring', () => {
  /** The demo's opened periods, read as rows and classified here: handed over, or overdue by monitoring's rule, or pending. */
  async function openedPeriods(funds: Fund[], from?: string, to?: string) {
    const periods = new Map((await t.db.select().from(monitoringPeriods)).map((p) => [p.id, p]));
    const byId = new Map(apps.map((a) => [a.id, a]));
    return (await t.db.select().from(monitoringRounds))
      .map((r) => ({ round: r, period: periods.get(r.periodId)!, application: byId.get(r.applicationId)! }))
      .filter(
        ({ application: a }) =>
          funds.includes(a.fund as Fund) &&
          (!from || (a.submittedAt !== null && romeDay(a.submittedAt) >= from)) &&
          (!to || (a.submittedAt !== null && romeDay(a.submittedAt) <= to)),
      )
      .map(({ round, period }) => ({
        fund: period.fund,
        title: period.title,
        state: round.submittedAt ? 'filled' : isOverdue({ dueOn: period.dueOn, submitted: false }, new Date()) ? 'overdue' : 'pending',
      }));
  }

  it('counts the periods opened for applications per fund and per period: filled, pending, overdue', async () => {
    const r = await report('monitoraggio');
    const opened = await openedPeriods(FUNDS);
    expect(opened.length).toBeGreaterThan(0);
    for (const key of [...FUNDS, 'Totale']) {
      const mine = opened.filter((p) => key === 'Totale' || p.fund === key);
      expect(rowBy(section(r, 'periodi').rows, 'fund', key), key).toEqual({
        fund: key,
        opened: mine.length,
        filled: mine.filter((p) => p.state === 'filled').length,
        pending: mine.filter((p) => p.state === 'pending').length,
        overdue: mine.filter((p) => p.state === 'overdue').length,
      });
      if (key === 'Totale') continue;
      for (const title of new Set(mine.map((p) => p.title))) {
        const row = rowBy(section(r, 'periodi-per-titolo').rows, 'period', `${key} · ${title}`);
        expect(row.opened, title).toBe(mine.filter((p) => p.title === title).length);
        expect(row.filled).toBe(mine.filter((p) => p.title === title && p.state === 'filled').length);
      }
    }
    expect(section(r, 'periodi').note).not.toContain('non sono ancora registrati');
  });

  it('honours the fund and the presentation days asked for', async () => {
    const days = presented(FUNDS)
      .map((a) => romeDay(a.submittedAt!))
      .sort();
    const from = days[Math.floor(days.length / 4)]!;
    const to = days[Math.floor((days.length * 3) / 4)]!;
    const r = await report('monitoraggio', { fund: 'PUI', from, to });
    const opened = await openedPeriods(['PUI'], from, to);
    expect(section(r, 'periodi').rows).toEqual([
      {
        fund: 'PUI',
        opened: opened.length,
        filled: opened.filter((p) => p.state === 'filled').length,
        pending: opened.filter((p) => p.state === 'pending').length,
        overdue: opened.filter((p) => p.state === 'overdue').length,
      },
    ]);
    // With one fund in view the periods are named by their title alone.
    for (const row of section(r, 'periodi-per-titolo').rows) expect(row.period).not.toMatch(/^PUI · /);
  });

  it('still counts the applications in each monitoring status per fund', async () => {
    const r = await report('monitoraggio');
    const rows = section(r, 'monitoraggio').rows;
    for (const fund of FUNDS) {
      const row = rowBy(rows, 'fund', fund);
      expect(row.open).toBe(apps.filter((a) => a.fund === fund && a.status === 'MONITORAGGIO_APERTO').length);
      expect(row.submitted).toBe(apps.filter((a) => a.fund === fund && a.status === 'MONITORAGGIO_SOTTOMESSO').length);
      expect(row.closed).toBe(apps.filter((a) => a.fund === fund && a.status === 'MONITORAGGIO_CHIUSO').length);
    }
  });
});

describe('report 5: periods opened through the monitoring API, one past its due day', () => {
  // Per fund: a period due twenty days ago (overdue once opened and not handed over) and one due in thirty days.
  const { env } = monitoringPeriodsEnv(
    FUNDS.flatMap((fund) => [
      { fund, code: 'OLD', title: 'Monitoraggio periodo passato', opensOn: dayFromToday(-60), dueOn: dayFromToday(-20) },
      { fund, code: 'NOW', title: 'Monitoraggio periodo in corso', opensOn: dayFromToday(-5), dueOn: dayFromToday(30) },
    ]),
  );
  let m5: TestApp;
  let admin5: string;
  beforeAll(async () => {
    m5 = await createTestApp({ env });
    admin5 = (await m5.loginAsAdmin()).token;
    const surveys = (await m5.get('/api/SJSurvey/GetSurveyTypeList', admin5)).json() as { id: number; name: string }[];
    const deliberated = async (fund: Fund, name: string, submittedAt: Date, answered: boolean) => {
      const person = await personWithOrganization(m5, { name });
      const id = await forceApplicationStatus(m5, person.orgId, fund, 'AMMISSIBILE', { submittedAt });
      if (answered) {
        for (const [survey, json] of [
          ['Istruttoria-Pui', istruttoriaPuiAnswers],
          ['Gresb-Pui', gresbPuiAnswers],
        ] as const) {
          const surveyId = surveys.find((s) => s.name === survey)!.id;
          const saved = await m5.post(
            '/api/SJSurvey/CreateSurveyAnswers',
            {
              surveySubmissionID: null,
              surveyId,
              json,
              candidaturaId: id,
              compilazioneType: COMPILAZIONE_TYPE.PUI,
              monitoraggio: false,
              version: 0,
            },
            person.token,
          );
          expect(saved.statusCode).toBe(200);
        }
      }
      await forceApplicationStatus(m5, person.orgId, fund, 'DELIBERATA');
      return { id, token: person.token };
    };
    const open = async (fund: Fund, id: string) =>
      expect((await updateStatus(m5, admin5, fund, id, 'Monitoraggio Aperto')).statusCode).toBe(200);
    // PUI, complete: the past period handed over (filled), then the current one opened (pending).
    const done = await deliberated('PUI', 'Comune Puntuale', new Date('2030-02-10T10:00:00Z'), true);
    await open('PUI', done.id);
    expect((await updateStatus(m5, done.token, 'PUI', done.id, 'Monitoraggio Sottomesso')).statusCode).toBe(200);
    await open('PUI', done.id);
    // PUI and TUR: the past period opened and never handed over (overdue).
    await open('PUI', (await deliberated('PUI', 'Comune in Ritardo PUI', new Date('2030-02-11T10:00:00Z'), false)).id);
    await open('TUR', (await deliberated('TUR', 'Comune in Ritardo TUR', new Date('2030-03-03T10:00:00Z'), false)).id);
  }, 240_000);
  afterAll(() => m5?.close());

  const get = async (filters: Record<string, string> = {}) => {
    const response = await m5.get(
      `/api/Report/GetReport?${query({ workspaceId: WORKSPACE, reportId: 'monitoraggio', ...filters })}`,
      admin5,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Report;
  };

  it('counts one filled, one pending and two overdue periods, per fund and per period', async () => {
    const r = await get();
    expect(section(r, 'periodi').rows).toEqual([
      { fund: 'TUR', opened: 1, filled: 0, pending: 0, overdue: 1 },
      { fund: 'PUI', opened: 3, filled: 1, pending: 1, overdue: 1 },
      { fund: 'Totale', opened: 4, filled: 1, pending: 1, overdue: 2 },
    ]);
    expect(section(r, 'periodi').reading).toBe(
      '4 periodi di monitoraggio aperti: 1 compilato, 1 da compilare nei termini, 2 scaduti senza compilazione.',
    );
    const byTitle = section(r, 'periodi-per-titolo').rows;
    expect(rowBy(byTitle, 'period', 'PUI · Monitoraggio periodo passato')).toMatchObject({ opened: 2, filled: 1, pending: 0, overdue: 1 });
    expect(rowBy(byTitle, 'period', 'PUI · Monitoraggio periodo in corso')).toMatchObject({ opened: 1, filled: 0, pending: 1, overdue: 0 });
    expect(rowBy(byTitle, 'period', 'TUR · Monitoraggio periodo passato')).toMatchObject({ opened: 1, overdue: 1 });
    expect(byTitle).toHaveLength(3);
    // The statuses: the complete PUI project is open again for the current period.
    expect(rowBy(section(r, 'monitoraggio').rows, 'fund', 'Totale')).toMatchObject({ open: 3, submitted: 0, closed: 0 });
  });

  it('keeps the fund and presentation days asked for', async () => {
    const tur = await get({ fund: 'TUR' });
    expect(section(tur, 'periodi').rows).toEqual([{ fund: 'TUR', opened: 1, filled: 0, pending: 0, overdue: 1 }]);
    expect(section(tur, 'periodi-per-titolo').rows.map((row) => row.period)).toEqual(['Monitoraggio periodo passato']);
    const february = await get({ from: '2030-02-10', to: '2030-02-10' });
    expect(rowBy(section(february, 'periodi').rows, 'fund', 'Totale')).toMatchObject({ opened: 2, filled: 1, pending: 1, overdue: 0 });
    const none = await get({ from: '2031-01-01' });
    expect(section(none, 'periodi').reading).toBe(
      'Nessun periodo di monitoraggio è stato aperto per le candidature che corrispondono ai filtri scelti.',
    );
  });
});

describe('after a change', () => {
  it('answers with the new figures: a report computed before is not served again', async () => {
    const before = rowBy(section(await report('monitoraggio', { fund: 'TUR' }), 'monitoraggio').rows, 'fund', 'TUR');
    const again = rowBy(section(await report('monitoraggio', { fund: 'TUR' }), 'monitoraggio').rows, 'fund', 'TUR');
    expect(again).toEqual(before);
    const org = await personWithOrganization(t, { name: 'Comune di Nuovo Monitoraggio' });
    await forceApplicationStatus(t, org.orgId, 'TUR', 'MONITORAGGIO_APERTO', { body: {}, submittedAt: new Date('2033-05-05T10:00:00Z') });
    const after = rowBy(section(await report('monitoraggio', { fund: 'TUR' }), 'monitoraggio').rows, 'fund', 'TUR');
    expect(after.open).toBe((before.open as number) + 1);
  });
});

describe('filters', () => {
  it('counts only applications presented on the Rome calendar days asked for, both ends included', async () => {
    const days = presented(FUNDS)
      .map((a) => romeDay(a.submittedAt!))
      .sort();
    const from = days[Math.floor(days.length / 4)]!;
    const to = days[Math.floor((days.length * 3) / 4)]!;
    const r = await report('importi', { fund: 'TUR', from, to });
    const row = rowBy(section(r, 'importi').rows, 'fund', 'TUR');
    const expected = presented(['TUR'], from, to);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(presented(['TUR']).length);
    expect(row.applications).toBe(expected.length);
    expect(row.requested).toBeCloseTo(
      expected.reduce((n, a) => n + amount(a.body, 'costiIintervento'), 0),
      2,
    );
    expect(section(r, 'importi').rows).toHaveLength(1);
  });

  it('puts an application presented at 00:30 in Rome on that Rome day, not the UTC one before', async () => {
    const org = await personWithOrganization(t, { name: 'Comune di Mezzanotte' });
    // 22:30 UTC on 30 June is 00:30 on 1 July in Rome (summer time).
    await forceApplicationStatus(t, org.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', {
      body: { entitaInterventoFondo: 1_000, costiTotale: 4_000 },
      submittedAt: new Date('2031-06-30T22:30:00Z'),
    });
    const july = await report('importi', { fund: 'PUI', from: '2031-07-01', to: '2031-07-01' });
    expect(rowBy(section(july, 'importi').rows, 'fund', 'PUI')).toMatchObject({ applications: 1, requested: 1_000, investment: 4_000 });
    const june = await report('importi', { fund: 'PUI', from: '2031-06-30', to: '2031-06-30' });
    expect(rowBy(section(june, 'importi').rows, 'fund', 'PUI').applications).toBe(0);
    expect(section(june, 'importi').reading).toBe('Nessuna candidatura corrisponde ai filtri scelti.');
  });

  it.each([
    [{ from: '2026-02-31' }, 'La data di inizio del periodo non è valida: usa il formato AAAA-MM-GG.'],
    [{ to: '31/03/2026' }, 'La data di fine del periodo non è valida: usa il formato AAAA-MM-GG.'],
    [{ from: '2026-04-01', to: '2026-03-01' }, 'La data di fine del periodo non può precedere la data di inizio.'],
    [{ fund: 'XYZ' }, 'Il fondo indicato non esiste: scegli TUR o PUI.'],
  ])('refuses %o with 400 and a message the admin can act on', async (filters, message) => {
    const response = await t.get(
      `/api/Report/GetReport?${query({ workspaceId: WORKSPACE, reportId: 'importi', ...filters })}`,
      admin.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message });
  });

  it.each([
    { workspaceId: WORKSPACE, reportId: 'vendite' },
    { workspaceId: 'altro-bando', reportId: 'importi' },
  ])('answers 404 for an unknown report or workspace (%o)', async (address) => {
    const response = await t.get(`/api/Report/GetReport?${query(address)}`, admin.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('Il report richiesto non esiste');
  });
});

describe('Scarica Excel', () => {
  async function readBack(payload: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  }

  it('streams the report’s tables, one sheet per chart, with the same figures as the page', async () => {
    const r = await report('importi', { fund: 'TUR' });
    const response = await t.get(
      `/api/Report/DownloadExcelReport?${query({ workspaceId: WORKSPACE, reportId: 'importi', fund: 'TUR' })}`,
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('filename="Report-importi-TUR.xlsx"');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const workbook = await readBack(response.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Importi per fondo',
      'Distribuzione della quota del',
      'Avvisi per l’istruttoria',
    ]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Importi richiesti – Importi per fondo');
    expect(sheet.getCell('A2').value).toBe(section(r, 'importi').reading);
    expect(sheet.getCell('A3').value).toBe('Fondo Tematico Turismo Sostenibile · tutto il periodo');
    const headerRow = [...Array(sheet.rowCount).keys()].map((i) => i + 1).find((n) => sheet.getCell(n, 1).value === 'Fondo')!;
    expect((sheet.getRow(headerRow).values as unknown[]).slice(1)).toEqual(section(r, 'importi').columns.map((c) => c.label));
    const data = sheet.getRow(headerRow + 1);
    const row = rowBy(section(r, 'importi').rows, 'fund', 'TUR');
    expect(data.getCell(1).value).toBe('TUR');
    expect(data.getCell(2).value).toBe(row.applications);
    expect(data.getCell(3).value).toBe(row.requested);
    expect(data.getCell(3).numFmt).toBe('#,##0.00 "€"');
  });

  it('writes texts from the database as text, never as formulas', async () => {
    const org = await personWithOrganization(t, { name: 'Comune di Formula Report' });
    await forceApplicationStatus(t, org.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', {
      body: { costiIintervento: 10, costiTotale: 100 },
      warnings: ['=HYPERLINK("http://attacco.example","Clicca")'],
      submittedAt: new Date('2032-01-15T10:00:00Z'),
    });
    const response = await t.get(
      `/api/Report/DownloadExcelReport?${query({ workspaceId: WORKSPACE, reportId: 'importi', fund: 'TUR', from: '2032-01-15', to: '2032-01-15' })}`,
      admin.token,
    );
    expect(response.headers['content-disposition']).toContain('Report-importi-TUR-2032-01-15_2032-01-15.xlsx');
    const sheet = (await readBack(response.rawPayload)).getWorksheet('Avvisi per l’istruttoria')!;
    let found: ExcelJS.Cell | undefined;
    sheet.eachRow((row) => row.eachCell((cell) => (String(cell.value).includes('HYPERLINK') ? (found = cell) : undefined)));
    expect(found).toBeDefined();
    expect(found!.type).toBe(ExcelJS.ValueType.String);
    expect(found!.formula).toBeUndefined();
    expect(found!.numFmt).toBe('@');
    expect(found!.value).toBe('=HYPERLINK("http://attacco.example","Clicca")');
  });
});

describe('who may read reports', () => {
  const paths = [
    '/api/Report/GetReportList',
    `/api/Report/GetReport?workspaceId=${WORKSPACE}&reportId=importi`,
    `/api/Report/DownloadExcelReport?workspaceId=${WORKSPACE}&reportId=importi`,
  ];
  it.each(paths)('%s: 401 without a session, 403 for an applicant', async (path) => {
    expect((await t.get(path)).statusCode).toBe(401);
    const forbidden = await t.get(path, applicant.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'forbidden', message: 'Non hai i permessi per questa operazione.' });
  });
});

describe('a call without applications', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
  }, 60_000);
  afterAll(() => empty?.close());

  it('lists no report (the tab says "Nessun report disponibile") and still answers each report with zeros', async () => {
    const { token } = await empty.loginAsAdmin();
    expect((await empty.get('/api/Report/GetReportList', token)).json()).toEqual({ workspaceId: WORKSPACE, reports: [] });
    for (const reportId of ['stato-candidature', 'importi', 'territorio', 'flusso-istruttoria', 'monitoraggio']) {
      const response = await empty.get(`/api/Report/GetReport?workspaceId=${WORKSPACE}&reportId=${reportId}`, token);
      expect(response.statusCode, reportId).toBe(200);
      const r = response.json() as Report;
      for (const s of r.sections) {
        for (const row of s.rows)
          for (const column of s.columns) if (column.kind === 'count') expect(row[column.key], `${reportId} ${column.key}`).toBe(0);
      }
    }
    const importi = (await empty.get(`/api/Report/GetReport?workspaceId=${WORKSPACE}&reportId=importi`, token)).json() as Report;
    expect(section(importi, 'importi').reading).toBe('Nessuna candidatura corrisponde ai filtri scelti.');
    const excel = await empty.get(`/api/Report/DownloadExcelReport?workspaceId=${WORKSPACE}&reportId=flusso-istruttoria`, token);
    expect(excel.statusCode).toBe(200);
  });
});
