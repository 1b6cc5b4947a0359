/**
 * A field's value as a form holds it: text (select ids included, '' for none) or a switch.
 * Several keys may belong to one field (the territory: region, province, comune).
 */
export type FieldValue = string | boolean;
export type FieldValues = Readonly<Record<string, FieldValue>>;

/** Italian messages by key, as a form shows them under each input. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Why a save did not go through: a message for the notification and, when known, one per key. */
export interface FieldSaveFailure {
  message: string;
  fieldErrors: FieldErrors;
}

export interface FieldEditContext {
  /** What is stored: shown while read-only, restored by Annulla. */
  values: FieldValues;
  /** What the person is typing; equal to `values` outside editing. */
  draft: FieldValues;
  /** The one field open for editing (spec §2: one at a time); null when everything is read-only. */
  activeField: string | null;
  errors: FieldErrors;
  /** The message of the last refused save, until the next one. */
  failure: string | null;
}

export interface FieldEditInput {
  values: FieldValues;
}

export type FieldEditEvent =
  /** Modifica: opens one field. */
  | { type: 'field.edit'; field: string }
  /** Typing or choosing: the keys that changed (a region also clears its province and comune). */
  | { type: 'field.change'; changes: FieldValues }
  /** Annulla: the stored value comes back. */
  | { type: 'field.cancel' }
  /** Salva: only when something changed. */
  | { type: 'field.save' }
  /** The stored values were reloaded (after a save, on refetch). */
  | { type: 'values.sync'; values: FieldValues };

export interface SaveFieldInput {
  field: string;
  /** Only the keys the person changed, with their new values. */
  changes: FieldValues;
  /** The stored values the changes apply to. */
  values: FieldValues;
}

/** A save resolves with the values as stored afterwards; it rejects with a FieldSaveFailure. */
export type SaveFieldOutput = FieldValues;
