import { italianCalendarDay, italianTime } from './italianDates.ts';

/** The moments of a call that decide whether a draft is still accepted (the `calls` row, calls.json). */
export interface CallWindow {
  opensAt: string | Date;
  closesAt: string | Date;
}

/** Where `now` falls against the call: before it opens, while it accepts applications, after it closed. */
export type CallPhase = 'notYetOpen' | 'open' | 'closed';

export function callPhase(call: CallWindow, now: Date): CallPhase {
  if (now.getTime() < new Date(call.opensAt).getTime()) return 'notYetOpen';
  return now.getTime() < new Date(call.closesAt).getTime() ? 'open' : 'closed';
}

/**
 * Whether a draft may still be saved and handed over: while the call is open, or at any time for an application
 * handed over before and reopened by the administrators (`everHandedOver`), who reopen it on purpose.
 */
export function acceptsDraft(call: CallWindow, everHandedOver: boolean, now: Date): boolean {
  return everHandedOver || callPhase(call, now) === 'open';
}

/** How many days the fund card counts down before the closing (issue 44). */
export const CLOSING_COUNTDOWN_DAYS = 7;

/** What the fund card says of a call about to close: on the day, the time; before, the days left; else nothing. */
export type ClosingNotice = { today: string } | { days: number } | null;

const dayNumber = (instant: Date) => Date.parse(`${italianCalendarDay(instant)}T00:00:00Z`) / 86_400_000;

/**
 * The countdown on the fund card: only while the call is open and at most CLOSING_COUNTDOWN_DAYS before it closes;
 * days count Rome's calendar days (closing tomorrow is "1 giorno" at any hour), the closing day says its time.
 */
export function closingNotice(call: CallWindow, now: Date): ClosingNotice {
  const closesAt = new Date(call.closesAt);
  if (callPhase(call, now) !== 'open') return null;
  if (closesAt.getTime() - now.getTime() > CLOSING_COUNTDOWN_DAYS * 86_400_000) return null;
  const days = dayNumber(closesAt) - dayNumber(now);
  return days === 0 ? { today: italianTime(closesAt) } : { days };
}
