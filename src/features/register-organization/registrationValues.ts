import type { CalendarDate } from '@internationalized/date';
import { keepDigits } from '../../../domain/digits.ts';
import { fiscalCodeAsTyped } from '../../../domain/fiscalCode.ts';
import {
  CAP_LENGTH,
  CODICE_FISCALE_MAX_LENGTH,
  FORMA_GIURIDICA_ALTRO_ID,
  organizationFieldValue,
  PERCENT_PARTICIPATION_MAX_CHARS,
  REGISTRATION_FIELDS,
  type OrganizationFieldValue,
  type OrganizationFieldValueOf,
  type RegistrationField,
} from '../../../domain/organization.ts';
import { PIVA_LENGTH } from '../../../domain/vatNumber.ts';

/** How the form holds each kind of value: text as typed, choices as lookup ids, dates as calendar dates, a percentage as typed. */
type FormValue<V extends OrganizationFieldValue> = V extends 'text' | 'optionalText' | 'number'
  ? string
  : V extends 'id'
    ? number | null
    : V extends 'date'
      ? CalendarDate | null
      : boolean;

/** The registration form as the person fills it in: each field the form asks (domain/organization.ts), as the form holds it. */
export type RegistrationValues = { [K in RegistrationField]: FormValue<OrganizationFieldValueOf<K>> };

export type { RegistrationField };

/** A change of one field, typed by the field. */
export type RegistrationChange = { [K in RegistrationField]: { field: K; value: RegistrationValues[K] } }[RegistrationField];

const EMPTY: { [V in OrganizationFieldValue]: FormValue<V> } = {
  text: '',
  optionalText: '',
  number: '',
  id: null,
  date: null,
  boolean: false,
};

/** An empty form; a VAT checked on /flow-organization arrives already filled in. */
export function emptyRegistration(pIva = ''): RegistrationValues {
  const empty = Object.fromEntries(REGISTRATION_FIELDS.map((key) => [key, EMPTY[organizationFieldValue(key)]])) as RegistrationValues;
  return { ...empty, pIva: keepDigits(pIva, PIVA_LENGTH) };
}

/**
 * Applies one change with the form's own rules (spec §4–5): digits-only boxes (P.IVA, CAP, percentage) drop anything
 * else, while the telephone and the house number keep what is typed and are checked (issue 46);
 * a new region clears province and comune, a new province clears the comune; fields that disappear
 * (altro, percentParticipation) forget their value.
 */
export function applyChange(values: RegistrationValues, change: RegistrationChange): RegistrationValues {
  switch (change.field) {
    case 'pIva':
      return { ...values, pIva: keepDigits(change.value, PIVA_LENGTH) };
    case 'cap':
      return { ...values, cap: keepDigits(change.value, CAP_LENGTH) };
    case 'percentParticipation':
      return { ...values, percentParticipation: keepDigits(change.value, PERCENT_PARTICIPATION_MAX_CHARS) };
    case 'codiceFiscale':
      return { ...values, codiceFiscale: change.value.toUpperCase().slice(0, CODICE_FISCALE_MAX_LENGTH) };
    case 'legaleRappresentanteCodiceFiscale':
      // A person's code is 16 letters and digits: upper case as typed, spaces dropped.
      return { ...values, legaleRappresentanteCodiceFiscale: fiscalCodeAsTyped(change.value) };
    case 'publicParticipation':
      return {
        ...values,
        publicParticipation: change.value,
        percentParticipation: change.value ? values.percentParticipation : '',
      };
    case 'formaGiuridica':
      return { ...values, formaGiuridica: change.value, altro: change.value === FORMA_GIURIDICA_ALTRO_ID ? values.altro : '' };
    case 'region':
      if (change.value === values.region) return values;
      return { ...values, region: change.value, province: null, comune: null };
    case 'province':
      if (change.value === values.province) return values;
      return { ...values, province: change.value, comune: null };
    default:
      return { ...values, [change.field]: change.value };
  }
}
