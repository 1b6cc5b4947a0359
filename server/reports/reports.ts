import { sql } from 'drizzle-orm';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import { messages } from '../../domain/messages.ts';
import { REPORT_CATALOG, reportSummary } from '../../domain/reports/reportCatalog.ts';
import { FUND_ENTRIES, type FundEntry } from '../../domain/funds.ts';
import { reportFiltersSchemaFor, type ReportQuery } from '../../domain/reports/reportQuery.ts';
import { reportIdSchema } from '../../domain/reports/reportData.ts';
import { REPORT_WORKSPACE_ID, type ReportId } from '../../domain/reports/reportIds.ts';
import type { Report, ReportList, ReportSection } from '../../domain/reports/reportData.ts';
import { reportMessages } from '../../domain/reports/reportMessages.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { HttpError } from '../errors.ts';
import { flowReport } from './flowReport.ts';
import { moneyReport } from './moneyReport.ts';
import { monitoringReport } from './monitoringReport.ts';
import { queryRows } from '../db/queryRows.ts';
import { createReportCache } from './reportCache.ts';
import { scopeOf, type ReportScope } from './reportScope.ts';
import { statusReport } from './statusReport.ts';
import { territoryReport, type PlaceNames } from './territoryReport.ts';

const m = reportMessages;

/**
 * The admin reports: each computed by the database with aggregate queries over the applications
 * and their status history, never by loading every row. Addressed as the spec's reports were: a workspace
 * (the call) and a report id, plus the filters (fund, Rome calendar days). `funds` are the registered funds
 * (server/app.ts): every report covers each of them, or the one filtered for.
 */
export function createReports({
  db,
  places,
  funds = FUND_ENTRIES,
  now = () => new Date(),
}: {
  db: Db;
  places: PlaceNames;
  funds?: readonly FundEntry[];
  now?: () => Date;
}) {
  const builders: Record<ReportId, (scope: ReportScope) => Promise<ReportSection[]>> = {
    'stato-candidature': (scope) => statusReport(db, scope),
    importi: (scope) => moneyReport(db, scope),
    territorio: (scope) => territoryReport(db, scope, places),
    'flusso-istruttoria': (scope) => flowReport(db, scope),
    monitoraggio: (scope) => monitoringReport(db, scope, now()),
  };
  const cache = createReportCache(db);
  const reportFilters = reportFiltersSchemaFor(funds.map((fund) => fund.fund));

  /** The report asked for, or 404 (an unknown workspace or report is like a missing one); bad filters are 400. */
  function resolve(query: ReportQuery) {
    const reportId = reportIdSchema.safeParse(query.reportId);
    if (query.workspaceId !== REPORT_WORKSPACE_ID || !reportId.success) throw new HttpError(404, 'not_found', m.notFound);
    const filters = reportFilters.safeParse({ fund: query.fund, from: query.from || undefined, to: query.to || undefined });
    if (!filters.success) throw new HttpError(400, 'validation_error', filters.error.issues[0]?.message ?? messages.generic.badRequest);
    return { reportId: reportId.data, filters: filters.data };
  }

  return {
    /** The reports of the call; none while it has no application at all ("Nessun report disponibile"). */
    async list(): Promise<ReportList> {
      const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from ${applications}) as any`);
      return { workspaceId: REPORT_WORKSPACE_ID, reports: row?.any ? [...REPORT_CATALOG] : [] };
    },

    async report(query: ReportQuery): Promise<Report> {
      const { reportId, filters } = resolve(query);
      const summary = reportSummary(reportId);
      return {
        workspaceId: REPORT_WORKSPACE_ID,
        reportId,
        title: summary.title,
        description: summary.description,
        filters: { fund: filters.fund ?? null, from: filters.from ?? null, to: filters.to ?? null },
        // Today's Rome day is part of the key: a period not handed over becomes overdue when its due day passes.
        sections: await cache.get(JSON.stringify([reportId, filters.fund, filters.from, filters.to, italianCalendarDay(now())]), () =>
          builders[reportId](scopeOf(filters, funds)),
        ),
      };
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
