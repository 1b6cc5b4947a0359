import { parentPort } from 'node:worker_threads';
import type { DomandaDocument } from '../domanda/domandaDocument.ts';
import { renderDomandaPdf } from '../domanda/domandaPdf.ts';
import { renderReceiptPdf } from '../receipts/receiptPdf.ts';
import type { ReceiptRow } from '../db/schema/receipts.ts';

/**
 * The PDF renderer's thread (server/pdf/renderThread.ts): renders each document it is sent, one at a time, and
 * answers with the PDF's bytes or the error's message. Built as dist-server/pdf-render.mjs.
 */
export type RenderJob = { kind: 'receipt'; receipt: ReceiptRow } | { kind: 'domanda'; document: DomandaDocument };
export type RenderRequest = { id: number } & RenderJob;
export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

function render(job: RenderJob): Promise<Buffer> {
  return job.kind === 'receipt' ? renderReceiptPdf(job.receipt) : renderDomandaPdf(job.document);
}

parentPort!.on('message', (request: RenderRequest) => {
  render(request).then(
    (pdf) => parentPort!.postMessage({ id: request.id, pdf } satisfies RenderReply),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
  );
});
