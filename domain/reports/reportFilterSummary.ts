import { FUND_ENTRIES } from '../funds.ts';
import type { Report } from './reportData.ts';
import { formatDay } from './reportFormat.ts';
import { reportMessages as m } from './reportMessages.ts';

/** The filters in words: "Fondo Tematico Turismo Sostenibile · dal 01/03/2026 al 31/03/2026". */
export function reportFilterSummary(filters: Report['filters']): string {
  const fund = filters.fund ? (FUND_ENTRIES.find((entry) => entry.fund === filters.fund)?.title ?? filters.fund) : m.labels.allFunds;
  const { from, to } = filters;
  const period =
    from && to
      ? m.page.period(formatDay(from), formatDay(to))
      : from
        ? m.page.periodFrom(formatDay(from))
        : to
          ? m.page.periodTo(formatDay(to))
          : m.page.wholePeriod;
  return m.page.generatedFor(fund, period);
}
