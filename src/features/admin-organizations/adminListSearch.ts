import { ADMIN_LIST_SORTS, type AdminListSort } from '../../../domain/adminListSorts.ts';
import { isCalendarDay } from '../../../domain/calendarDay.ts';
import { isOneOf } from '../../../domain/oneOf.ts';
import { APPLICATION_STATUS_CODES, FUNDS, type ApplicationStatusCode, type Fund } from '../../../domain/applicationStatus.ts';

/**
 * The admin list's state in the URL (/admin-panel?q=…&fund=TUR&statuses=[…]&from=…&to=…&sort=-tur&page=2), so a
 * filtered view can be shared and survives reload. Anything malformed is dropped rather than refused (a date that
 * is not a real calendar day too: "2026-02-31" would crash the date picker); so is a
 * date range with one end only, or ending before it starts, which the range picker could not show.
 */
export interface AdminListSearch {
  q?: string;
  fund?: Fund;
  statuses?: ApplicationStatusCode[];
  from?: string;
  to?: string;
  sort?: AdminListSort;
  page?: number;
}

/**
 * Checked by hand, not with zod: this route option loads with the route tree, on every page's first load. Every
 * key is in the answer, undefined when absent or dropped: the router lays the answer over the URL's raw params.
 */
export function parseAdminListSearch(search: Record<string, unknown>): AdminListSearch {
  const { q, fund, statuses, from, to, sort, page } = search;
  const statusList = Array.isArray(statuses) && statuses.every((status) => isOneOf(APPLICATION_STATUS_CODES, status)) ? statuses : null;
  const wholeRange = isCalendarDay(from) && isCalendarDay(to) && from <= to;
  return {
    q: typeof q === 'string' && q.length <= 200 ? q : undefined,
    fund: isOneOf(FUNDS, fund) ? fund : undefined,
    statuses: statusList ? (statusList as ApplicationStatusCode[]) : undefined,
    from: wholeRange ? from : undefined,
    to: wholeRange ? to : undefined,
    sort: isOneOf(ADMIN_LIST_SORTS, sort) ? sort : undefined,
    page: Number.isSafeInteger(page) && (page as number) >= 1 ? (page as number) : undefined,
  };
}

/**
 * The admin list's own query string (`q=…&fund=TUR…`), carried by the admin pages about one application as
 * `?lista=…`, so their "Torna alla lista" returns to the list as the admin left it. Only a query string is kept:
 * the link's path is always /admin-panel, and the list's own search validation drops whatever it does not know.
 */
export function parseListReturn(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  const query = value.replace(/^\?/, '').split('#')[0]!;
  return query === '' ? undefined : query;
}
