import { parentPort } from 'node:worker_threads';
import type { ReceiptRow } from './issueReceipt.ts';
import { renderReceiptPdf } from './receiptPdf.ts';

/**
 * The receipt renderer's thread (server/receipts/receiptRenderer.ts): renders each receipt it is sent, one at a
 * time, and answers with the PDF's bytes or the error's message. Built as dist-server/receipt-pdf.mjs.
 */
export interface RenderRequest {
  id: number;
  receipt: ReceiptRow;
}
export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort!.on('message', (request: RenderRequest) => {
  renderReceiptPdf(request.receipt).then(
    (pdf) => parentPort!.postMessage({ id: request.id, pdf } satisfies RenderReply),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
  );
});
