import { toZoned, type CalendarDate } from '@internationalized/date';
import { FORMA_GIURIDICA_ALTRO_ID } from '../../../domain/organization.ts';
import type { CreateOrganizationPayload } from '../../api/organization.ts';
import type { RegistrationValues } from './registrationValues.ts';

/** Dates are calendar dates of an Italian organisation: midnight in Rome, whatever the browser's zone. */
const PORTAL_TIME_ZONE = 'Europe/Rome';

function offsetOf(milliseconds: number): string {
  const minutes = Math.round(milliseconds / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Spec §3: "dates as ISO with timezone offset", e.g. 2015-03-01T00:00:00+01:00. The date part is the
 * calendar date itself, so reading the first ten characters back never shifts it by a day.
 */
export function calendarDateToIso(date: CalendarDate): string {
  return `${date.toString()}T00:00:00${offsetOf(toZoned(date, PORTAL_TIME_ZONE).offset)}`;
}

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The CreateOrganization body (spec §3) from the form: empty optional fields become null. */
export function toCreateOrganizationPayload(values: RegistrationValues): CreateOrganizationPayload {
  return {
    name: values.name.trim(),
    formaGiuridica: values.formaGiuridica,
    altro: values.formaGiuridica === FORMA_GIURIDICA_ALTRO_ID ? textOrNull(values.altro) : null,
    pIva: values.pIva,
    codiceAteco: values.codiceAteco.trim(),
    publicParticipation: values.publicParticipation,
    percentParticipation: values.publicParticipation && values.percentParticipation !== '' ? Number(values.percentParticipation) : null,
    description: values.description.trim(),
    email: values.email.trim(),
    telephone: values.telephone,
    privacy: values.privacy,
    address: textOrNull(values.address),
    codiceFiscale: textOrNull(values.codiceFiscale),
    comune: values.comune,
    contactReference: values.contactReference.trim(),
    luogo_di_nascita: textOrNull(values.luogo_di_nascita),
    natura_del_soggetto_proponente: textOrNull(values.natura_del_soggetto_proponente),
    numCivico: textOrNull(values.numCivico),
    cap: textOrNull(values.cap),
    pec: textOrNull(values.pec),
    province: values.province,
    region: values.region,
    role: textOrNull(values.role),
    website: textOrNull(values.website),
    data_di_costituzione: values.data_di_costituzione === null ? null : calendarDateToIso(values.data_di_costituzione),
    data_di_nascita: values.data_di_nascita === null ? null : calendarDateToIso(values.data_di_nascita),
    legaleRappresentanteNome: values.legaleRappresentanteNome.trim(),
    legaleRappresentanteCognome: values.legaleRappresentanteCognome.trim(),
    legaleRappresentanteCodiceFiscale: values.legaleRappresentanteCodiceFiscale.trim(),
  };
}
