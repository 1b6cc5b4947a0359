import { useMemo, useReducer, useState } from 'react';
import { organizationMessages } from '../../../domain/messages/organization.ts';
import { registrationErrorsOf } from './registrationValidation.ts';
import {
  applyChange,
  emptyRegistration,
  type RegistrationChange,
  type RegistrationField,
  type RegistrationValues,
} from './registrationValues.ts';

/** What each section of the form needs: the values, a field's message, and the way to change or leave a field. */
export interface RegistrationForm {
  values: RegistrationValues;
  errorOf(field: RegistrationField): string | undefined;
  change(change: RegistrationChange): void;
  touch(field: RegistrationField): void;
}

interface Options {
  initialPIva: string;
  /** After the first Registra every invalid field speaks, touched or not. */
  submitAttempted: boolean;
  serverErrors: Record<string, string>;
  onFieldChange(field: RegistrationField): void;
}

/**
 * The form's values and messages. A message appears once the field was left (or Registra pressed), so
 * nobody is scolded while typing; "too long" shows at once, since every further character makes it worse.
 */
export function useRegistrationForm({ initialPIva, submitAttempted, serverErrors, onFieldChange }: Options) {
  const [values, dispatch] = useReducer(applyChange, initialPIva, emptyRegistration);
  const [touched, setTouched] = useState<ReadonlySet<RegistrationField>>(() => new Set());
  const clientErrors = useMemo(() => registrationErrorsOf(values), [values]);

  const form: RegistrationForm = {
    values,
    errorOf: (field) => {
      const server = serverErrors[field];
      if (server !== undefined) return server;
      const client = clientErrors[field];
      if (client === undefined) return undefined;
      return submitAttempted || touched.has(field) || client === organizationMessages.tooLong ? client : undefined;
    },
    change: (change) => {
      dispatch(change);
      onFieldChange(change.field);
    },
    touch: (field) => setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field))),
  };
  return { form, hasClientErrors: Object.keys(clientErrors).length > 0 };
}

type TextFieldName = { [K in RegistrationField]: RegistrationValues[K] extends string ? K : never }[RegistrationField];

/** The props that bind a text box to a string field of the form. */
export function bindText(form: RegistrationForm, field: TextFieldName) {
  return {
    name: field,
    value: form.values[field],
    onChange: (value: string) => form.change({ field, value } as RegistrationChange),
    onBlur: () => form.touch(field),
    errorMessage: form.errorOf(field),
  };
}
