import { sql } from 'drizzle-orm';
import { APPLICATION_STATUS_CODES, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { effectiveDueDay, isOverdue } from '../../domain/monitoringDueDates.ts';
import type { ReportRow, ReportSection } from '../../domain/reports/reportData.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import { statusHasTag } from '../../machines/application-lifecycle/transitions.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { monitoringPeriods, monitoringRounds } from '../db/schema/monitoring.ts';
import { queryRows } from '../db/queryRows.ts';
import { inRomeDays, num, ofFunds, sqlList, type ReportScope } from './reportScope.ts';

/** The lifecycle's monitoring statuses, in order: open (to fill in), submitted (filled in), closed. */
const MONITORING_STATUSES = APPLICATION_STATUS_CODES.filter((status) => statusHasTag(status, 'monitoring'));
const COLUMN_OF: Partial<Record<ApplicationStatusCode, 'open' | 'submitted' | 'closed'>> = {
  MONITORAGGIO_APERTO: 'open',
  MONITORAGGIO_SOTTOMESSO: 'submitted',
  MONITORAGGIO_CHIUSO: 'closed',
};

/** The opened periods of one period of a fund, handed over or not (one aggregate row). */
interface PeriodCount {
  fund: string;
  periodId: string;
  title: string;
  dueOn: string;
  submitted: boolean;
  n: number;
}

type PeriodState = 'filled' | 'pending' | 'overdue';

/** Handed over = filled; otherwise overdue or pending by monitoring's own rule (domain/monitoringDueDates.ts). */
const stateOf = (count: PeriodCount, now: Date): PeriodState =>
  count.submitted ? 'filled' : isOverdue({ dueOn: count.dueOn, submitted: false }, now) ? 'overdue' : 'pending';

const emptyCounts = () => ({ opened: 0, filled: 0, pending: 0, overdue: 0 });

function addTo(row: ReportRow, state: PeriodState, n: number) {
  row.opened = num(row.opened) + n;
  row[state] = num(row[state]) + n;
}

const PERIOD_COLUMNS = [
  { key: 'opened', label: m.columns.periodsOpened, kind: 'count' },
  { key: 'filled', label: m.columns.periodsFilled, kind: 'count' },
  { key: 'pending', label: m.columns.periodsPending, kind: 'count' },
  { key: 'overdue', label: m.columns.periodsOverdue, kind: 'count' },
] as const;
const PERIOD_SERIES = ['filled', 'pending', 'overdue'];

/**
 * Report 5: monitoring. The periods opened for applications (monitoring rounds), per fund and per period:
 * filled (handed over), pending (not handed over, due day not passed) and overdue (not handed over, due day
 * passed) — the same rule as /monitoraggio and the admin list's overdue chip, on Italy's calendar at `now`.
 * Then the projects in each monitoring status. The range applies to the day each application was presented.
 */
export async function monitoringReport(db: Db, scope: ReportScope, now: Date): Promise<ReportSection[]> {
  const periods = await queryRows<PeriodCount>(
    db,
    sql`select ${monitoringPeriods.id} as "periodId", ${monitoringPeriods.fund} as fund, ${monitoringPeriods.title} as title,
          ${monitoringPeriods.dueOn}::text as "dueOn", ${monitoringRounds.submittedAt} is not null as submitted, count(*)::int as n
        from ${monitoringRounds}
        join ${monitoringPeriods} on ${monitoringPeriods.id} = ${monitoringRounds.periodId}
        join ${applications} on ${applications.id} = ${monitoringRounds.applicationId}
        where ${ofFunds(scope)} and ${inRomeDays(applications.submittedAt, scope)}
        group by ${monitoringPeriods.id}, ${monitoringRounds.submittedAt} is not null
        order by ${monitoringPeriods.opensOn}, ${monitoringPeriods.code}, 5`,
  );
  const counted = await queryRows<{ fund: string; status: ApplicationStatusCode; n: number }>(
    db,
    sql`select ${applications.fund} as fund, ${applications.status} as status, count(*)::int as n
        from ${applications}
        where ${ofFunds(scope)} and ${applications.status} in (${sqlList(MONITORING_STATUSES)}) and ${inRomeDays(applications.submittedAt, scope)}
        group by 1, 2`,
  );
  const both = scope.funds.length > 1;
  return [periodsByFund(periods, scope, now), periodsByTitle(periods, scope, now, both), statusSection(counted, scope)];
}

function periodsByFund(periods: PeriodCount[], scope: ReportScope, now: Date): ReportSection {
  const rowOf = (funds: readonly string[], label: string): ReportRow => {
    const row: ReportRow = { fund: label, ...emptyCounts() };
    for (const p of periods) if (funds.includes(p.fund)) addTo(row, stateOf(p, now), num(p.n));
    return row;
  };
  const rows = [
    ...scope.funds.map((fund) => rowOf([fund], fund)),
    ...(scope.funds.length > 1 ? [rowOf(scope.funds, m.columns.total)] : []),
  ];
  const all = rows[rows.length - 1]!;
  return {
    id: 'periodi',
    title: m.sections.periodsByFund,
    reading:
      num(all.opened) === 0
        ? m.readings.noPeriods
        : m.readings.periods(num(all.opened), num(all.filled), num(all.pending), num(all.overdue)),
    note: `${m.notes.periodsOverdue} ${m.notes.period}`,
    columns: [{ key: 'fund', label: m.columns.fund, kind: 'text' }, ...PERIOD_COLUMNS],
    rows,
    chart: { categoryKey: 'fund', seriesKeys: PERIOD_SERIES, orientation: 'horizontal' },
  };
}

/** One row per period of a fund (named with its fund when both are in view), oldest opening first. */
function periodsByTitle(periods: PeriodCount[], scope: ReportScope, now: Date, both: boolean): ReportSection {
  const byPeriod = new Map<string, ReportRow>();
  for (const fund of scope.funds) {
    for (const p of periods) {
      if (p.fund !== fund) continue;
      const row = byPeriod.get(p.periodId) ?? {
        period: both ? `${p.fund} · ${p.title}` : p.title,
        dueDay: effectiveDueDay(p.dueOn),
        ...emptyCounts(),
      };
      addTo(row, stateOf(p, now), num(p.n));
      byPeriod.set(p.periodId, row);
    }
  }
  const rows = [...byPeriod.values()];
  const mostOverdue = rows.reduce<ReportRow | undefined>((top, row) => (num(row.overdue) > num(top?.overdue) ? row : top), undefined);
  return {
    id: 'periodi-per-titolo',
    title: m.sections.periodsByTitle,
    reading:
      rows.length === 0
        ? m.readings.noPeriods
        : mostOverdue
          ? m.readings.periodMostOverdue(String(mostOverdue.period), num(mostOverdue.overdue))
          : m.readings.periodsNoneOverdue(rows.length),
    columns: [
      { key: 'period', label: m.columns.period, kind: 'text' },
      { key: 'dueDay', label: m.columns.dueDay, kind: 'day' },
      ...PERIOD_COLUMNS,
    ],
    rows,
    chart: { categoryKey: 'period', seriesKeys: PERIOD_SERIES, orientation: 'horizontal' },
  };
}

/** The projects in each monitoring status (Monitoraggio Aperto = to fill in, Sottomesso = filled in, Chiuso). */
function statusSection(counted: { fund: string; status: ApplicationStatusCode; n: number }[], scope: ReportScope): ReportSection {
  const rowOf = (funds: readonly string[], label: string): ReportRow => {
    const row: ReportRow = { fund: label, open: 0, submitted: 0, closed: 0 };
    for (const c of counted) {
      const column = COLUMN_OF[c.status];
      if (column && funds.includes(c.fund)) row[column] = num(row[column]) + num(c.n);
    }
    return row;
  };
  const rows = [
    ...scope.funds.map((fund) => rowOf([fund], fund)),
    ...(scope.funds.length > 1 ? [rowOf(scope.funds, m.columns.total)] : []),
  ];
  const all = rows[rows.length - 1]!;
  const count = num(all.open) + num(all.submitted) + num(all.closed);
  return {
    id: 'monitoraggio',
    title: m.sections.monitoring,
    reading: count === 0 ? m.readings.none : m.readings.monitoring(count, num(all.open), num(all.submitted), num(all.closed)),
    note: m.notes.period,
    columns: [
      { key: 'fund', label: m.columns.fund, kind: 'text' },
      { key: 'open', label: m.columns.monitoringOpen, kind: 'count' },
      { key: 'submitted', label: m.columns.monitoringSubmitted, kind: 'count' },
      { key: 'closed', label: m.columns.monitoringClosed, kind: 'count' },
    ],
    rows,
    chart: { categoryKey: 'fund', seriesKeys: ['open', 'submitted', 'closed'], orientation: 'horizontal' },
  };
}
