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

/** Issue 44: what an item points at, a wizard field or an attachment slot. */
export const INTEGRATION_ITEM_KINDS = ['field', 'slot'] as const;
export type IntegrationItemKind = (typeof INTEGRATION_ITEM_KINDS)[number];
/** How an item was answered: its value changed, or a reply says nothing needs changing. */
export const INTEGRATION_ITEM_ANSWERS = ['changed', 'replied'] as const;
export type IntegrationItemAnswer = (typeof INTEGRATION_ITEM_ANSWERS)[number];

/** The most items one request lists, and the longest message or reply (as a status note). */
export const INTEGRATION_ITEMS_MAX = 50;
export const INTEGRATION_ITEM_TEXT_MAX_LENGTH = 1000;

/** A stored item with its answer, as the applicant and the reviewers read it. */
export const integrationItemSchema = z.object({
  position: z.number().int().min(1),
  kind: z.enum(INTEGRATION_ITEM_KINDS),
  target: z.string(),
  /** The field's label or the slot's name, as the wizard shows it. */
  label: z.string(),
  /** The wizard step the field is on (its title), for fields; null for slots. */
  step: z.string().nullable(),
  message: z.string(),
  /** The value when asked: a field's value, or the slot's file ({ downloadId, fileName, sha256 }); null when empty. */
  oldValue: z.unknown(),
  answer: z.enum(INTEGRATION_ITEM_ANSWERS).nullable(),
  reply: z.string().nullable(),
  newValue: z.unknown(),
  answeredAt: z.string().nullable(),
});
export type IntegrationItem = z.infer<typeof integrationItemSchema>;

/** The slot's file as an item keeps it: enough to say which file it was and to tell a new one apart. */
export interface SlotFileValue {
  downloadId: string;
  fileName: string;
  sha256: string;
}

export const integrationRoundSchema = z.object({
  number: z.number().int().min(1),
  request: z.string(),
  /** YYYY-MM-DD, a calendar day in Italy; null when the reviewers gave none. */
  deadline: z.string().nullable(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  documents: z.array(integrationDocumentSchema),
  /** Issue 44: the fields and slots the round asks to correct; empty for a request in free text only. */
  items: z.array(integrationItemSchema).default([]),
});
export type IntegrationRound = z.infer<typeof integrationRoundSchema>;

/** A deadline as the admin's dialog sends it: a calendar day. */
export const integrationDeadlineSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Whether a deadline (YYYY-MM-DD) falls before `today`, the calendar day in Italy: the reviewers cannot ask for
 * documents by a day already gone. The server decides with its own today; the dialog points it out at once.
 */
export const isDeadlineBefore = (deadline: string, today: string): boolean => deadline < today;
