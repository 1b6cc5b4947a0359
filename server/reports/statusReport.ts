import { sql } from 'drizzle-orm';
import { APPLICATION_STATUS_CODES, applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import type { ReportSection } from '../../domain/reports/reportData.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { organizations } from '../db/schema/organizations.ts';
import { queryRows } from '../db/queryRows.ts';
import { inRomeDays, num, ofFunds, sqlList, SUBMITTED_STATUSES, type ReportScope } from './reportScope.ts';
import { fundColumns } from './fundColumns.ts';

/**
 * Report 1: applications by status (the thirteen, in the spec's order) and fund. "Non avviata" also counts
 * the organisations that never opened an application to the fund. The date range applies to the day the
 * application was presented, or opened while it is a draft, or the organisation registered for Non avviata.
 */
export async function statusReport(db: Db, scope: ReportScope): Promise<ReportSection[]> {
  const counted = await queryRows<{ fund: string; status: ApplicationStatusCode; n: number }>(
    db,
    sql`select ${applications.fund} as fund, ${applications.status} as status, count(*)::int as n
        from ${applications}
        where ${ofFunds(scope)} and ${inRomeDays(sql`coalesce(${applications.submittedAt}, ${applications.createdAt})`, scope)}
        group by 1, 2`,
  );
  const notStarted = await queryRows<{ fund: string; n: number }>(
    db,
    sql`select ${calls.fund} as fund, count(*)::int as n
        from ${organizations} cross join ${calls}
        where ${calls.fund} in (${sqlList(scope.funds)}) and ${inRomeDays(organizations.createdAt, scope)}
          and not exists (select 1 from ${applications} where ${applications.organizationId} = ${organizations.id} and ${applications.fund} = ${calls.fund})
        group by 1`,
  );
  const count = new Map<string, number>();
  for (const row of [...counted, ...notStarted.map((r) => ({ ...r, status: 'NON_AVVIATA' as const }))]) {
    const key = `${row.fund}:${row.status}`;
    count.set(key, (count.get(key) ?? 0) + num(row.n));
  }
  const { columns: perFund, total } = fundColumns(scope, 'count');
  const rows = APPLICATION_STATUS_CODES.map((status) => {
    const values = Object.fromEntries(scope.funds.map((fund) => [fund, count.get(`${fund}:${status}`) ?? 0]));
    return { status: applicationStatusLabels[status], ...values, ...total(values) };
  });

  const started = counted.reduce((sum, r) => sum + num(r.n), 0);
  const presented = counted.filter((r) => SUBMITTED_STATUSES.includes(r.status)).reduce((sum, r) => sum + num(r.n), 0);
  const byStatus = APPLICATION_STATUS_CODES.slice(1).map((status) => ({
    status,
    n: scope.funds.reduce((sum, fund) => sum + (count.get(`${fund}:${status}`) ?? 0), 0),
  }));
  const top = byStatus.reduce((best, row) => (row.n > best.n ? row : best), byStatus[0]!);
  return [
    {
      id: 'per-stato',
      title: m.sections.byStatus,
      reading: started === 0 ? m.readings.none : m.readings.byStatus(started, presented, applicationStatusLabels[top.status], top.n),
      note: m.notes.periodStatus,
      columns: [{ key: 'status', label: m.columns.status, kind: 'text' }, ...perFund],
      rows,
      chart: { categoryKey: 'status', seriesKeys: [...scope.funds], orientation: 'horizontal' },
    },
  ];
}
