import { italianCalendarDay, italianTime } from './italianDates.ts';
import type { CallWindow } from './callWindow.ts';

/** How many days the fund card counts down before the closing (issue 44). */
const CLOSING_COUNTDOWN_DAYS = 7;

/** What the fund card says of a call about to close: on the day, the time; before, the days left; else nothing. */
type ClosingNotice = { today: string } | { days: number } | null;

const DAY_MS = 86_400_000;
const dayNumber = (instant: Date) => Date.parse(`${italianCalendarDay(instant)}T00:00:00Z`) / DAY_MS;

/**
 * The countdown on the fund card (on /calls, whose first load is counted to the byte: keep it small): only while
 * the call is open and at most CLOSING_COUNTDOWN_DAYS before it closes; days count Rome's calendar days (closing
 * tomorrow is "1 giorno" at any hour), the closing day says its time on Rome's clock.
 */
export function closingNotice(call: CallWindow, now: Date): ClosingNotice {
  const closesAt = new Date(call.closesAt);
  const left = closesAt.getTime() - now.getTime();
  if (now < new Date(call.opensAt) || left <= 0 || left > CLOSING_COUNTDOWN_DAYS * DAY_MS) return null;
  const days = dayNumber(closesAt) - dayNumber(now);
  return days ? { days } : { today: italianTime(closesAt) };
}
