import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { receipts, type ReceiptRow } from '../db/schema/receipts.ts';
import { StoredFileNotFoundError, type FileStorage } from '../storage/fileStorage.ts';
import { renderReceipt } from '../pdf/renderThread.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A receipt's PDF is laid out once (issue 45: a click day's hundreds of receipts, each ≈ 70 ms of CPU, must not be
 * rendered again at every download and e-mail): the first reader renders it from the snapshot and keeps it in the
 * file store, noting its key on the receipt (`pdf_key`, set once: of two first readers at once, one keeps its copy
 * and the other removes its own). Afterwards downloads, e-mails and the admins' zip read the stored bytes, which are
 * the rendering's bytes. A store that fails never fails the reader: the PDF is rendered and served anyway.
 */
export function createStoredReceipts(deps: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  render?: (receipt: ReceiptRow) => Promise<Buffer>;
}) {
  const { db, storage, log, render = renderReceipt } = deps;

  async function keep(receipt: ReceiptRow, pdf: Buffer): Promise<void> {
    const { key } = await storage.put(Readable.from([pdf]));
    const [kept] = await db
      .update(receipts)
      .set({ pdfKey: key })
      .where(and(eq(receipts.id, receipt.id), receipt.pdfKey === null ? isNull(receipts.pdfKey) : eq(receipts.pdfKey, receipt.pdfKey)))
      .returning({ id: receipts.id });
    if (!kept) await storage.delete(key);
  }

  async function pdfOf(receipt: ReceiptRow): Promise<Buffer> {
    if (receipt.pdfKey !== null) {
      try {
        return await bytesOf(await storage.openRead(receipt.pdfKey));
      } catch (error) {
        // Gone from the store (restored from an older backup): rendered and kept again below.
        if (!(error instanceof StoredFileNotFoundError)) log.warn({ err: error, receiptId: receipt.id }, 'stored receipt unreadable');
      }
    }
    const pdf = await render(receipt);
    await keep(receipt, pdf).catch((error: unknown) => log.warn({ err: error, receiptId: receipt.id }, 'receipt PDF not kept'));
    return pdf;
  }

  return { pdfOf };
}

export type StoredReceipts = ReturnType<typeof createStoredReceipts>;
