/**
 * The e-mails that remind an organisation's members of a draft not yet handed over before its call closes
 * (issue 44): one 7 days before the closing time, one 48 hours before. Server only (server/applications/closingReminders.ts).
 */
export const CLOSING_REMINDER_KINDS = ['seven_days', 'two_days'] as const;
export type ClosingReminderKind = (typeof CLOSING_REMINDER_KINDS)[number];

const HOUR_MS = 60 * 60 * 1000;

/** How long before the closing time each reminder goes out. */
export const CLOSING_REMINDER_LEAD_MS: Record<ClosingReminderKind, number> = {
  seven_days: 7 * 24 * HOUR_MS,
  two_days: 48 * HOUR_MS,
};

/**
 * The reminder due at `now` for a call closing at `closesAt`, or null: the nearest lead time already reached, while the
 * call has not closed. A process that was down for days sends only that one: "mancano 7 giorni" two days before
 * the closing would be wrong.
 */
export function closingReminderDue(closesAt: Date, now: Date): ClosingReminderKind | null {
  const left = closesAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= CLOSING_REMINDER_LEAD_MS.two_days) return 'two_days';
  if (left <= CLOSING_REMINDER_LEAD_MS.seven_days) return 'seven_days';
  return null;
}
