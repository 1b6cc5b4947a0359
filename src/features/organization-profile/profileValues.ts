import {
  FORMA_GIURIDICA_ALTRO_ID,
  organizationPageChangesSchema,
  organizationProfileSchema,
  PROFILE_FIELDS,
  type OrganizationDetail,
  type ProfileField,
} from '../../../domain/organization.ts';
import { fieldErrorsFromIssues } from '../../../machines/field-edit/fieldErrorsFromIssues.ts';
import type { FieldErrors, FieldValues } from '../../../machines/field-edit/types.ts';

/** A value of the detail as the form holds it: text for every input (ids and numbers as strings, '' for none). */
function formValueOf(key: ProfileField, detail: OrganizationDetail): string | boolean {
  const value = detail[key];
  if (typeof value === 'boolean') return value;
  return value === null ? '' : String(value);
}

/**
 * The editable profile as the field-edit machine holds it: text for every input (ids of selects as
 * strings, '' for none), a boolean for each yes/no. pIva is not among them: it never changes.
 */
export function profileValuesOf(detail: OrganizationDetail): FieldValues {
  return Object.fromEntries(PROFILE_FIELDS.map((key) => [key, formValueOf(key, detail)]));
}

export type TerritoryKey = 'region' | 'province' | 'comune';

/** Spec §4: changing the region clears province and comune; changing the province clears the comune. */
export function territoryChanges(key: TerritoryKey, value: string): FieldValues {
  if (key === 'region') return { region: value, province: '', comune: '' };
  if (key === 'province') return { province: value, comune: '' };
  return { comune: value };
}

/** Leaving "Altro" empties its text; switching public participation off empties the percentage. */
export function dependentChanges(key: string, value: string | boolean): FieldValues {
  if (key === 'formaGiuridica' && value !== String(FORMA_GIURIDICA_ALTRO_ID)) return { formaGiuridica: value, altro: '' };
  if (key === 'publicParticipation' && value === false) return { publicParticipation: false, percentParticipation: '' };
  return { [key]: value };
}

export type ProfileCheck = { ok: true } | { ok: false; fieldErrors: FieldErrors };

/**
 * The rules of spec §5 applied to the whole profile as it would be stored after the change, so the
 * cross-field ones ("Altro" needs its text, participation needs a percentage) are checked too; name, address,
 * comune and CAP may not be emptied, each with the page's own message.
 */
export function checkProfileChanges(values: FieldValues, changes: FieldValues): ProfileCheck {
  // The organisation page's own messages first ("Nome richiesto", "CAP richiesto"…), as the server answers.
  const page = organizationPageChangesSchema.safeParse(changes);
  if (!page.success) return { ok: false, fieldErrors: fieldErrorsFromIssues(page.error.issues) };
  const parsed = organizationProfileSchema.safeParse({ ...values, ...changes });
  return parsed.success ? { ok: true } : { ok: false, fieldErrors: fieldErrorsFromIssues(parsed.error.issues) };
}
