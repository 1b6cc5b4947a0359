import { CalendarDate } from '@internationalized/date';
import { formatISO } from 'date-fns';

/** The calendar day of a stored ISO date-time ('1946-06-02T00:00:00+02:00' → 2 June 1946), or null. */
export function calendarDateOf(iso: FieldDateValue): CalendarDate | null {
  const match = typeof iso === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  if (!match) return null;
  return new CalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

type FieldDateValue = string | boolean | undefined;

/** Spec §3: dates travel as ISO with the timezone offset, midnight of the chosen day where the person is. */
export function isoWithOffsetOf(date: CalendarDate | null): string {
  if (date === null) return '';
  return formatISO(new Date(date.year, date.month - 1, date.day));
}
