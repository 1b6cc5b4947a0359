import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { receipts, type ReceiptRow } from '../db/schema/receipts.ts';
import type { StatusChangeRecorder } from '../applications/statusChanges.ts';
import { RECEIPT_KIND_OF_STATUS, type ReceiptKind, type ReceiptSummary } from '../../domain/receipts.ts';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { prepareReceipt } from './issueReceipt.ts';
import { numberReceipt } from './protocolNumbers.ts';
import { renderReceipt } from '../pdf/renderThread.ts';

/** A receipt's PDF as downloads, e-mails and the zip give it: stored once rendered (storedReceipts.ts). */
type PdfOf = (receipt: ReceiptRow) => Promise<Buffer>;

/**
 * Every change that reaches a hand-over status (Candidatura Sottomessa, …) writes its receipt in its transaction:
 * everything it shows is read now, and its protocol number is taken by the transaction's last statement.
 */
export const issueReceiptOnHandOver: StatusChangeRecorder = async ({ tx, application, transition, actor, at, statusHistoryId }) => {
  const kind = RECEIPT_KIND_OF_STATUS[transition.to];
  if (!kind) return;
  const prepared = await prepareReceipt(tx, { application, kind, userId: actor.userId, at, statusHistoryId });
  return () => numberReceipt(tx, prepared);
};

export function summaryOf(row: Pick<ReceiptRow, 'id' | 'protocol' | 'kind' | 'title' | 'handedOverAt'>): ReceiptSummary {
  return { id: row.id, protocol: row.protocol, kind: row.kind, title: row.title, handedOverAt: row.handedOverAt.toISOString() };
}

const summaryColumns = {
  id: receipts.id,
  protocol: receipts.protocol,
  kind: receipts.kind,
  title: receipts.title,
  handedOverAt: receipts.handedOverAt,
};

/** Every receipt of an application, oldest first. */
export async function receiptsOfApplication(db: Db, applicationId: string): Promise<ReceiptSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(receipts)
    .where(eq(receipts.applicationId, applicationId))
    .orderBy(asc(receipts.handedOverAt), asc(receipts.number));
  return rows.map(summaryOf);
}

export async function receiptById(db: Db, receiptId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, receiptId));
  return row;
}

/** The receipt a status change issued (the e-mail of "hand-over received" attaches it), if it issued one. */
export async function receiptOfStatusChange(db: Db, statusHistoryId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.statusHistoryId, statusHistoryId));
  return row;
}

/**
 * What the e-mail of a status change carries: the receipt that change issued, as a PDF, when it was a hand-over
 * (the "hand-over received" e-mail); nothing for any other change.
 */
export function receiptMailAttachments(db: Db, pdfOf: PdfOf) {
  return async ({ historyId }: { historyId: string }): Promise<MailAttachment[]> => {
    const receipt = await receiptOfStatusChange(db, historyId);
    if (!receipt) return [];
    return [{ filename: receiptsMessages.fileName(receipt.protocol), content: await pdfOf(receipt), contentType: 'application/pdf' }];
  };
}

/** The protocol number a status change's e-mail gives: its receipt's, for a hand-over; null otherwise. */
export function receiptProtocols(db: Db) {
  return async ({ historyId }: { historyId: string }): Promise<string | null> =>
    (await receiptOfStatusChange(db, historyId))?.protocol ?? null;
}

/** The latest receipt of one kind of an application (the one its latest hand-over of that kind issued). */
export async function latestReceiptOf(db: Db, applicationId: string, kind: ReceiptKind): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.applicationId, applicationId), eq(receipts.kind, kind)))
    .orderBy(desc(receipts.handedOverAt), desc(receipts.number))
    .limit(1);
  return row;
}

/**
 * The receipt's PDF, made again from its stored snapshot: the same bytes at every download (fixed dates and
 * identifiers). Undefined when there is no such receipt. The caller checks who may read it.
 */
export async function receiptPdf(db: Db, receiptId: string): Promise<Buffer | undefined> {
  const receipt = await receiptById(db, receiptId);
  return receipt ? renderReceipt(receipt) : undefined;
}

/** The receipts of an organisation's application to `fund`, oldest first, as PDFs: for the administrator's zip. */
export async function receiptsForArchive(
  db: Db,
  pdfOf: PdfOf,
  organizationId: string,
  fund: string,
): Promise<{ protocol: string; pdf: Buffer }[]> {
  const rows = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.fund, fund)))
    .orderBy(asc(receipts.handedOverAt), asc(receipts.number));
  const files: { protocol: string; pdf: Buffer }[] = [];
  // One at a time: each PDF is small, and the zip waits for them all anyway.
  for (const row of rows) files.push({ protocol: row.protocol, pdf: await pdfOf(row) });
  return files;
}
