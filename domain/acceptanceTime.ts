import { italianDateAndSeconds } from './italianDates.ts';

/**
 * The server's acceptance time of a hand-over (issue 45): PostgreSQL's clock_timestamp() kept to the microsecond,
 * as text, because a JavaScript Date stops at the millisecond and a click day ranks applications by microseconds.
 * PostgreSQL writes it "2026-12-06 09:15:03.123456+00" (or with another offset, a "T", fewer digits, none at all
 * on a whole second); every form is read here, and shown on Italy's clock.
 */
const INSTANT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

export interface AcceptanceTime {
  /** The whole second, as an instant. */
  second: Date;
  /** The six digits of the microseconds within it. */
  micros: string;
}

export function parseAcceptanceTime(text: string): AcceptanceTime {
  const match = INSTANT.exec(text.trim());
  if (!match) throw new Error(`not a PostgreSQL instant: ${text}`);
  const [, date, time, fraction = '', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return { second: new Date(`${date}T${time}${offset}`), micros: fraction.padEnd(6, '0') };
}

/** ISO 8601 in UTC with six fractional digits: sorts as text in time order. */
export function acceptanceIso(text: string): string {
  const { second, micros } = parseAcceptanceTime(text);
  return `${second.toISOString().slice(0, 19)}.${micros}Z`;
}

/** The Italian date and time, to the microsecond, on Italy's clock: { date: '06/12/2026', time: '10:15:03,123456' }. */
export function italianAcceptanceTime(text: string): { date: string; time: string } {
  const { second, micros } = parseAcceptanceTime(text);
  const { date, time } = italianDateAndSeconds(second);
  return { date, time: `${time},${micros}` };
}
