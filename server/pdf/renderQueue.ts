import { requestMessages } from '../../domain/messages/requests.ts';
import { HttpError } from '../errors.ts';

export interface RenderQueueOptions<Job> {
  /** Documents at the thread at once. */
  atThread: number;
  /** Documents waiting for the thread; one more is refused. */
  maxWaiting: number;
  /** Seconds the refused caller is asked to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Hands one document to the thread; settles when the thread answers. */
  send: (job: Job) => Promise<Buffer>;
}

/**
 * Back-pressure in front of the PDF thread (issue 45): a click day's hundreds of receipt e-mails and downloads
 * would otherwise post every document to the thread at once, and their answers (PDF bytes to copy, store and
 * send) would come back in a burst onto the event loop. At most `atThread` documents are at the thread; the
 * others wait in arrival order, at most `maxWaiting` of them; one more is refused at once (503 `pdf_busy` with
 * Retry-After): a download is tried again by the person, an e-mail by the sender's next run.
 */
export function createRenderQueue<Job>(options: RenderQueueOptions<Job>) {
  const { atThread, maxWaiting, retryAfterSeconds, send } = options;
  let running = 0;
  let refused = 0;
  const waiting: (() => void)[] = [];

  return {
    async render(job: Job): Promise<Buffer> {
      if (running >= atThread || waiting.length > 0) {
        if (waiting.length >= maxWaiting) {
          refused += 1;
          throw new HttpError(503, 'pdf_busy', requestMessages.pdfBusy, { 'retry-after': String(retryAfterSeconds) });
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running += 1;
      try {
        return await send(job);
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
    /** For /metrics: at the thread, waiting for it, refused since the process started. */
    stats: () => ({ running, waiting: waiting.length, refused }),
  };
}
