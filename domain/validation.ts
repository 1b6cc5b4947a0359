import { z } from 'zod';

/**
 * A 400 for invalid input: `message` names the first offending field in Italian ("Nome: Campo
 * obbligatorio"); `field` is its dotted path and `issues` lists every field with its message, so a form
 * can mark each one.
 */
/** One field a request got wrong: its name in the payload (a dotted path) and the Italian message. */
export const fieldMessageSchema = z.object({ field: z.string(), message: z.string() });
export type FieldMessage = z.infer<typeof fieldMessageSchema>;

export const fieldErrorSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    field: z.string().optional(),
    issues: z.array(fieldMessageSchema).optional(),
  })
  .meta({
    id: 'FieldError',
    description: 'Un errore dei dati inviati: il primo campo errato e l’elenco di tutti, ciascuno col suo messaggio.',
  });
export type FieldErrorBody = z.infer<typeof fieldErrorSchema>;
