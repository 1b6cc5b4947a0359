import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Rate limits with several processes: with REDIS_URL the limits' counters are in Redis, so two
 * instances of the portal share them. Runs in `npm run test:pg` (CI sets REDIS_URL); skipped without it.
 */
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('rateLimitsRedis.test.ts skipped: set REDIS_URL (e.g. redis://127.0.0.1:6379) to run it');

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `pf-test-${randomUUID()}:` };
  const rateLimits = { tokensPerIp: { limit: 3, windowSeconds: 60 } };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ env, rateLimits });
    second = await createTestApp({ env, rateLimits });
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts the same address on both instances: the 4th refresh, on either, is 429', async () => {
    const refresh = (app: TestApp) => app.post('/api/Jwt/refresh', { refresh_token: 'inventato' });
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await refresh(first)).statusCode).toBe(401);
    const blocked = await refresh(second);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.json().message).toMatch(/^Troppe richieste/);
  });
});
