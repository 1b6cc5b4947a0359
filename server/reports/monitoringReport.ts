import { sql } from 'drizzle-orm';
import { APPLICATION_STATUS_CODES, type ApplicationStatusCode, type Fund } from '../../domain/applicationStatus.ts';
import type { ReportRow, ReportSection } from '../../domain/reports/reportData.ts';
import { formatCount } from '../../domain/reports/reportFormat.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import { statusHasTag } from '../../machines/application-lifecycle/transitions.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { queryRows } from './queryRows.ts';
import { inRomeDays, num, ofFunds, sqlList, type ReportScope } from './reportScope.ts';

/** The lifecycle's monitoring statuses, in order: open (to fill in), submitted (filled in), closed. */
const MONITORING_STATUSES = APPLICATION_STATUS_CODES.filter((status) => statusHasTag(status, 'monitoring'));
const COLUMN_OF: Partial<Record<ApplicationStatusCode, 'open' | 'submitted' | 'closed'>> = {
  MONITORAGGIO_APERTO: 'open',
  MONITORAGGIO_SOTTOMESSO: 'submitted',
  MONITORAGGIO_CHIUSO: 'closed',
};

/**
 * Report 5: monitoring, from the applications' monitoring statuses (Monitoraggio Aperto = to fill in,
 * Sottomesso = filled in, Chiuso = closed). Monitoring periods with their deadlines (pending and overdue
 * periods) are not stored yet; when they are, this report reads them instead. The range applies to the day
 * each application was presented.
 */
export async function monitoringReport(db: Db, scope: ReportScope): Promise<ReportSection[]> {
  const counted = await queryRows<{ fund: Fund; status: ApplicationStatusCode; n: number }>(
    db,
    sql`select ${applications.fund} as fund, ${applications.status} as status, count(*)::int as n
        from ${applications}
        where ${ofFunds(scope)} and ${applications.status} in (${sqlList(MONITORING_STATUSES)}) and ${inRomeDays(applications.submittedAt, scope)}
        group by 1, 2`,
  );
  const rowOf = (funds: readonly Fund[], label: string): ReportRow => {
    const row: ReportRow = { fund: label, open: 0, submitted: 0, closed: 0 };
    for (const c of counted) {
      const column = COLUMN_OF[c.status];
      if (column && funds.includes(c.fund)) row[column] = num(row[column]) + num(c.n);
    }
    return row;
  };
  const rows = [...scope.funds.map((fund) => rowOf([fund], fund)), ...(scope.funds.length > 1 ? [rowOf(scope.funds, m.columns.total)] : [])];
  const all = rows[rows.length - 1]!;
  const count = num(all.open) + num(all.submitted) + num(all.closed);
  return [
    {
      id: 'monitoraggio',
      title: m.sections.monitoring,
      reading:
        count === 0
          ? m.readings.none
          : m.readings.monitoring(formatCount(count), formatCount(num(all.open)), formatCount(num(all.submitted)), formatCount(num(all.closed))),
      note: `${m.notes.monitoring} ${m.notes.period}`,
      columns: [
        { key: 'fund', label: m.columns.fund, kind: 'text' },
        { key: 'open', label: m.columns.monitoringOpen, kind: 'count' },
        { key: 'submitted', label: m.columns.monitoringSubmitted, kind: 'count' },
        { key: 'closed', label: m.columns.monitoringClosed, kind: 'count' },
      ],
      rows: scope.funds.length > 1 ? rows : rows.slice(0, 1),
      chart: { categoryKey: 'fund', seriesKeys: ['open', 'submitted', 'closed'], orientation: 'horizontal' },
    },
  ];
}
