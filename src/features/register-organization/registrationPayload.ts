import { toZoned, type CalendarDate } from '@internationalized/date';
import { FORMA_GIURIDICA_ALTRO_ID, organizationFieldValue, REGISTRATION_FIELDS } from '../../../domain/organization.ts';
import type { CreateOrganizationPayload } from '../../api/organization.ts';
import type { RegistrationField, RegistrationValues } from './registrationValues.ts';

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

/** A value of the form as the payload sends it: text trimmed (null for an empty optional one), dates as ISO instants. */
function payloadValueOf(key: RegistrationField, values: RegistrationValues): unknown {
  const value = values[key];
  switch (organizationFieldValue(key)) {
    case 'text':
      return (value as string).trim();
    case 'optionalText':
      return textOrNull(value as string);
    case 'date':
      return value === null ? null : calendarDateToIso(value as CalendarDate);
    case 'number':
      return value === '' ? null : Number(value);
    default:
      return value;
  }
}

/** The CreateOrganization body (spec §3) from the form: empty optional fields become null, hidden ones too. */
export function toCreateOrganizationPayload(values: RegistrationValues): CreateOrganizationPayload {
  const payload = Object.fromEntries(REGISTRATION_FIELDS.map((key) => [key, payloadValueOf(key, values)])) as CreateOrganizationPayload;
  return {
    ...payload,
    altro: values.formaGiuridica === FORMA_GIURIDICA_ALTRO_ID ? payload.altro : null,
    percentParticipation: values.publicParticipation ? payload.percentParticipation : null,
  };
}
