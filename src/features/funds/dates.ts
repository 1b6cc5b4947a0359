import { format } from 'date-fns';

/** An ISO instant as an Italian date (DD/MM/YYYY), in the browser's time zone. */
export function italianDate(iso: string): string {
  return format(new Date(iso), 'dd/MM/yyyy');
}

/** An ISO instant as an Italian date and time (DD/MM/YYYY HH:mm). */
export function italianDateTime(iso: string): string {
  return format(new Date(iso), 'dd/MM/yyyy HH:mm');
}

const italianShortDay = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: '2-digit' });

/**
 * An ISO instant as the admin list shows dates (spec §9: DD/MM/YY), on Italy's calendar: the day the date
 * filter (Europe/Rome days) counts it in, wherever the browser is.
 */
export function shortItalianDate(iso: string): string {
  return italianShortDay.format(new Date(iso));
}
