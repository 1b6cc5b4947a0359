import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * How a long export shares the server with everyone else: it gives the event loop back every SLICE_MS of work
 * (so a request arriving meanwhile waits at most about that long), and it stops producing while the client is
 * not taking what was produced (backpressure: memory stays flat however slow the download).
 */
const SLICE_MS = 8;

/** Lets pending I/O callbacks (other requests) run before going on. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A queue of written data that says when it is full, and emits 'drain' once it has room again. */
export interface Queue {
  readonly full: boolean;
  readonly events: EventEmitter;
}

/**
 * `out` is where the export is written; `upstream`, when given, tells where work produced earlier may still be
 * queued before it reaches `out` (an Excel's XML waiting for its zip's compression, which runs at its own pace
 * on another thread): production also waits while that queue is full, so it never piles up in memory.
 */
export function createPacer(out: Writable, upstream: () => Queue | undefined = () => undefined) {
  let sliceStarted = performance.now();
  const output: Queue = {
    get full() {
      return out.writableNeedDrain;
    },
    events: out,
  };
  /** Until `full` drains; rejects if `out` is destroyed meanwhile. */
  const drained = ({ events }: Queue) =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        events.off('drain', onDrain);
        out.off('close', onClose);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => settle();
      const onClose = () => settle(new Error('export stream closed before the end'));
      events.on('drain', onDrain);
      out.on('close', onClose);
    });
  return {
    /**
     * Call between units of work: waits while `out` (or the queue before it) is full, until it drains, or
     * rejects if `out` is destroyed (e.g. the client went away), and yields to the event loop once the
     * current slice has run SLICE_MS.
     */
    async pace(): Promise<void> {
      if (out.destroyed) throw new Error('export stream closed before the end');
      const full = [output, upstream()].find((queue) => queue?.full);
      if (full) {
        await drained(full);
        sliceStarted = performance.now();
        return;
      }
      if (performance.now() - sliceStarted >= SLICE_MS) {
        await yieldToEventLoop();
        sliceStarted = performance.now();
      }
    },
  };
}
