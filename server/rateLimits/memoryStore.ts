import type { RateLimitStore } from './rateLimitStore.ts';

/** A key without fields keeps its one counter under this field. */
const WHOLE = '';

/** Counters in this process's memory: right for one process; with several, use the Redis store. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { counts: Map<string, number>; resetAt: number }>();
  let lastSweep = now();

  /** Drops closed windows once a minute, so keys from passing IPs do not pile up. */
  function sweep(time: number) {
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  }

  function open(key: string, time: number) {
    const window = windows.get(key);
    return window && window.resetAt > time ? window : undefined;
  }

  return {
    async hit(key, cost, windowSeconds, field = WHOLE) {
      const time = now();
      sweep(time);
      let window = open(key, time);
      if (!window) {
        if (cost < 0) return { count: 0, resetInMs: 0 };
        window = { counts: new Map(), resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
      }
      const count = Math.max(0, (window.counts.get(field) ?? 0) + cost);
      window.counts.set(field, count);
      return { count, resetInMs: window.resetAt - time };
    },
    async peek(key, field = WHOLE) {
      const time = now();
      const window = open(key, time);
      return window ? { count: window.counts.get(field) ?? 0, resetInMs: window.resetAt - time } : { count: 0, resetInMs: 0 };
    },
    async reset(key, field) {
      if (field === undefined) windows.delete(key);
      else windows.get(key)?.counts.delete(field);
    },
    async close() {
      windows.clear();
    },
  };
}
