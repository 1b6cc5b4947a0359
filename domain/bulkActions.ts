import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import { applicationStatusCodeSchema, fundSchema } from './applicationStatusSchemas.ts';

/**
 * Actions on many applications at once from the admin list (issue 44): a status change with one note, the
 * attachments of every selected application in one zip, or their Excel list. Persisted and worked by the server,
 * so the administrator may leave and find the action again.
 */
export const BULK_ACTION_KINDS = ['status', 'zip', 'excel'] as const;
export type BulkActionKind = (typeof BULK_ACTION_KINDS)[number];
export const BULK_ITEM_STATES = ['pending', 'done', 'failed'] as const;
export type BulkItemState = (typeof BULK_ITEM_STATES)[number];

/** How many applications one action may take: a whole call's, with room to spare. */
export const BULK_MAX_APPLICATIONS = 20_000;

/** The admin list's filters and search, as in its URL (src/features/admin-organizations/adminListSearch.ts). */
export const bulkFiltersSchema = z.object({
  q: z.string().max(200).optional(),
  fund: fundSchema.optional(),
  statuses: z.array(applicationStatusCodeSchema).max(20).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type BulkFilters = z.infer<typeof bulkFiltersSchema>;

/** Which applications: chosen one by one (or a whole page), or every one matching the filters, resolved when confirmed. */
export const bulkSelectionSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(BULK_MAX_APPLICATIONS) }),
  z.object({ filters: bulkFiltersSchema }),
]);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

export const bulkCountBodySchema = z.object({ selection: bulkSelectionSchema });
export const bulkCountSchema = z.object({ count: z.number().int() });

export const createBulkActionBodySchema = z.object({
  kind: z.enum(BULK_ACTION_KINDS),
  /** The status to move every application to (kind 'status'). */
  targetStatus: applicationStatusCodeSchema.optional(),
  /** One note for every change (kind 'status'); each application's history and e-mail carry it. */
  note: z.string().optional(),
  selection: bulkSelectionSchema,
});
export type CreateBulkActionBody = z.infer<typeof createBulkActionBodySchema>;

export const bulkActionQuerySchema = z.object({ id: idSchema });

export const bulkItemSchema = z.object({
  applicationId: z.string(),
  fund: fundSchema,
  organizationName: z.string(),
  state: z.enum(BULK_ITEM_STATES),
  /** Why it failed, in Italian; null otherwise. */
  reason: z.string().nullable(),
});

export const bulkActionSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_ACTION_KINDS),
  targetStatus: applicationStatusCodeSchema.nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** The file to download (kinds 'zip' and 'excel'), once written. */
  result: z.object({ fileName: z.string(), size: z.number().int() }).nullable(),
});
export type BulkActionSummary = z.infer<typeof bulkActionSummarySchema>;

export const bulkActionSchema = bulkActionSummarySchema.extend({ items: z.array(bulkItemSchema) });
export type BulkAction = z.infer<typeof bulkActionSchema>;
export const bulkActionListSchema = z.array(bulkActionSummarySchema);
