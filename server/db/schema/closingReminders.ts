import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CLOSING_REMINDER_KINDS, type ClosingReminderKind } from '../../../domain/closingReminders.ts';
import { applications } from './applications.ts';
import { id } from './columns.ts';

/**
 * A reminder that a draft is not yet handed over before its call closes (issue 44), one row per (application, kind,
 * closing time): claimed in one statement before the e-mails go out, so of several server processes exactly one
 * sends it. The closing time is part of the key: if the operators move `closesAt` (calls.json), the reminders of the
 * new deadline go out again.
 */
export const closingReminders = pgTable(
  'closing_reminders',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ClosingReminderKind>().notNull(),
    /** The call's closing time the reminder was about. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** How many members it was sent to. */
    recipients: integer('recipients').notNull(),
    /** When a run took it on; a claim never marked sent within SEND_ONCE_CLAIM_MS is taken over (server/mail/sendOnce.ts). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was sent to every member; null while it is being sent. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('closing_reminders_application_kind_closes_at_key').on(t.applicationId, t.kind, t.closesAt),
    check('closing_reminders_kind_check', sql.raw(`kind in (${CLOSING_REMINDER_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
