import { z } from 'zod';
import { fundSchema } from '../../../domain/applicationStatus.ts';
import { isCalendarDay, reportIdSchema } from '../../../domain/reports/reportIds.ts';

const calendarDay = z.string().refine(isCalendarDay);

/**
 * A report's address and filters in the URL (/admin-panel/report?wid=…&rid=…&fund=PUI&from=…&to=…), so a
 * report can be shared and survives reload. `wid` and `rid` are the spec's report parameters; an unknown one
 * is kept out (the page then says the report does not exist). Malformed filters are dropped, as is a range
 * ending before it starts, which the range picker could not show.
 */
const searchParamsSchema = z.object({
  wid: z.string().max(100).optional().catch(undefined),
  rid: reportIdSchema.optional().catch(undefined),
  fund: fundSchema.optional().catch(undefined),
  from: calendarDay.optional().catch(undefined),
  to: calendarDay.optional().catch(undefined),
});
export const reportSearchSchema = searchParamsSchema.transform((search): z.infer<typeof searchParamsSchema> => {
  const { from, to, ...rest } = search;
  return from !== undefined && to !== undefined && from > to ? rest : search;
});
export type ReportSearch = z.infer<typeof reportSearchSchema>;
