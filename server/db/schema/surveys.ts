import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { monitoringPeriods } from './monitoring.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A survey's definition (SurveyJS JSON), one row per version: seeded from server/reference/surveys/*.json at start,
 * a new row only when a file's content changes. Rows are never rewritten, so answers pinned to a version
 * always find the definition they were given against. The id is the spec's surveyId.
 */
export const surveyDefinitions = pgTable(
  'survey_definitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'Istruttoria-Pui', 'Gresb-Tur', …: the spec's survey type names. */
    name: text('name').notNull(),
    version: integer('version').notNull(),
    json: jsonb('json').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the file's canonical JSON: a start with an unchanged file adds nothing. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('survey_definitions_name_version_key').on(t.name, t.version),
    check('survey_definitions_version_check', sql`${t.version} >= 1`),
  ],
);

/**
 * One survey's answers for one application (spec §3 Survey submission): the review (monitoraggio false) or a
 * monitoring period's. Pinned to the definition version it was first answered against; `version` counts the
 * saves, so a save over newer answers is refused (412); `submitted_at` set makes the answers immutable.
 */
export const surveySubmissions = pgTable(
  'survey_submissions',
  {
    id: id(),
    /** The spec's candidaturaId. */
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    surveyName: text('survey_name').notNull(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => surveyDefinitions.id, { onDelete: 'restrict' }),
    monitoraggio: boolean('monitoraggio').notNull().default(false),
    /** The monitoring period answered; null for the review. */
    monitoringPeriodId: uuid('monitoring_period_id').references(() => monitoringPeriods.id, { onDelete: 'restrict' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('survey_submissions_application_survey_key')
      .on(t.applicationId, t.surveyName, t.monitoraggio, t.monitoringPeriodId)
      .nullsNotDistinct(),
    index('survey_submissions_definition_idx').on(t.definitionId),
  ],
);
