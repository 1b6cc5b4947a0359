import type { SnapshotFrom } from 'xstate';
import type { fieldEditMachine } from './fieldEdit.machine.ts';
import type { FieldErrors, FieldValues } from './types.ts';

export type FieldEditSnapshot = SnapshotFrom<typeof fieldEditMachine>;

export const selectActiveField = (snapshot: FieldEditSnapshot): string | null => snapshot.context.activeField;

export const selectIsSaving = (snapshot: FieldEditSnapshot): boolean => snapshot.matches('saving');

/** Modifica is offered on every field only while none is open (one at a time). */
export const selectCanStartEditing = (snapshot: FieldEditSnapshot): boolean => snapshot.matches('readOnly');

/** Salva: enabled only when the open field's value differs from the stored one (spec §2 Account). */
export const selectCanSave = (snapshot: FieldEditSnapshot): boolean => snapshot.can({ type: 'field.save' });

export const selectErrors = (snapshot: FieldEditSnapshot): FieldErrors => snapshot.context.errors;

export type SaveOutcome = 'saved' | 'rejected' | null;

/** Which notification to show: the last save's outcome, until the person moves on. */
export function selectSaveOutcome(snapshot: FieldEditSnapshot): SaveOutcome {
  if (snapshot.matches({ readOnly: 'saved' })) return 'saved';
  if (snapshot.matches({ editing: 'rejected' })) return 'rejected';
  return null;
}

export const selectFailureMessage = (snapshot: FieldEditSnapshot): string | null => snapshot.context.failure;

export interface FieldEditView {
  activeField: string | null;
  /** The open field's values being edited; null while none (or, for one row, not that row) is open. */
  draft: FieldValues | null;
  canStartEditing: boolean;
  canSave: boolean;
  isSaving: boolean;
  errors: FieldErrors;
  outcome: SaveOutcome;
  failure: string | null;
}

const NO_ERRORS: FieldErrors = {};

/**
 * Everything a view of field editing renders, in one selection (compare with `shallowEqual`). For one row (`field`
 * given) the draft, Salva, the saving, the errors and the outcome are the row's only while it is the open one, and
 * constants otherwise: typing in the open field re-renders that row only.
 */
export function selectFieldEditView(snapshot: FieldEditSnapshot, field?: string): FieldEditView {
  const activeField = selectActiveField(snapshot);
  const isOpen = activeField !== null && (field === undefined || field === activeField);
  return {
    activeField,
    draft: isOpen ? snapshot.context.draft : null,
    canStartEditing: selectCanStartEditing(snapshot),
    canSave: isOpen && selectCanSave(snapshot),
    isSaving: isOpen && selectIsSaving(snapshot),
    errors: isOpen ? selectErrors(snapshot) : NO_ERRORS,
    outcome: field === undefined || isOpen ? selectSaveOutcome(snapshot) : null,
    failure: field === undefined || isOpen ? selectFailureMessage(snapshot) : null,
  };
}
