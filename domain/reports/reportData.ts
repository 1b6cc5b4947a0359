import { z } from 'zod';
import { REPORT_IDS } from './reportIds.ts';

export const reportIdSchema = z.enum(REPORT_IDS);

/** How a column's values are read and formatted (domain/reports/reportFormat.ts). */
export const REPORT_VALUE_KINDS = ['text', 'count', 'amount', 'percent', 'days', 'day'] as const;
export type ReportValueKind = (typeof REPORT_VALUE_KINDS)[number];

export const reportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_VALUE_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
export type ReportRow = Record<string, ReportCell>;

/** Which columns the chart draws: one bar per row and series (`categoryKey` names the rows). */
export const reportChartSchema = z.object({
  categoryKey: z.string(),
  seriesKeys: z.array(z.string()).min(1),
  orientation: z.enum(['horizontal', 'vertical']),
});

/** One chart with its table: a report has one or more. `reading` is one sentence saying what it shows. */
export const reportSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  reading: z.string(),
  note: z.string().optional(),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  chart: reportChartSchema,
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportSchema = z.object({
  workspaceId: z.string(),
  reportId: reportIdSchema,
  title: z.string(),
  description: z.string(),
  /** `fund`: the code of the fund in view (one of the registered funds), null for all of them. */
  filters: z.object({ fund: z.string().nullable(), from: z.string().nullable(), to: z.string().nullable() }),
  sections: z.array(reportSectionSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListSchema = z.object({
  workspaceId: z.string(),
  /** Empty while the call has no application yet: the tab then says "Nessun report disponibile" (spec §8). */
  reports: z.array(z.object({ id: reportIdSchema, title: z.string(), description: z.string() })),
});
export type ReportList = z.infer<typeof reportListSchema>;
