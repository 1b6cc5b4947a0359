import type { ReportCell, ReportValueKind } from './reportData.ts';

/** Italian number formats (grouping always, as Italian administrations write amounts: 1.234 €). */
const integer = new Intl.NumberFormat('it-IT', { useGrouping: 'always', maximumFractionDigits: 0 });
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always', maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('it-IT', { useGrouping: 'always', minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const formatCount = (value: number) => integer.format(value);
export const formatEuro = (value: number) => euro.format(value);
export const formatDays = (value: number) => `${oneDecimal.format(value)} ${value === 1 ? 'giorno' : 'giorni'}`;
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
