import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The transaction that last wrote the row (pg_current_xact_id()), set by a trigger on every insert and update
 * (migration 0003_admin_list_change_xact): lets a server process patch its in-memory admin list with only
 * the rows written since the database snapshot it last read (server/applications/adminList.ts). Null on rows
 * written before the migration.
 */
export const changeXact = () => bigint('change_xact', { mode: 'number' });
