import { z } from 'zod';
import { FUNDS } from '../applicationStatus.ts';
import { reportMessages as m } from './reportMessages.ts';

/**
 * The built-in reports of the admin panel's "Reportistica" tab (spec §2). The spec's portal embedded external
 * reports addressed by a workspace and a report id (`wid`, `rid`); ours are computed by the portal, and keep
 * that addressing: the workspace is the call (both funds), each report has a stable id.
 */
export const REPORT_WORKSPACE_ID = 'fondi-tematici';

export const REPORT_IDS = ['stato-candidature', 'importi', 'territorio', 'flusso-istruttoria', 'monitoraggio'] as const;
export const reportIdSchema = z.enum(REPORT_IDS);
export type ReportId = z.infer<typeof reportIdSchema>;

export interface ReportSummary {
  id: ReportId;
  title: string;
  description: string;
}

export const REPORT_CATALOG: readonly ReportSummary[] = REPORT_IDS.map((id) => ({ id, ...m.catalog[id] }));

export function reportSummary(id: ReportId): ReportSummary {
  return REPORT_CATALOG.find((report) => report.id === id)!;
}

/** A real calendar day, YYYY-MM-DD (2026-02-31 is not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const calendarDay = (message: string) => z.string().refine(isCalendarDay, { message });

/**
 * What a report is computed for: every fund or one, and optionally a range of Europe/Rome calendar days
 * (both ends included). Each refusal carries an Italian message the admin can act on.
 */
export const reportFiltersSchema = z
  .object({
    fund: z.preprocess((value) => (value === '' ? undefined : value), z.enum(FUNDS, { error: m.filters.invalidFund }).optional()),
    from: calendarDay(m.filters.invalidFrom).optional(),
    to: calendarDay(m.filters.invalidTo).optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { message: m.filters.rangeReversed, path: ['to'] });
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** GET /api/Report/GetReport and DownloadExcelReport: the spec's report address plus the filters. */
export const reportQuerySchema = z.object({
  workspaceId: z.string().max(100),
  reportId: z.string().max(100),
  fund: z.string().max(10).optional(),
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;
