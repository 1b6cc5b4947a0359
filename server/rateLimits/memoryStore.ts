import type { RateLimitStore } from './rateLimitStore.ts';

/** Counters in this process's memory: right for one process; with several, use the Redis store. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  /** Drops closed windows once a minute, so keys from passing IPs do not pile up. */
  function sweep(time: number) {
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  }

  return {
    async hit(key, cost, windowSeconds) {
      const time = now();
      sweep(time);
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += cost;
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    async close() {
      windows.clear();
    },
  };
}
