/**
 * Where the rate limits' counters live. One interface, two stores: memory (one process, the default) and Redis
 * (REDIS_URL: every process behind the load balancer shares the same counters).
 *
 * A key holds one counter, or several under `field`s (an account's wrong passwords, one field per address): the
 * fields of a key share its window and are forgotten together by `reset(key)`, so an account's counters can be
 * cleared without knowing which addresses it was tried from.
 */
export interface RateLimitStore {
  /**
   * Adds `cost` to the counter of `key` (or of its `field`) in the key's current fixed window of `windowSeconds`
   * (the window opens with its first hit). Returns the counter's total and the milliseconds until the window
   * closes. A negative cost takes back what was counted: never below zero, and it opens no window.
   */
  hit(key: string, cost: number, windowSeconds: number, field?: string): Promise<RateLimitCount>;
  /** The counter now, without counting: 0 (and 0 ms) when its window is closed or was never opened. */
  peek(key: string, field?: string): Promise<RateLimitCount>;
  /** Forgets the counter of `field`, or every counter of `key`. */
  reset(key: string, field?: string): Promise<void>;
  close(): Promise<void>;
  /** Resolves when a shared store answers (for /readyz); a store in the process's memory has nothing to ask. */
  ping?(): Promise<void>;
}

export interface RateLimitCount {
  count: number;
  resetInMs: number;
}
