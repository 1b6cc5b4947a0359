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

export function createPacer(out: Writable) {
  let sliceStarted = performance.now();
  return {
    /**
     * Call between units of work: waits while `out` is full (until it drains, or rejects if it is destroyed,
     * e.g. the client went away), and yields to the event loop once the current slice has run SLICE_MS.
     */
    async pace(): Promise<void> {
      if (out.destroyed) throw new Error('export stream closed before the end');
      if (out.writableNeedDrain) {
        await new Promise<void>((resolve, reject) => {
          const settle = (error?: Error) => {
            out.off('drain', onDrain);
            out.off('close', onClose);
            if (error) reject(error);
            else resolve();
          };
          const onDrain = () => settle();
          const onClose = () => settle(new Error('export stream closed before the end'));
          out.on('drain', onDrain);
          out.on('close', onClose);
        });
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
