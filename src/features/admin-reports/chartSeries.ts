import type { ReportSection } from '../../../domain/reports/reportData.ts';
import { formatReportCell } from '../../../domain/reports/reportFormat.ts';

/**
 * Bar colours, in series order: each has at least 4.5:1 against white (more than the 3:1 non-text contrast a
 * bar needs) and they differ in lightness too, and the legend names them.
 */
export const SERIES_COLOURS = ['#0066CC', '#A34700', '#00664A', '#6B3FA0'] as const;

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

export interface ChartDatum {
  category: string;
  values: { series: ChartSeries; value: number; text: string }[];
}

const compact = new Intl.NumberFormat('it-IT', { notation: 'compact', maximumFractionDigits: 1 });

/** What the chart draws from a section: its series (named by their columns), one datum per row. */
export function chartData(section: ReportSection) {
  const columns = new Map(section.columns.map((column) => [column.key, column]));
  const categoryColumn = columns.get(section.chart.categoryKey);
  const series: ChartSeries[] = section.chart.seriesKeys.map((key, index) => ({
    key,
    label: columns.get(key)?.label ?? key,
    colour: SERIES_COLOURS[index % SERIES_COLOURS.length]!,
  }));
  const kind = columns.get(section.chart.seriesKeys[0]!)?.kind ?? 'count';
  const data: ChartDatum[] = section.rows.map((row) => ({
    category: formatReportCell(categoryColumn?.kind ?? 'text', row[section.chart.categoryKey] ?? null),
    values: series.map((s) => {
      const value = row[s.key];
      return {
        series: s,
        value: typeof value === 'number' ? value : 0,
        text: formatReportCell(columns.get(s.key)?.kind ?? kind, value ?? null),
      };
    }),
  }));
  const max = Math.max(0, ...data.flatMap((d) => d.values.map((v) => v.value)));
  /** Axis ticks: compact Italian figures (1,2 Mln), whole numbers for counts. */
  const tick = (value: number) => (kind === 'amount' ? `${compact.format(value)} €` : compact.format(value));
  return { series, data, max, tick, integerTicks: kind === 'count' };
}
