import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { SignatureFacts } from '../../../domain/domandaSignature.ts';
import type { ReceiptKind } from '../../../domain/receipts.ts';
import { applications, applicationStatusHistory } from './applications.ts';
import { calls } from './calls.ts';
import { id } from './columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The last protocol number given for a call (fund) in a year (Europe/Rome). Incremented with one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` in the hand-over's transaction: the row stays locked until that
 * transaction ends, so concurrent hand-overs of one call take consecutive numbers, and one rolled back gives its
 * number back (no gaps, unlike a sequence).
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fund, t.year] }), check('receipt_counters_last_number_check', sql`${t.lastNumber} >= 1`)],
);

/** A figure of the receipt as it was printed: label and value, Italian texts. */
export interface ReceiptFigure {
  label: string;
  value: string;
}

/** A file handed over: its name as shown, its attachment type, size in bytes and SHA-256 (hex) of its bytes. */
export interface ReceiptAttachment {
  name: string;
  type: string;
  size: number;
  sha256: string;
}

/**
 * The receipt of one hand-over (Candidatura, Integrazione, Istruttoria, Monitoraggio Sottomessa/o), written in
 * the status change's transaction. Everything the PDF shows is a snapshot taken then (names, figures, files),
 * so the receipt downloads byte for byte the same for ever, whatever is renamed or removed later. Never updated,
 * except to note where its rendered PDF is kept (`pdf_key`).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    /** TUR-2026-000123: fund, year, number. */
    protocol: text('protocol').notNull().unique(),
    fund: text('fund')
      .notNull()
      .references(() => calls.fund, { onDelete: 'restrict', onUpdate: 'cascade' }),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    kind: text('kind').$type<ReceiptKind>().notNull(),
    /** "Candidatura", "Integrazione n. 2", "Monitoraggio – I semestre 2027". */
    title: text('title').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The status change that handed it over. */
    statusHistoryId: uuid('status_history_id')
      .notNull()
      .unique()
      .references(() => applicationStatusHistory.id, { onDelete: 'cascade' }),
    handedOverBy: uuid('handed_over_by').references(() => users.id, { onDelete: 'set null' }),
    handedOverByName: text('handed_over_by_name').notNull(),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }).notNull(),
    /**
     * When the server accepted the hand-over, to the microsecond: PostgreSQL's clock_timestamp() read by the
     * statement that took the protocol number (server/receipts/protocolNumbers.ts), so the numbers of a call follow
     * these times. Text as PostgreSQL writes it (domain/acceptanceTime.ts reads it): a Date would drop the
     * microseconds that rank a click day. Receipts issued before it have their hand-over time.
     */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 6, mode: 'string' }).notNull(),
    callTitle: text('call_title').notNull(),
    organizationName: text('organization_name').notNull(),
    vatNumber: text('vat_number').notNull(),
    figures: jsonb('figures').$type<ReceiptFigure[]>().notNull(),
    attachments: jsonb('attachments').$type<ReceiptAttachment[]>().notNull(),
    /** The signed Domanda handed over with the application (issue 43), null when the call required none. */
    signature: jsonb('signature').$type<SignatureFacts>(),
    /**
     * Where its PDF is kept in the file store once first rendered (server/receipts/storedReceipts.ts): downloads and
     * e-mails then read it instead of laying it out again. Set once; null until the first rendering.
     */
    pdfKey: text('pdf_key'),
  },
  (t) => [
    unique('receipts_fund_year_number_key').on(t.fund, t.year, t.number),
    index('receipts_application_idx').on(t.applicationId, t.handedOverAt),
    check('receipts_kind_check', sql`${t.kind} in ('application', 'integration', 'review', 'monitoring')`),
    check('receipts_number_check', sql`${t.number} >= 1`),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;

/** Everything a receipt says except its number and acceptance time: read before the counter is touched. */
export type PreparedReceipt = Omit<ReceiptRow, 'id' | 'protocol' | 'number' | 'acceptedAt' | 'pdfKey'>;
