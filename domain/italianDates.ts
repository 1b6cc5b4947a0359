/**
 * Dates of the call, deadlines and history are Italian administrative dates: they are shown on Italy's
 * calendar and clock (Europe/Rome) whatever time zone the browser or the server runs in. Every screen and
 * export formats instants through this module.
 */
const ROME = 'Europe/Rome';

const day = new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: '2-digit', month: '2-digit', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('it-IT', { timeZone: ROME, day: '2-digit', month: '2-digit', year: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROME,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const dayAndSeconds = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROME,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** An ISO instant as an Italian date (DD/MM/YYYY) in Rome. */
export function italianDate(iso: string | Date): string {
  return day.format(new Date(iso));
}

/** An ISO instant as an Italian date and time (DD/MM/YYYY HH:mm) in Rome. */
export function italianDateTime(iso: string | Date): string {
  const parts = dayAndTime.formatToParts(new Date(iso));
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')} ${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** An ISO instant's time of day (HH:mm) in Rome: "Salvato alle 10:42" reads the same wherever the browser is. */
export function italianTime(iso: string | Date): string {
  const parts = dayAndTime.formatToParts(new Date(iso));
  return `${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

/** An instant's Italian date (DD/MM/YYYY) and time to the second (HH:mm:ss) in Rome, apart: a receipt's acceptance. */
export function italianDateAndSeconds(instant: Date): { date: string; time: string } {
  const parts = dayAndSeconds.formatToParts(instant);
  return {
    date: `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`,
    time: `${part(parts, 'hour')}:${part(parts, 'minute')}:${part(parts, 'second')}`,
  };
}

/** An ISO instant as a deadline is written: "31/12/2027 alle 18:00" (Rome). */
export function italianDateAtTime(iso: string | Date): string {
  return `${italianDate(iso)} alle ${italianTime(iso)}`;
}

/**
 * An ISO instant as the admin list shows dates (spec §9: DD/MM/YY), on Italy's calendar: the day the date
 * filter (Europe/Rome days) counts it in, wherever the browser is.
 */
export function shortItalianDate(iso: string | Date): string {
  return shortDay.format(new Date(iso));
}

const calendarDay = new Intl.DateTimeFormat('en-CA', { timeZone: ROME, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) an instant falls on in Italy: today, for a deadline that cannot be earlier. */
export function italianCalendarDay(instant: Date): string {
  return calendarDay.format(instant);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the blocking message shows it ("La data non può superare il 31/08/2026"). */
export function formatItalianDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}
