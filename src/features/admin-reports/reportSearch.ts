import { FUNDS, type Fund } from '../../../domain/applicationStatus.ts';
import { isCalendarDay, REPORT_IDS, type ReportId } from '../../../domain/reports/reportIds.ts';

/**
 * A report's address and filters in the URL (/admin-panel/report?wid=…&rid=…&fund=PUI&from=…&to=…), so a
 * report can be shared and survives reload. `wid` and `rid` are the spec's report parameters; an unknown one
 * is kept out (the page then says the report does not exist). Malformed filters are dropped, as is a range
 * ending before it starts, which the range picker could not show.
 */
export interface ReportSearch {
  wid?: string;
  rid?: ReportId;
  fund?: Fund;
  from?: string;
  to?: string;
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);
const isDay = (value: unknown): value is string => typeof value === 'string' && isCalendarDay(value);

/** Checked by hand, not with zod: this route option loads with the route tree, on every page's first load. */
export function parseReportSearch(search: Record<string, unknown>): ReportSearch {
  const { wid, rid, fund, from, to } = search;
  const parsed: ReportSearch = {
    ...(typeof wid === 'string' && wid.length <= 100 ? { wid } : {}),
    ...(isOneOf(REPORT_IDS, rid) ? { rid } : {}),
    ...(isOneOf(FUNDS, fund) ? { fund } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
  if (parsed.from !== undefined && parsed.to !== undefined && parsed.from > parsed.to) {
    const { from: _from, to: _to, ...rest } = parsed;
    return rest;
  }
  return parsed;
}
