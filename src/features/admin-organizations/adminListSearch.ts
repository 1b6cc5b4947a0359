import { parseDate } from '@internationalized/date';
import { z } from 'zod';
import { ADMIN_LIST_SORTS } from '../../../domain/application.ts';
import { applicationStatusCodeSchema, fundSchema } from '../../../domain/applicationStatus.ts';

/** A real calendar day as YYYY-MM-DD ("2026-02-31" would crash the date picker, so it is dropped too). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((text) => {
    try {
      return parseDate(text).toString() === text;
    } catch {
      return false;
    }
  });

/**
 * The admin list's state in the URL (/admin-panel?q=…&fund=TUR&statuses=[…]&from=…&to=…&sort=-tur&page=2), so a
 * filtered view can be shared and survives reload. Anything malformed is dropped rather than refused; so is a
 * date range with one end only, or ending before it starts, which the range picker could not show.
 */
const searchParamsSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  fund: fundSchema.optional().catch(undefined),
  statuses: z.array(applicationStatusCodeSchema).optional().catch(undefined),
  from: isoDay.optional().catch(undefined),
  to: isoDay.optional().catch(undefined),
  sort: z.enum(ADMIN_LIST_SORTS).optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
});
export const adminListSearchSchema = searchParamsSchema.transform((search): z.infer<typeof searchParamsSchema> => {
  const { from, to, ...rest } = search;
  return from !== undefined && to !== undefined && from <= to ? search : rest;
});
export type AdminListSearch = z.infer<typeof adminListSearchSchema>;
