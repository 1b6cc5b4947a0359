import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationStatusCode } from '../../../domain/applicationStatus.ts';
import { BULK_ACTION_KINDS, BULK_ITEM_STATES, type BulkActionKind, type BulkItemState } from '../../../domain/bulkActions.ts';
import { applications } from './applications.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * An action an administrator started on many applications at once (issue 44): its kind, who, and, once the
 * applications' items are all done or failed, when it finished. Worked by whichever server process claims it
 * (server/applications/bulkActions.ts); a file result (zip, Excel) is in the file storage under `result_key`.
 */
export const bulkActions = pgTable(
  'bulk_actions',
  {
    id: id(),
    kind: text('kind').$type<BulkActionKind>().notNull(),
    /** Kind 'status': the status every application is asked to move to, and the note each change carries. */
    targetStatus: text('target_status').$type<ApplicationStatusCode>(),
    note: text('note'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many applications were selected (frozen when confirmed). */
    total: integer('total').notNull(),
    /** Kinds 'zip' and 'excel': the process writing the file holds the action until then (taken over after). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    resultKey: text('result_key'),
    resultName: text('result_name'),
    resultSize: bigint('result_size', { mode: 'number' }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_actions_started_by_idx').on(t.startedBy, t.createdAt),
    index('bulk_actions_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.finishedAt} is null`),
    check('bulk_actions_kind_check', sql`${t.kind} in (${oneOf(BULK_ACTION_KINDS)})`),
  ],
);

/**
 * One selected application of a bulk action: pending until a process applies it (done) or cannot (failed, with the
 * Italian reason). A process takes a few pending items at a time by setting their lease; the item's state is read
 * and written under its row lock in the transaction that applies it, so an application is changed once whichever
 * process holds the lease.
 */
export const bulkActionItems = pgTable(
  'bulk_action_items',
  {
    actionId: uuid('action_id')
      .notNull()
      .references(() => bulkActions.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The order the administrator will read them in (organisation name, then fund). */
    position: integer('position').notNull(),
    state: text('state').$type<BulkItemState>().notNull().default('pending'),
    reason: text('reason'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.applicationId] }),
    index('bulk_action_items_pending_idx')
      .on(t.actionId, t.position)
      .where(sql`${t.state} = 'pending'`),
    check('bulk_action_items_state_check', sql`${t.state} in (${oneOf(BULK_ITEM_STATES)})`),
  ],
);
