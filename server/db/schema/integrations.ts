import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { IntegrationItemAnswer, IntegrationItemKind } from '../../../domain/integration.ts';
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

/**
 * What one round asks to correct, pinned to a field of the wizard or an attachment slot (issue 44), each with its
 * own message. A round with items lets the applicant change only those fields and slots; it is complete once every
 * item is answered: its value changed from `old_value` (kept as it was when asked), or a reply says why nothing
 * needs changing. The answer keeps the new value and its time, so every earlier round stays readable.
 */
export const integrationItems = pgTable(
  'integration_items',
  {
    id: id(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => integrationRounds.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order the reviewer listed them. */
    position: integer('position').notNull(),
    kind: text('kind').$type<IntegrationItemKind>().notNull(),
    /** The field's contract name (dotted for nested ones) or the attachment type's id, as text. */
    target: text('target').notNull(),
    /** What the applicant reads: the field's label or the slot's name when asked. */
    label: text('label').notNull(),
    /** The wizard step's title a field is on, when asked; null for a slot. */
    step: text('step'),
    message: text('message').notNull(),
    /** The field's value, or the slot's file ({ downloadId, fileName, sha256 }), when asked; null when empty. */
    oldValue: jsonb('old_value'),
    /** Once answered: 'changed' (the value moved) or 'replied' (nothing changes, the reply says why). */
    answerKind: text('answer_kind').$type<IntegrationItemAnswer>(),
    reply: text('reply'),
    /** The value the change brought (null for a reply, or an emptied field). */
    newValue: jsonb('new_value'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('integration_items_round_target_key').on(t.roundId, t.kind, t.target),
    check('integration_items_kind_check', sql`${t.kind} in ('field', 'slot')`),
    check('integration_items_answer_kind_check', sql`${t.answerKind} is null or ${t.answerKind} in ('changed', 'replied')`),
  ],
);

export type IntegrationItemRow = typeof integrationItems.$inferSelect;
