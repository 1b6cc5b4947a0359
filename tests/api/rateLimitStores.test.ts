import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../server/rateLimits/memoryStore.ts';
import { createRedisRateLimitStore } from '../../server/rateLimits/redisStore.ts';
import type { RateLimitStore } from '../../server/rateLimits/rateLimitStore.ts';

/**
 * The two rate-limit stores answer alike (server/rateLimits/rateLimitStore.ts): counters and their fields, peeks,
 * counts taken back, resets. Redis with REDIS_URL only (`npm run test:pg`; CI sets it).
 */
const redisUrl = process.env.REDIS_URL;
const stores: [string, () => Promise<RateLimitStore>][] = [['memory', async () => createMemoryRateLimitStore()]];
if (redisUrl) stores.push(['Redis', () => createRedisRateLimitStore(redisUrl, `pf-test-${randomUUID()}:`)]);

describe.each(stores)('the %s store', (_name, open) => {
  let store: RateLimitStore;
  const opened: RateLimitStore[] = [];
  afterAll(async () => {
    for (const each of opened) await each.close();
  });
  const fresh = async () => {
    store = await open();
    opened.push(store);
    return store;
  };

  it('counts a key and reads it back without counting; a count taken back never goes below zero nor opens a window', async () => {
    await fresh();
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('nuovo', -1, 60)).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.peek('nuovo')).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.hit('k', 2, 60)).count).toBe(2);
    expect((await store.hit('k', 1, 60)).count).toBe(3);
    const seen = await store.peek('k');
    expect(seen.count).toBe(3);
    expect(seen.resetInMs).toBeGreaterThan(58_000);
    expect(seen.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.hit('k', -5, 60)).count).toBe(0);
    expect((await store.hit('k', 1, 60)).count).toBe(1);
  });

  it('keeps a key’s fields apart, in one window, and forgets one field or all of them', async () => {
    await fresh();
    await store.hit('conto', 1, 60, '203.0.113.1');
    await store.hit('conto', 1, 60, '203.0.113.1');
    await store.hit('conto', 1, 60, '203.0.113.2');
    expect((await store.peek('conto', '203.0.113.1')).count).toBe(2);
    expect((await store.peek('conto', '203.0.113.2')).count).toBe(1);
    expect((await store.peek('conto', '203.0.113.3')).count).toBe(0);
    await store.reset('conto', '203.0.113.1');
    expect((await store.peek('conto', '203.0.113.1')).count).toBe(0);
    expect((await store.peek('conto', '203.0.113.2')).count).toBe(1);
    await store.reset('conto');
    expect((await store.peek('conto', '203.0.113.2')).count).toBe(0);
  });
});
