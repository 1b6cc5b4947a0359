import type { SnapshotFrom } from 'xstate';
import type { applicationNoteMachine } from './applicationNote.machine.ts';

export type ApplicationNoteSnapshot = SnapshotFrom<typeof applicationNoteMachine>;

export const selectIsSaving = (snapshot: ApplicationNoteSnapshot): boolean => snapshot.matches('saving');
export const selectIsSaved = (snapshot: ApplicationNoteSnapshot): boolean => snapshot.matches({ writing: 'saved' });

/** Everything the notes' form renders, in one selection (compare with `shallowEqual`). */
export function selectApplicationNoteView(snapshot: ApplicationNoteSnapshot) {
  return {
    text: snapshot.context.text,
    editingId: snapshot.context.editingId,
    error: snapshot.context.error,
    isSaving: selectIsSaving(snapshot),
    isSaved: selectIsSaved(snapshot),
  };
}
