import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { createdAt, updatedAt } from './columns.ts';
import { surveyDefinitions } from './surveys.ts';
import { users } from './users.ts';

/**
 * The administrators' evaluation of an application (issue 44): the answers to the fund's evaluation form
 * ('Valutazione-Pui'), pinned to the definition version first answered, saved with a version (a save over newer
 * answers is refused, 412), then handed over once by one administrator: from then on nothing rewrites the row.
 * The proposed outcome, its note and the weighted score are read from the answers at the hand-over, for the
 * timeline, the list's Excel and the status-change dialog. Only admin routes read this table.
 */
export const applicationEvaluations = pgTable(
  'application_evaluations',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => surveyDefinitions.id, { onDelete: 'restrict' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name of who saved last, as it was (the account may be renamed or removed later). */
    updatedByName: text('updated_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    handedOverBy: uuid('handed_over_by').references(() => users.id, { onDelete: 'set null' }),
    handedOverByName: text('handed_over_by_name'),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    /** 'AMMISSIBILE' | 'RIFIUTATA', read from the answers at the hand-over. */
    outcome: text('outcome'),
    outcomeNote: text('outcome_note'),
    weightedScore: numeric('weighted_score', { precision: 7, scale: 2, mode: 'number' }),
  },
  (t) => [
    check('application_evaluations_version_check', sql`${t.version} >= 1`),
    check('application_evaluations_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('AMMISSIBILE', 'RIFIUTATA')`),
    index('application_evaluations_definition_idx').on(t.definitionId),
  ],
);
