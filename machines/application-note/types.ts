export interface ApplicationNoteContext {
  /** What is typed: a new note, or the new text of the note being rewritten. */
  text: string;
  /** The note being rewritten; null while writing a new one. */
  editingId: string | null;
  /** Why the text cannot be sent (checked before sending, or the server's refusal), under the field. */
  error: string | null;
}

export type ApplicationNoteEvent =
  | { type: 'text.change'; value: string }
  | { type: 'note.submit' }
  | { type: 'note.edit'; id: string; text: string }
  | { type: 'edit.cancel' };

/** What the saveNote actor is asked: a new note (id null) or the rewrite of the caller's own. */
export interface SaveNoteInput {
  id: string | null;
  text: string;
}
