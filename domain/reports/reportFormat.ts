import type { ReportCell, ReportValueKind } from './reportData.ts';
import { counted } from '../italianPlural.ts';

/** Italian number formats (grouping always, as Italian administrations write amounts: 1.234 €). */
const integer = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 0 });
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always', maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const oneDecimal = new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatCount = (value: number) => integer.format(value);
/**
 * An amount as it was typed: whole euros without decimals (1.200.000 €), anything else with its cents
 * (1.200.000,50 €), never rounded into a figure nobody typed (issue 46: 1.200.000,50 was shown as 1.200.001 €).
 * Sums are taken to the cent first, so the float noise of adding cents does not show.
 */
export function formatEuro(value: number): string {
  const cents = Math.round(value * 100);
  return cents % 100 === 0 ? euro.format(cents / 100) : euroCents.format(cents / 100);
}
export const formatDays = (value: number) => counted(value, 'giorno', 'giorni', (days) => oneDecimal.format(days));
export const formatPercent = (value: number) => `${oneDecimal.format(value)}%`;

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a calendar day: no time zone involved). */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** A table cell as people read it; empty figures show as a dash. */
export function formatReportCell(kind: ReportValueKind, value: ReportCell): string {
  if (value === null || value === '') return '–';
  if (typeof value === 'string') return kind === 'day' ? formatDay(value) : value;
  switch (kind) {
    case 'amount':
      return formatEuro(value);
    case 'percent':
      return formatPercent(value);
    case 'days':
      return formatDays(value);
    case 'count':
      return formatCount(value);
    default:
      return String(value);
  }
}
