import { italianCalendarDay } from './italianDates.ts';

/**
 * The due dates of monitoring periods, on Italy's calendar (Europe/Rome) whatever the server's zone. A due day
 * that is not a working day (Saturday, Sunday, a national holiday) moves to the next working day, as Italian
 * administrative deadlines do.
 */

/** A calendar day 'YYYY-MM-DD' as a UTC midnight, for arithmetic on days only. */
function dayOf(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = dayOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return format(date);
}

/** Easter Sunday of `year` (Gregorian calendar, the anonymous algorithm). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Italy's national holidays on fixed days ('MM-DD'), from the year each became one. The list is Law 260/1949 as
 * amended (Law 54/1977 moved some feasts to Sundays; Presidential Decree 792/1985 restored Epiphany; Law
 * 336/2000 restored 2 June), plus 4 October, the feast of St Francis of Assisi and St Catherine of Siena,
 * a national holiday again from 2026 (Law 151/2025). Easter Monday moves with Easter.
 */
const FIXED_HOLIDAYS: ReadonlyArray<{ day: string; since?: number }> = [
  { day: '01-01' },
  { day: '01-06' },
  { day: '04-25' },
  { day: '05-01' },
  { day: '06-02' },
  { day: '08-15' },
  { day: '10-04', since: 2026 },
  { day: '11-01' },
  { day: '12-08' },
  { day: '12-25' },
  { day: '12-26' },
];

export function isWorkingDay(day: string): boolean {
  const weekday = dayOf(day).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(day.slice(0, 4));
  const monthDay = day.slice(5);
  if (FIXED_HOLIDAYS.some((holiday) => holiday.day === monthDay && year >= (holiday.since ?? 0))) return false;
  return day !== addDays(easterSunday(year), 1);
}

/** The day a period is really due: `dueOn`, or the next working day. */
export function effectiveDueDay(dueOn: string): string {
  let day = dueOn;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** Not handed over, and the Italian day of `now` is after the effective due day. */
export function isOverdue(period: { dueOn: string; submitted: boolean }, now: Date): boolean {
  return !period.submitted && italianCalendarDay(now) > effectiveDueDay(period.dueOn);
}

/** The day from which the "due soon" reminder goes out: `daysBefore` calendar days before the effective due day. */
export function dueSoonReminderDay(dueOn: string, daysBefore: number): string {
  return addDays(effectiveDueDay(dueOn), -daysBefore);
}

export interface ReminderCandidate {
  roundId: string;
  dueOn: string;
  submitted: boolean;
  /** The kinds already sent for the round. */
  sent: readonly string[];
}

/**
 * Which reminders are due at `now` (Europe/Rome days): "opened" for every round still open, once; "due_soon"
 * from `daysBefore` days before the effective due day up to that day, once. A handed-over round, or one past its
 * due day, gets nothing more (a server that was down through the reminder day does not send it late).
 */
export function remindersDue(
  rounds: readonly ReminderCandidate[],
  now: Date,
  daysBefore: number,
): { roundId: string; kind: 'opened' | 'due_soon' }[] {
  const today = italianCalendarDay(now);
  const due: { roundId: string; kind: 'opened' | 'due_soon' }[] = [];
  for (const round of rounds) {
    if (round.submitted) continue;
    const dueDay = effectiveDueDay(round.dueOn);
    if (today > dueDay) continue;
    if (!round.sent.includes('opened')) due.push({ roundId: round.roundId, kind: 'opened' });
    if (!round.sent.includes('due_soon') && today >= dueSoonReminderDay(round.dueOn, daysBefore)) {
      due.push({ roundId: round.roundId, kind: 'due_soon' });
    }
  }
  return due;
}
