import { z } from 'zod';
import { reportMessages as m } from './reportMessages.ts';
import { isCalendarDay } from '../calendarDay.ts';

const calendarDay = (message: string) => z.string().refine(isCalendarDay, { message });

/**
 * What a report is computed for: every fund or one of `funds` (the registered funds' codes), and optionally a
 * range of Europe/Rome calendar days (both ends included). Each refusal carries an Italian message the admin can act on.
 */
export const reportFiltersSchemaFor = (funds: readonly string[]) =>
  z
    .object({
      fund: z.preprocess(
        (value) => (value === '' ? undefined : value),
        z
          .string()
          .refine((fund) => funds.includes(fund), { error: m.filters.invalidFund(funds) })
          .optional(),
      ),
      from: calendarDay(m.filters.invalidFrom).optional(),
      to: calendarDay(m.filters.invalidTo).optional(),
    })
    .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { message: m.filters.rangeReversed, path: ['to'] });
export type ReportFilters = z.infer<ReturnType<typeof reportFiltersSchemaFor>>;

/** GET /api/Report/GetReport and DownloadExcelReport: the spec's report address plus the filters. */
export const reportQuerySchema = z.object({
  workspaceId: z.string().max(100),
  reportId: z.string().max(100),
  fund: z.string().max(10).optional(),
  from: z.string().max(20).optional(),
  to: z.string().max(20).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;
