/**
 * A background job of one process whose runs never overlap (the monitoring reminders, the reminders before a call
 * closes, the status e-mails, the join requests' expiry): a run asked for while one is under way waits for it, then
 * runs, so it sees everything committed before it was asked for. Calls without arguments (the timer's, and the kicks after a commit) that arrive while
 * such a run is already waiting to start share it: it has not started yet, so it sees what they would have seen, and
 * a burst of kicks (a click day's hand-overs, each asking for its e-mail) costs one run after the current one, not one
 * each. A call with arguments (a test's chosen instant) is a run of its own. `start` runs it now and
 * every `intervalMs` until stopped; a failed run is reported, never thrown.
 */
export function serialJob<Args extends unknown[]>(run: (...args: Args) => Promise<number>, onError: (err: unknown) => void) {
  /** Settles when the last run asked for has ended. */
  let tail: Promise<unknown> = Promise.resolve();
  /** The run waiting for the current one to end, not started yet. */
  let waiting: { args: Args; result: Promise<number> } | null = null;

  const plain = (args: Args) => args.every((value) => value === undefined);

  /** One run; answers what it counted (messages sent), which calls sharing the run share too. */
  function runOnce(...args: Args): Promise<number> {
    if (waiting && plain(args) && plain(waiting.args)) return waiting.result;
    const entry: { args: Args; result: Promise<number> } = { args, result: Promise.resolve(0) };
    entry.result = tail.then(() => {
      if (waiting === entry) waiting = null;
      return run(...args);
    });
    waiting = entry;
    tail = entry.result.catch(() => 0);
    return entry.result;
  }

  /** Waits until no run is under way or waiting, including runs asked for while it waits. */
  async function idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = tail;
      await seen;
    } while (seen !== tail);
  }

  return {
    runOnce,
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
