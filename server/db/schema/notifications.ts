import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { STATUS_MAIL_STATUSES, type StatusMailStatus } from '../../../domain/statusNotifications.ts';
import { applications, applicationStatusHistory } from './applications.ts';
import { createdAt, id } from './columns.ts';

/**
 * The transactional outbox of status e-mails: the status writer records one row in the change's own
 * transaction, so a change is told exactly when it commits; the sender (server/notifications/) delivers it after
 * commit, with no transaction open, and tries again later when the mail server fails.
 */
export const statusNotifications = pgTable(
  'status_notifications',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The change told: one notification per history row. */
    historyId: uuid('history_id')
      .notNull()
      .unique('status_notifications_history_key')
      .references(() => applicationStatusHistory.id, { onDelete: 'cascade' }),
    status: text('status').$type<StatusMailStatus>().notNull(),
    /** The reviewers' note (In integrazione: the request), as the history holds it. */
    note: text('note'),
    /** In integrazione: the day by which the documents are expected. */
    deadline: date('deadline', { mode: 'string' }),
    createdAt: createdAt(),
    /** Not tried before this moment (now at first; later after each failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a sender took it on; a claim this old never marked sent was cut short and is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The addresses already sent to: a retry after a failure half-way sends only to the others. */
    deliveredTo: jsonb('delivered_to').$type<string[]>().notNull().default([]),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('status_notifications_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    check('status_notifications_status_check', sql.raw(`status in (${STATUS_MAIL_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);
