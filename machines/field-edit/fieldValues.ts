import type { FieldValues } from './types.ts';

/** The keys of `draft` whose value differs from `values`, with the draft's value. */
export function changedValues(values: FieldValues, draft: FieldValues): FieldValues {
  return Object.fromEntries(Object.entries(draft).filter(([key, value]) => values[key] !== value));
}

export function hasChanges(values: FieldValues, draft: FieldValues): boolean {
  return Object.keys(changedValues(values, draft)).length > 0;
}

/**
 * The draft after the stored values were reloaded while a field was open: the person's own changes
 * stay on top of the new values, every other key takes the new value (so a save never sends stale keys).
 */
export function rebaseDraft(previousValues: FieldValues, draft: FieldValues, nextValues: FieldValues): FieldValues {
  return { ...nextValues, ...changedValues(previousValues, draft) };
}

/** Errors left after some keys changed: a message stops applying once its key is edited again. */
export function withoutErrorsFor(errors: Readonly<Record<string, string>>, changes: FieldValues): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !(key in changes)));
}
