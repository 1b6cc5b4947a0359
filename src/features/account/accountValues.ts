import { updateUserRequestSchema } from '../../../domain/account.ts';
import type { User } from '../../../domain/user.ts';
import { fieldErrorsFromIssues } from '../../../machines/field-edit/fieldErrorsFromIssues.ts';
import type { FieldErrors, FieldValues } from '../../../machines/field-edit/types.ts';
import type { AccountNames } from '../../api/account.ts';

/** The editable part of the account, as the field-edit machine holds it. */
export function accountValuesOf(user: Pick<User, 'firstName' | 'lastName'>): FieldValues {
  return { firstName: user.firstName, lastName: user.lastName };
}

export type AccountCheck = { ok: true; names: AccountNames } | { ok: false; fieldErrors: FieldErrors };

/** Spec §5 Account: first and last name of at least 3 characters ('Campo Nome obbligatorio' / 'Campo Cognome obbligatorio'). */
export function checkAccountValues(user: Pick<User, 'id'>, values: FieldValues): AccountCheck {
  const parsed = updateUserRequestSchema.safeParse({ id: user.id, firstName: values.firstName, lastName: values.lastName });
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsFromIssues(parsed.error.issues) };
  return { ok: true, names: { firstName: parsed.data.firstName, lastName: parsed.data.lastName } };
}
