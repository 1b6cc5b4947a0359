import { sql } from 'drizzle-orm';
import { bigint, boolean, check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SignatureFormat, SignatureSigner } from '../../../domain/domandaSignature.ts';
import { applications } from './applications.ts';
import { users } from './users.ts';

/**
 * The signed Domanda of an application (issue 43): the file its legal representative signed, kept in the file
 * storage under `storage_key`, and what its verification found. One per application: a new upload replaces it.
 * `content_fingerprint` is the fingerprint of the Domanda's content it signs (server/domanda/domandaDocument.ts):
 * the hand-over compares it with the content being handed over, so a change after signing makes it stale.
 */
export const domandaSignatures = pgTable(
  'domanda_signatures',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    format: text('format').$type<SignatureFormat>().notNull(),
    /** Signed by the portal's trial authority: "firma di prova, senza valore legale". */
    trial: boolean('trial').notNull(),
    signers: jsonb('signers').$type<SignatureSigner[]>().notNull(),
    /** SHA-256 (hex) of the Domanda PDF the file signs. */
    domandaSha256: text('domanda_sha256').notNull(),
    contentFingerprint: text('content_fingerprint').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('domanda_signatures_format_check', sql`${t.format} in ('CAdES', 'PAdES')`)],
);
