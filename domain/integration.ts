import { z } from 'zod';

/**
 * An integration round (spec §4 Integration): what the reviewers asked for, by when, when the applicant
 * completed it and the documents uploaded for it. Every round of an application stays visible.
 */
export const integrationDocumentSchema = z.object({
  downloadId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});

export const integrationRoundSchema = z.object({
  number: z.number().int().min(1),
  request: z.string(),
  /** YYYY-MM-DD, a calendar day in Italy; null when the reviewers gave none. */
  deadline: z.string().nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  documents: z.array(integrationDocumentSchema),
});
export type IntegrationRound = z.infer<typeof integrationRoundSchema>;

/** A deadline as the admin's dialog sends it: a calendar day. */
export const integrationDeadlineSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Whether a deadline (YYYY-MM-DD) falls before `today`, the calendar day in Italy: the reviewers cannot ask for
 * documents by a day already gone. The server decides with its own today; the dialog points it out at once.
 */
export const isDeadlineBefore = (deadline: string, today: string): boolean => deadline < today;
