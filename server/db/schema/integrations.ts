import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * A request for supplementary documents (spec §4 Integration): opened when an admin moves an application to
 * In integrazione, with the request the applicant reads and an optional deadline; closed when the application
 * leaves In integrazione by any path (the applicant completes it, or an admin reopens the application). Every
 * round stays, with its documents (attachments.integration_round_id).
 */
export const integrationRounds = pgTable(
  'integration_rounds',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** 1 for the first request of the application, then 2, … */
    number: integer('number').notNull(),
    /** What the reviewers ask for, as they wrote it (the status change's note). */
    request: text('request').notNull(),
    /** The date by which the documents are expected, as a calendar day; null when none was given. */
    deadline: date('deadline', { mode: 'string' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * When the round stopped taking documents: the application left In integrazione (completed, or reopened
     * without being completed, when completed_at stays null). Null only for the round still open.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integration_rounds_application_number_key').on(t.applicationId, t.number),
    check('integration_rounds_number_check', sql`${t.number} >= 1`),
  ],
);
