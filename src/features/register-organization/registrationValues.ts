import type { CalendarDate } from '@internationalized/date';
import { keepDigits } from '../../../domain/digits.ts';
import { fiscalCodeAsTyped } from '../../../domain/fiscalCode.ts';
import {
  CAP_LENGTH,
  CODICE_FISCALE_MAX_LENGTH,
  FORMA_GIURIDICA_ALTRO_ID,
  PERCENT_PARTICIPATION_MAX_CHARS,
} from '../../../domain/organization.ts';
import { PIVA_LENGTH } from '../../../domain/vatNumber.ts';

/** The registration form as the person fills it in: text as typed, choices as lookup ids, dates as calendar dates. */
export interface RegistrationValues {
  name: string;
  formaGiuridica: number | null;
  altro: string;
  pIva: string;
  codiceAteco: string;
  publicParticipation: boolean;
  percentParticipation: string;
  description: string;
  email: string;
  telephone: string;
  pec: string;
  website: string;
  region: number | null;
  province: number | null;
  comune: number | null;
  address: string;
  numCivico: string;
  cap: string;
  codiceFiscale: string;
  natura_del_soggetto_proponente: string;
  data_di_costituzione: CalendarDate | null;
  contactReference: string;
  role: string;
  luogo_di_nascita: string;
  data_di_nascita: CalendarDate | null;
  legaleRappresentanteNome: string;
  legaleRappresentanteCognome: string;
  legaleRappresentanteCodiceFiscale: string;
  privacy: boolean;
}

export type RegistrationField = keyof RegistrationValues;

/** A change of one field, typed by the field. */
export type RegistrationChange = { [K in RegistrationField]: { field: K; value: RegistrationValues[K] } }[RegistrationField];

/** An empty form; a VAT checked on /flow-organization arrives already filled in. */
export function emptyRegistration(pIva = ''): RegistrationValues {
  return {
    name: '',
    formaGiuridica: null,
    altro: '',
    pIva: keepDigits(pIva, PIVA_LENGTH),
    codiceAteco: '',
    publicParticipation: false,
    percentParticipation: '',
    description: '',
    email: '',
    telephone: '',
    pec: '',
    website: '',
    region: null,
    province: null,
    comune: null,
    address: '',
    numCivico: '',
    cap: '',
    codiceFiscale: '',
    natura_del_soggetto_proponente: '',
    data_di_costituzione: null,
    contactReference: '',
    role: '',
    luogo_di_nascita: '',
    data_di_nascita: null,
    legaleRappresentanteNome: '',
    legaleRappresentanteCognome: '',
    legaleRappresentanteCodiceFiscale: '',
    privacy: false,
  };
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
