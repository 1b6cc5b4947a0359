import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { calls } from './calls.ts';
import { integrationRounds } from './integrations.ts';
import type { AttachmentFormat, AttachmentPurpose } from '../../../domain/attachments.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The attachments a fund's application asks for (spec §3 Attachment slot), seeded from
 * server/reference/attachmentTypes.ts. Ids are stable: they are the TipoFileId clients upload with.
 */
export const attachmentTypes = pgTable(
  'attachment_types',
  {
    id: integer('id').primaryKey(),
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').$type<AttachmentFormat>().notNull(),
    /** What the files are for; the application's status decides when each purpose may be written. */
    purpose: text('purpose').$type<AttachmentPurpose>().notNull().default('application'),
    mandatory: boolean('mandatory').notNull(),
    /** The generic 'Aggiungi allegato' type: any number of files, each added beside the others. */
    multiple: boolean('multiple').notNull().default(false),
    /** A form we ship to download, fill in and upload signed (a path under the SPA's origin). */
    templatePath: text('template_path'),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('attachment_types_fund_idx').on(t.fund, t.purpose, t.sortOrder),
    check('attachment_types_format_check', sql`${t.format} in ('PDF', 'Excel', 'Documento')`),
    check('attachment_types_purpose_check', sql`${t.purpose} in ('application', 'integration', 'review', 'monitoring')`),
  ],
);

/**
 * A file an organisation uploaded for its application to a fund. The bytes are in the file storage under
 * `storage_key` (generated, never the person's file name); `file_name` is only what is shown.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    attachmentTypeId: integer('attachment_type_id')
      .notNull()
      .references(() => attachmentTypes.id, { onDelete: 'restrict' }),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    description: text('description'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    isPdfA: boolean('is_pdf_a').notNull().default(false),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** For an integration document: the round (request) it answers. */
    integrationRoundId: uuid('integration_round_id').references((): AnyPgColumn => integrationRounds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_organization_fund_idx').on(t.organizationId, t.fund, t.attachmentTypeId),
    check('attachments_size_check', sql`${t.size} > 0`),
  ],
);

export type AttachmentTypeRow = typeof attachmentTypes.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
