import type { RateLimitStore } from './rateLimitStore.ts';

/** INCRBY and, for a new window, PEXPIRE in one atomic step; answers the count and the window's remaining ms. */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { count, ttl }
`;

/**
 * Counters in Redis, shared by every process that uses the same REDIS_URL and key prefix. ioredis is loaded
 * here, only by a process configured with Redis (it holds about 15 MB of the resident set).
 */
export async function createRedisRateLimitStore(url: string, keyPrefix: string): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { keyPrefix, maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // A Redis that went away is reported per request (503); the client reconnects by itself.
  redis.on('error', () => {});
  return {
    async hit(key, cost, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, String(cost), String(windowSeconds * 1000))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
    async ping() {
      await redis.ping();
    },
  };
}
