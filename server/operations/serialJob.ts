/**
 * A background job of one process whose runs never overlap (the monitoring reminders, the status e-mails): a
 * run asked for while one is under way waits for it, then runs, so it sees everything committed before it was
 * asked for. `start` runs it now and every `intervalMs` until stopped; a failed run is reported, never thrown.
 */
export function serialJob<Args extends unknown[]>(run: (...args: Args) => Promise<number>, onError: (err: unknown) => void) {
  let running: Promise<number> | null = null;

  async function idle(): Promise<void> {
    while (running) await running.catch(() => 0);
  }

  /** One run; answers what it counted (messages sent). */
  async function runOnce(...args: Args): Promise<number> {
    await idle();
    running = run(...args);
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  return {
    runOnce,
    /** Waits for a run under way. */
    idle,
    /** Runs now and every `intervalMs` (with no arguments) until the returned stop is called; stop waits for a run under way. */
    start(intervalMs: number, ...args: Args): () => Promise<void> {
      const tick = () => void runOnce(...args).catch(onError);
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
      return async () => {
        clearInterval(timer);
        await idle();
      };
    },
  };
}
