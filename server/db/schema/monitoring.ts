import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { MONITORING_REMINDER_KINDS, type MonitoringReminderKind } from '../../../domain/monitoring.ts';
import { applications } from './applications.ts';
import { calls } from './calls.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A fund's monitoring period ("Monitoraggio I semestre 2027"): seeded at start from a replaceable data file
 * (server/reference/monitoring/periods.json, MONITORING_PERIODS_FILE) by its stable code; a changed title or date in
 * the file updates the row. Dates are Italian calendar days.
 */
export const monitoringPeriods = pgTable(
  'monitoring_periods',
  {
    id: id(),
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /** Stable key in the data file ('2027-S1'). */
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** From this day monitoring may be opened for the period. */
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    /** The answers are due by this day (moved to the next working day when it is not one). */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('monitoring_periods_fund_code_key').on(t.fund, t.code),
    check('monitoring_periods_dates_check', sql`${t.dueOn} >= ${t.opensOn}`),
  ],
);

/**
 * One period of one application's monitoring: opened by the admin's Monitoraggio Aperto (the lifecycle's
 * admin.monitoring.open), handed over by the applicant's Monitoraggio Sottomesso. The answers of the period are
 * the survey_submissions with its period id.
 */
export const monitoringRounds = pgTable(
  'monitoring_rounds',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => monitoringPeriods.id, { onDelete: 'restrict' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('monitoring_rounds_application_period_key').on(t.applicationId, t.periodId),
    index('monitoring_rounds_period_idx').on(t.periodId),
  ],
);

/**
 * A reminder e-mail of a round, one row per (round, kind): the row is inserted in the transaction that sends
 * the e-mails, so of several server processes exactly one sends it, and a restart never sends it again.
 */
export const monitoringReminders = pgTable(
  'monitoring_reminders',
  {
    id: id(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => monitoringRounds.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MonitoringReminderKind>().notNull(),
    /** How many members it was sent to. */
    recipients: integer('recipients').notNull(),
    /**
     * When a run of the job took the reminder on. The e-mails go out after that claim is committed, so no
     * transaction stays open while a mail server answers; a claim never marked sent within SEND_ONCE_CLAIM_MS (server/mail/sendOnce.ts) was
     * cut short (its process ended) and the next run takes it over.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was sent to every member; null while it is being sent. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('monitoring_reminders_round_kind_key').on(t.roundId, t.kind),
    check('monitoring_reminders_kind_check', sql.raw(`kind in (${MONITORING_REMINDER_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);
