/**
 * Where the rate limits' counters live. One interface, two stores: memory (one process, the default) and Redis
 * (REDIS_URL: every process behind the load balancer shares the same counters).
 */
export interface RateLimitStore {
  /**
   * Adds `cost` to the counter of `key` in its current fixed window of `windowSeconds` (the window opens with
   * its first hit). Returns the window's total and the milliseconds until it closes.
   */
  hit(key: string, cost: number, windowSeconds: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
  /** Resolves when a shared store answers (for /readyz); a store in the process's memory has nothing to ask. */
  ping?(): Promise<void>;
}
