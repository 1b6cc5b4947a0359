import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DomandaDocument } from '../domanda/domandaDocument.ts';
import { createRenderQueue } from './renderQueue.ts';
import type { RenderJob, RenderReply, RenderRequest } from './renderWorker.ts';
import type { ReceiptRow } from '../db/schema/receipts.ts';

/**
 * The portal's PDFs (receipts, the Domanda) are rendered on a thread of their own. Laying out a document with its
 * fonts (pdf-lib and fontkit) is about a hundred milliseconds of synchronous work: on the event loop it held every
 * request queued behind it, and on deadline day each hand-over's e-mail renders a receipt
 * (tests/bench/deadline-day.bench.ts showed autosaves waiting for them). The thread starts with the first PDF,
 * renders one at a time, and does not keep the process alive; if it dies, the PDFs it was rendering fail and the
 * next one starts a new thread. In front of it, a bounded queue (renderQueue.ts) keeps a burst of documents from
 * reaching it, and coming back onto the event loop, all at once.
 */

/** The thread's module: the bundle's sibling when the portal runs built (dist-server/), the source through tsx otherwise. */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pdf-render.mjs', import.meta.url));
  const register = import.meta.resolve('tsx/esm/api');
  const source = new URL('./renderWorker.ts', import.meta.url).href;
  // tsx's hooks are registered per thread: the source thread registers them, then loads the worker's module.
  return new Worker(
    `import(${JSON.stringify(register)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, name: `pdf ${fileURLToPath(source)}` },
  );
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

function rendererThread(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.unref();
  started.on('message', (reply: RenderReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('pdf' in reply) waiting.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    else waiting.reject(new Error(`PDF not rendered: ${reply.error}`));
  });
  const ended = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(error);
    }
  };
  started.on('error', ended);
  started.on('exit', (code) => ended(new Error(`the PDF thread ended (${code})`)));
  worker = started;
  return started;
}

function send(job: RenderJob): Promise<Buffer> {
  const thread = rendererThread();
  const id = ++nextId;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, ...job } satisfies RenderRequest);
  });
}

// One document laid out, one ready to start as soon as it ends; up to 200 waiting (a click day's burst of receipts).
const queue = createRenderQueue<RenderJob>({ atThread: 2, maxWaiting: 200, retryAfterSeconds: 5, send });
const render = (job: RenderJob) => queue.render(job);

/** The render queue's figures for /metrics. */
export const renderQueueStats = () => queue.stats();

/** The receipt's PDF (server/receipts/receiptPdf.ts), rendered off the event loop. */
export function renderReceipt(receipt: ReceiptRow): Promise<Buffer> {
  return render({ kind: 'receipt', receipt });
}

/** The Domanda's PDF (server/domanda/domandaPdf.ts), rendered off the event loop. */
export function renderDomanda(document: DomandaDocument): Promise<Buffer> {
  return render({ kind: 'domanda', document });
}
