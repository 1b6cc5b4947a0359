import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExportKind } from '../../../domain/applicationTimeline.ts';
import { calls } from './calls.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * Every export an administrator downloaded (issue 44): which one, who, when, and the applications it included, so
 * each application's timeline can say who took its data out of the portal. Written when the download starts.
 */
export const exportDownloads = pgTable(
  'export_downloads',
  {
    id: id(),
    /** 'applications_excel' (the list), 'application_excel' (one application), 'application_zip' (its files). */
    kind: text('kind').$type<ExportKind>().notNull(),
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    applicationIds: uuid('application_ids').array().notNull(),
    downloadedBy: uuid('downloaded_by').references(() => users.id, { onDelete: 'set null' }),
    downloadedByName: text('downloaded_by_name').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('export_downloads_application_ids_idx').using('gin', t.applicationIds),
    check('export_downloads_kind_check', sql`${t.kind} in ('applications_excel', 'application_excel', 'application_zip')`),
  ],
);
