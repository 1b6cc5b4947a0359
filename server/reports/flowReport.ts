import { sql } from 'drizzle-orm';
import type { ReportRow, ReportSection } from '../../domain/reports/reportData.ts';
import { formatDay, formatDays } from '../../domain/reports/reportFormat.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import type { Db } from '../db/client.ts';
import { applications, applicationStatusHistory as history } from '../db/schema/applications.ts';
import { fundColumns } from './fundColumns.ts';
import { queryRows } from '../db/queryRows.ts';
import { inRomeDays, num, numOrNull, ofFunds, round2, sqlList, type ReportScope } from './reportScope.ts';

const DECISIONS = ['AMMISSIBILE', 'RIFIUTATA'] as const;
const DAY_SECONDS = 86_400;

/** The Monday after `isoDay` (a Monday), as YYYY-MM-DD. */
function nextWeek(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
}

/**
 * Report 4: flow. (a) Applications presented per week (weeks start on Monday, Rome calendar), every week from
 * the first to the last shown even when empty; (b) review speed from the status history: days from the first
 * presentation (Candidatura Sottomessa) to the first decision after it (Ammissibile or Rifiutata), median and
 * 90th percentile, and days spent In integrazione per request (concluded ones; open ones are counted). The
 * range applies to the day each application was (first) presented.
 */
export async function flowReport(db: Db, scope: ReportScope): Promise<ReportSection[]> {
  const weekly = await queryRows<{ fund: string; week: string; n: number }>(
    db,
    sql`select ${applications.fund} as fund,
               to_char(date_trunc('week', ${applications.submittedAt} at time zone 'Europe/Rome'), 'YYYY-MM-DD') as week,
               count(*)::int as n
        from ${applications}
        where ${ofFunds(scope)} and ${applications.submittedAt} is not null and ${inRomeDays(applications.submittedAt, scope)}
        group by 1, 2`,
  );

  // One pass over the history: each step with the next one (how long the status lasted) and the
  // application's first presentation; then decisions and integration stays are aggregated from it.
  const timings = await queryRows<{
    kind: 'decision' | 'integration';
    fund: string | null;
    n: number;
    open: number;
    median: string | null;
    p90: string | null;
  }>(
    db,
    sql`with steps as (
          select ${history.applicationId} as application_id, ${applications.fund} as fund, ${history.toStatus} as to_status,
                 ${history.createdAt} as at,
                 lead(${history.createdAt}) over (partition by ${history.applicationId} order by ${history.createdAt}, ${history.id}) as next_at,
                 min(${history.createdAt}) filter (where ${history.toStatus} = 'CANDIDATURA_SOTTOMESSA')
                   over (partition by ${history.applicationId}) as presented_at
          from ${history} join ${applications} on ${applications.id} = ${history.applicationId}
          where ${ofFunds(scope)}),
        presented as (
          select * from steps where presented_at is not null and ${inRomeDays(sql`presented_at`, scope)}),
        decided as (
          select fund, presented_at, min(at) filter (where to_status in (${sqlList(DECISIONS)}) and at > presented_at) as decided_at
          from presented group by application_id, fund, presented_at)
        select 'decision' as kind, fund, count(*)::int as n, 0 as open,
               percentile_cont(0.5) within group (order by extract(epoch from decided_at - presented_at) / ${DAY_SECONDS}) as median,
               percentile_cont(0.9) within group (order by extract(epoch from decided_at - presented_at) / ${DAY_SECONDS}) as p90
        from decided where decided_at is not null group by grouping sets ((fund), ())
        union all
        select 'integration', fund,
               count(*) filter (where next_at is not null)::int, count(*) filter (where next_at is null)::int,
               percentile_cont(0.5) within group (order by extract(epoch from next_at - at) / ${DAY_SECONDS}) filter (where next_at is not null),
               percentile_cont(0.9) within group (order by extract(epoch from next_at - at) / ${DAY_SECONDS}) filter (where next_at is not null)
        from presented where to_status = 'IN_INTEGRAZIONE' group by grouping sets ((fund), ())`,
  );
  const speed = timings.filter((row) => row.kind === 'decision').map((row) => ({ ...row, decisions: row.n }));
  const integration = timings.filter((row) => row.kind === 'integration').map((row) => ({ ...row, ended: row.n }));

  // Weekly rows: every week between the first and the last with a presentation.
  const { columns: perFund, total } = fundColumns(scope, 'count');
  const weekCount = new Map(weekly.map((row) => [`${row.fund}:${row.week}`, num(row.n)]));
  const weeks = [...new Set(weekly.map((row) => row.week))].sort();
  const weekRows: ReportRow[] = [];
  for (let week = weeks[0]; week !== undefined && week <= weeks[weeks.length - 1]!; week = nextWeek(week)) {
    const values = Object.fromEntries(scope.funds.map((fund) => [fund, weekCount.get(`${fund}:${week}`) ?? 0]));
    weekRows.push({ week, ...values, ...total(values) });
  }
  const presentedCount = weekly.reduce((n, row) => n + num(row.n), 0);
  const busiest = weekRows.reduce<ReportRow | undefined>(
    (best, row) =>
      !best || scope.funds.reduce((n, f) => n + num(row[f]), 0) > scope.funds.reduce((n, f) => n + num(best[f]), 0) ? row : best,
    undefined,
  );
  const busiestCount = busiest ? scope.funds.reduce((n, f) => n + num(busiest[f]), 0) : 0;

  // Speed rows: one per fund in scope and, with more than one, all funds together (not the mean of the two).
  const days = (value: string | null) => {
    const parsed = numOrNull(value);
    return parsed === null ? null : round2(parsed);
  };
  const speedOf = (fund: string | null) => speed.find((row) => row.fund === fund);
  const integrationOf = (fund: string | null) => integration.find((row) => row.fund === fund);
  const speedRow = (fund: string | null, label: string): ReportRow => ({
    fund: label,
    decisions: num(speedOf(fund)?.decisions),
    decisionMedian: days(speedOf(fund)?.median ?? null),
    decisionP90: days(speedOf(fund)?.p90 ?? null),
    integrations: num(integrationOf(fund)?.ended),
    integrationsOpen: num(integrationOf(fund)?.open),
    integrationMedian: days(integrationOf(fund)?.median ?? null),
    integrationP90: days(integrationOf(fund)?.p90 ?? null),
  });
  const speedRows = [
    ...scope.funds.map((fund) => speedRow(fund, fund)),
    ...(scope.funds.length > 1 ? [speedRow(null, m.columns.total)] : []),
  ];
  const overall = speedOf(null);

  return [
    {
      id: 'settimane',
      title: m.sections.weekly,
      reading:
        presentedCount === 0 || !busiest
          ? m.readings.none
          : m.readings.weekly(presentedCount, weekRows.length, formatDay(String(busiest.week)), busiestCount),
      note: m.notes.period,
      columns: [{ key: 'week', label: m.columns.week, kind: 'day' }, ...perFund],
      rows: weekRows,
      chart: { categoryKey: 'week', seriesKeys: [...scope.funds], orientation: 'vertical' },
    },
    {
      id: 'tempi',
      title: m.sections.reviewSpeed,
      reading:
        !overall || num(overall.decisions) === 0
          ? m.readings.noDecisions
          : m.readings.reviewSpeed(formatDays(days(overall.median) ?? 0), formatDays(days(overall.p90) ?? 0), num(overall.decisions)),
      columns: [
        { key: 'fund', label: m.columns.fund, kind: 'text' },
        { key: 'decisions', label: m.columns.decisions, kind: 'count' },
        { key: 'decisionMedian', label: m.columns.decisionMedian, kind: 'days' },
        { key: 'decisionP90', label: m.columns.decisionP90, kind: 'days' },
        { key: 'integrations', label: m.columns.integrations, kind: 'count' },
        { key: 'integrationsOpen', label: m.columns.integrationsOpen, kind: 'count' },
        { key: 'integrationMedian', label: m.columns.integrationMedian, kind: 'days' },
        { key: 'integrationP90', label: m.columns.integrationP90, kind: 'days' },
      ],
      rows: speedRows,
      chart: {
        categoryKey: 'fund',
        seriesKeys: ['decisionMedian', 'decisionP90', 'integrationMedian', 'integrationP90'],
        orientation: 'horizontal',
      },
    },
  ];
}
