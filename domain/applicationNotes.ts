import { z } from 'zod';
import { idSchema } from './idSchema.ts';

/** A private note's length limit, in characters (issue 44). */
export const NOTE_MAX_LENGTH = 2000;
/** How long after writing its author may rewrite a note; after that it is kept as written. */
export const NOTE_EDIT_WINDOW_MINUTES = 15;

/** A private note as administrators read it. `editableUntil`: ISO time, null when the caller may not rewrite it. */
export const applicationNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  editableUntil: z.string().nullable(),
});
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;

export const notesQuerySchema = z.object({ compilazioneId: idSchema });
export const createNoteBodySchema = z.object({ compilazioneId: idSchema, text: z.string() });
export const updateNoteBodySchema = z.object({ id: idSchema, text: z.string() });
