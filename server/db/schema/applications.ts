import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  APPLICATION_STATUS_CODES,
  STATUS_ACTOR_ROLES,
  type ApplicationStatusCode,
  type StatusActorRole,
} from '../../../domain/applicationStatus.ts';
import { calls } from './calls.ts';
import { changeXact, createdAt, id, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/** A literal SQL list of known values (stable codes: changing one needs a migration anyway). */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One organisation's application to one fund (spec §3, Compilation), created by its first autosave. The
 * status is written only by the lifecycle service (server/applications/statusChanges.ts), which asks the
 * lifecycle machine first; what the admin list filters and sorts on is in real columns.
 */
export const applications = pgTable(
  'applications',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The call's fund (calls.fund): the table of funds the database knows. */
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    status: text('status').$type<ApplicationStatusCode>().notNull().default('NON_AVVIATA'),
    /** The autosaved wizard values (a JSON object), its version (optimistic concurrency) and when it was saved. */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    draftVersion: integer('draft_version').notNull().default(0),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }),
    /** The submitted application and its admin-only warnings (Italian texts, spec §5). */
    body: jsonb('body').$type<Record<string, unknown>>(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** Candidacy date: the latest submission. Sorted and filtered on by the admin list. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changeXact: changeXact(),
  },
  (t) => [
    index('applications_change_xact_idx').on(t.changeXact),
    uniqueIndex('applications_organization_fund_key').on(t.organizationId, t.fund),
    index('applications_fund_status_idx').on(t.fund, t.status),
    index('applications_fund_submitted_at_idx').on(t.fund, t.submittedAt),
    check('applications_draft_version_check', sql`${t.draftVersion} >= 0`),
    check('applications_status_check', sql`${t.status} in (${oneOf(APPLICATION_STATUS_CODES)})`),
  ],
);

/** Every status change: from, to, note, who and when (docs/decisions/0004-lifecycle-machine-owns-statuses.md). Never updated. */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: id(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ApplicationStatusCode>().notNull(),
    toStatus: text('to_status').$type<ApplicationStatusCode>().notNull(),
    /** The machine's event that caused the change (e.g. 'admin.admit'). */
    event: text('event').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').$type<StatusActorRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('application_status_history_application_idx').on(t.applicationId, t.createdAt),
    check('application_status_history_actor_role_check', sql`${t.actorRole} in (${oneOf(STATUS_ACTOR_ROLES)})`),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;
