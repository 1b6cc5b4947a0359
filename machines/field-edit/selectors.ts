import type { SnapshotFrom } from 'xstate';
import type { fieldEditMachine } from './fieldEdit.machine.ts';
import type { FieldErrors, FieldValue } from './types.ts';

export type FieldEditSnapshot = SnapshotFrom<typeof fieldEditMachine>;

export const selectActiveField = (snapshot: FieldEditSnapshot): string | null => snapshot.context.activeField;

export const selectIsSaving = (snapshot: FieldEditSnapshot): boolean => snapshot.matches('saving');

/** Modifica is offered on every field only while none is open (one at a time). */
export const selectCanStartEditing = (snapshot: FieldEditSnapshot): boolean => snapshot.matches('readOnly');

/** Salva: enabled only when the open field's value differs from the stored one (spec §2 Account). */
export const selectCanSave = (snapshot: FieldEditSnapshot): boolean => snapshot.can({ type: 'field.save' });

export const selectDraftValue =
  (key: string) =>
  (snapshot: FieldEditSnapshot): FieldValue | undefined =>
    snapshot.context.draft[key];

export const selectErrors = (snapshot: FieldEditSnapshot): FieldErrors => snapshot.context.errors;

export type SaveOutcome = 'saved' | 'rejected' | null;

/** Which notification to show: the last save's outcome, until the person moves on. */
export function selectSaveOutcome(snapshot: FieldEditSnapshot): SaveOutcome {
  if (snapshot.matches({ readOnly: 'saved' })) return 'saved';
  if (snapshot.matches({ editing: 'rejected' })) return 'rejected';
  return null;
}

export const selectFailureMessage = (snapshot: FieldEditSnapshot): string | null => snapshot.context.failure;
