import { reportMessages as m } from './reportMessages.ts';
import { REPORT_IDS, type ReportId } from './reportIds.ts';

/**
 * The built-in reports of the admin panel's "Reportistica" tab (spec §2). The spec's portal embedded external
 * reports addressed by a workspace and a report id (`wid`, `rid`); ours are computed by the portal, and keep
 * that addressing (domain/reports/reportIds.ts). No zod here: the report page loads this file; the server's
 * schemas of a report's query are in reportQuery.ts.
 */
export interface ReportSummary {
  id: ReportId;
  title: string;
  description: string;
}

export const REPORT_CATALOG: readonly ReportSummary[] = REPORT_IDS.map((id) => ({ id, ...m.catalog[id] }));

export function reportSummary(id: ReportId): ReportSummary {
  return REPORT_CATALOG.find((report) => report.id === id)!;
}
