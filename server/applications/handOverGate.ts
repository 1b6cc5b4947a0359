import { HttpError } from '../errors.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';

export interface HandOverGateOptions {
  /** Hand-overs run at once in this process: fewer than the database pool, so other requests always find a connection. */
  concurrency: number;
  /** Hand-overs waiting for a place; one more is answered 503 at once. */
  queueLength: number;
  /** How long a hand-over may wait for a place before it is answered 503. */
  queueMs: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * The click day's queue (issue 45): hand-overs (CreatePui, CreateUpdateTur) run at most `concurrency` at a time,
 * the others wait in arrival order; when the queue is full or a wait passes `queueMs`, the answer is 503 with
 * Retry-After and «Sei in coda…», and the browser sends the same application again. Nothing is lost or doubled:
 * a refused one wrote nothing, and a hand-over is idempotent per application (submitApplication.ts).
 */
export function createHandOverGate(options: HandOverGateOptions) {
  const { concurrency, queueLength, queueMs } = options;
  const retryAfter = String(Math.max(1, Math.ceil(queueMs / 1000)));
  let refused = 0;
  const queued = () => {
    refused += 1;
    return new HttpError(503, 'handover_queued', submissionMessages.queued, { 'retry-after': retryAfter });
  };
  let running = 0;
  const waiting: Waiter[] = [];

  function release() {
    running--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      running++;
      next.start();
    }
  }

  async function place(): Promise<void> {
    if (running < concurrency && waiting.length === 0) {
      running++;
      return;
    }
    if (waiting.length >= queueLength) throw queued();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(queued());
        }, queueMs),
      };
      waiting.push(waiter);
    });
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await place();
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Running and waiting hand-overs, and those refused (503) since the process started, for /metrics. */
    stats: () => ({ running, waiting: waiting.length, refused }),
  };
}

export type HandOverGate = ReturnType<typeof createHandOverGate>;
