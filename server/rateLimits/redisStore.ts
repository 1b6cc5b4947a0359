import type { RateLimitStore } from './rateLimitStore.ts';

/**
 * One atomic step: adds the cost to the key (INCRBY) or to its field (HINCRBY) and, for a new window, sets its
 * expiry (PEXPIRE); answers the count and the window's remaining ms. A negative cost takes back at most what is
 * there and opens no window. ARGV: cost, window in ms, the field (absent for a key's one counter).
 */
const HIT_SCRIPT = `
local key, cost, field = KEYS[1], tonumber(ARGV[1]), ARGV[3]
if cost < 0 then
  local current
  if field then current = redis.call('HGET', key, field) else current = redis.call('GET', key) end
  current = tonumber(current or '0')
  if current <= 0 then return { 0, math.max(redis.call('PTTL', key), 0) } end
  cost = -math.min(-cost, current)
end
local count
if field then count = redis.call('HINCRBY', key, field, cost) else count = redis.call('INCRBY', key, cost) end
local ttl = redis.call('PTTL', key)
if ttl < 0 then
  redis.call('PEXPIRE', key, ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { count, ttl }
`;

/** The count (of the key, or of the field ARGV[1]) and the window's remaining ms, read together. */
const PEEK_SCRIPT = `
local value
if ARGV[1] then value = redis.call('HGET', KEYS[1], ARGV[1]) else value = redis.call('GET', KEYS[1]) end
return { tonumber(value or '0'), math.max(redis.call('PTTL', KEYS[1]), 0) }
`;

/**
 * Counters in Redis, shared by every process that uses the same REDIS_URL and key prefix. ioredis is loaded
 * here, only by a process configured with Redis (it holds about 15 MB of the resident set). A key with fields is
 * a hash, so `reset(key)` forgets all of them in one DEL.
 */
export async function createRedisRateLimitStore(url: string, keyPrefix: string): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { keyPrefix, maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // A Redis that went away is reported per request (503); the client reconnects by itself.
  redis.on('error', () => {});
  const fieldArg = (field: string | undefined) => (field === undefined ? [] : [field]);
  return {
    async hit(key, cost, windowSeconds, field) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, String(cost), String(windowSeconds * 1000), ...fieldArg(field))) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl };
    },
    async peek(key, field) {
      const [count, ttl] = (await redis.eval(PEEK_SCRIPT, 1, key, ...fieldArg(field))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async reset(key, field) {
      if (field === undefined) await redis.del(key);
      else await redis.hdel(key, field);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
    async ping() {
      await redis.ping();
    },
  };
}
