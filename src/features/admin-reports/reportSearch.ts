import { FUNDS, type Fund } from '../../../domain/applicationStatus.ts';
import { isCalendarDay } from '../../../domain/calendarDay.ts';
import { isOneOf } from '../../../domain/oneOf.ts';
import { REPORT_IDS, type ReportId } from '../../../domain/reports/reportIds.ts';

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

/**
 * Checked by hand, not with zod: this route option loads with the route tree, on every page's first load. Every
 * key is in the answer, undefined when absent or dropped: the router lays the answer over the URL's raw params.
 */
export function parseReportSearch(search: Record<string, unknown>): ReportSearch {
  const { wid, rid, fund, from, to } = search;
  const reversed = isCalendarDay(from) && isCalendarDay(to) && from > to;
  return {
    wid: typeof wid === 'string' && wid.length <= 100 ? wid : undefined,
    rid: isOneOf(REPORT_IDS, rid) ? rid : undefined,
    fund: isOneOf(FUNDS, fund) ? fund : undefined,
    from: isCalendarDay(from) && !reversed ? from : undefined,
    to: isCalendarDay(to) && !reversed ? to : undefined,
  };
}
