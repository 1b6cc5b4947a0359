import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import { INTEGRATION_ITEM_KINDS, INTEGRATION_ITEMS_MAX } from './integration.ts';

/*
 * Issue 44: what the reviewer sends to ask for corrections, and what the applicant sends to answer one — apart from
 * domain/integration.ts, which every page that reads an application loads: only the server parses these.
 */

/**
 * One item as the reviewer asks for it: a field by its contract name ('progNome', 'puiSurveyDto.mqSLP') or an
 * attachment slot by its type id ('103'), and the message for it.
 */
export const integrationItemRequestSchema = z.object({
  kind: z.enum(INTEGRATION_ITEM_KINDS),
  target: z.string().min(1).max(200),
  message: z.string(),
});
export type IntegrationItemRequest = z.infer<typeof integrationItemRequestSchema>;

/** The optional body of Update…CompilazioneStatus to In integrazione: the items besides the note. */
export const integrationRequestBodySchema = z
  .object({ items: z.array(integrationItemRequestSchema).max(INTEGRATION_ITEMS_MAX).default([]) })
  .nullish();

/** POST /api/Integration/AnswerItem: a new value for a field item, or a reply saying nothing needs changing. */
export const answerItemBodySchema = z.object({
  applicationId: idSchema,
  kind: z.enum(INTEGRATION_ITEM_KINDS),
  target: z.string().min(1).max(200),
  /** A field item's new value (any JSON the field takes); absent for a reply. */
  value: z.unknown().optional(),
  /** «Nessuna modifica necessaria: …»: why the value stays as it is. */
  reply: z.string().optional(),
});
export type AnswerItemBody = z.infer<typeof answerItemBodySchema>;

/** Whether two values are the same answer (JSON-equal: a field's value, or a slot's file). */
export function sameItemValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
