import { setTimeout as delay } from 'node:timers/promises';
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
  /** When the hand-over was first tried (ms since the epoch): the queue is kept in this order. */
  firstTry: number;
  start: () => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
}

/** After a burst, how long the gate must stay empty before the work that yields to it (the receipts' e-mails) goes on. */
const QUIET_MS = 250;
/**
 * The longest a busy spell holds back the work that yields to it: past this, receipts are rendered and e-mailed
 * alongside the hand-overs, so a call that never stops receiving them still e-mails its receipts within a minute.
 */
export const QUIET_LONGEST_MS = 20_000;

/**
 * The click day's queue (issue 45): hand-overs (CreatePui, CreateUpdateTur) run at most `concurrency` at a time,
 * the others wait in the order of their first try (a retry carries its first try's time in a signed ticket,
 * handOverTickets.ts, so it goes ahead of everyone who came after it: decision 0064); when the
 * queue is full or a wait passes `queueMs`, the answer is 503 with Retry-After and «Sei in coda…», and the browser
 * sends the same application again. Nothing is lost or doubled: a refused one wrote nothing, and a hand-over is
 * idempotent per application (submitApplication.ts).
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
  /** Sorted by first try, earliest first; equal first tries keep their arrival order. */
  const waiting: Waiter[] = [];
  let emptied: (() => void)[] = [];
  /** When the gate last went from empty to busy; null while it is empty. */
  let busySince: number | null = null;

  function release() {
    running--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      running++;
      next.start();
    } else if (running === 0) {
      busySince = null;
      const wake = emptied;
      emptied = [];
      for (const resolve of wake) resolve();
    }
  }

  async function place(firstTry: number): Promise<void> {
    if (running < concurrency && waiting.length === 0) {
      if (running === 0) busySince = Date.now();
      running++;
      return;
    }
    let at = waiting.length;
    while (at > 0 && waiting[at - 1]!.firstTry > firstTry) at--;
    if (waiting.length >= queueLength) {
      // Full: one who first tried after this one gives up their place (and keeps their own ticket), or this one waits outside.
      if (at === waiting.length) throw queued();
      const last = waiting.pop()!;
      clearTimeout(last.timer);
      last.refuse();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        firstTry,
        start: resolve,
        refuse: () => reject(queued()),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.refuse();
        }, queueMs),
      };
      waiting.splice(at, 0, waiter);
    });
  }

  return {
    /** Runs `work` when its turn comes; `firstTry` (ms since the epoch) is when the hand-over was first tried, now by default. */
    async run<T>(work: () => Promise<T>, firstTry: number = Date.now()): Promise<T> {
      await place(firstTry);
      try {
        return await work();
      } finally {
        release();
      }
    },
    /**
     * Resolves at once when no hand-over runs or waits; otherwise once the gate has been empty for a moment, or once
     * it has been busy for `longest` ms. Work that can wait (the receipts' e-mails, each a PDF to render) awaits it,
     * so a burst's hand-overs have the CPU first, and a burst that does not end holds that work back no longer.
     */
    async quiet(longest: number = QUIET_LONGEST_MS): Promise<void> {
      while (busySince !== null) {
        const left = busySince + longest - Date.now();
        if (left <= 0) return;
        // Timers that do not keep a closing process alive.
        await Promise.race([new Promise<void>((resolve) => emptied.push(resolve)), delay(left, undefined, { ref: false })]);
        await delay(QUIET_MS, undefined, { ref: false });
      }
    },
    /** Running and waiting hand-overs, and those refused (503) since the process started, for /metrics. */
    stats: () => ({ running, waiting: waiting.length, refused }),
  };
}

export type HandOverGate = ReturnType<typeof createHandOverGate>;
