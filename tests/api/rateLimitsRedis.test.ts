import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookieJar.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/testApp.ts';

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

describe.skipIf(!redisUrl)('wrong passwords counted through Redis', () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: `pf-test-${randomUUID()}:` };
  const rateLimits = {
    loginFailuresPerAccountAndIp: { limit: 3, windowSeconds: 900 },
    loginFailuresPerIp: { limit: 30, windowSeconds: 600 },
    loginFailuresPerAccount: { limit: 1_000_000, windowSeconds: 900 },
  };
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

  /** One try at `app`'s login page from `ip`: 303 signed in, 401 wrong, 429 refused. */
  async function attemptFrom(app: TestApp, ip: string, email: string, password: string) {
    const jar = new CookieJar();
    const { response } = await app.browse(jar, { method: 'GET', url: '/api/Jwt/login?screen=login' });
    const action = response.body.match(/<form method="post" action="([^"]+)"/)![1]!;
    return app.app.inject({
      method: 'POST',
      url: action,
      remoteAddress: ip,
      headers: { cookie: jar.headerFor(action), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password }).toString(),
    });
  }

  it('refuses a stranger address on both instances past its limit for the account, and never the administrator', async () => {
    const stranger = '203.0.113.77';
    expect((await attemptFrom(first, stranger, ADMIN_EMAIL, 'sbagliata-1')).statusCode).toBe(401);
    expect((await attemptFrom(second, stranger, ADMIN_EMAIL, 'sbagliata-2')).statusCode).toBe(401);
    expect((await attemptFrom(first, stranger, ADMIN_EMAIL, 'sbagliata-3')).statusCode).toBe(401);
    const refused = await attemptFrom(second, stranger, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Troppi tentativi di accesso con una password errata[^<]*Riprova tra \d+ minut/);
    expect((await attemptFrom(first, stranger, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(429);
    // The administrator's own address has not failed: signed in on either instance.
    expect((await attemptFrom(first, '198.51.100.77', ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(303);
    expect((await second.loginAsAdmin()).token).toBeTruthy();
  });

  it('a right password forgets that address’s wrong ones on the other instance too', async () => {
    const ip = '198.51.100.78';
    for (const round of [1, 2]) {
      expect((await attemptFrom(first, ip, ADMIN_EMAIL, `sbagliata-${round}-a`)).statusCode).toBe(401);
      expect((await attemptFrom(second, ip, ADMIN_EMAIL, `sbagliata-${round}-b`)).statusCode).toBe(401);
      expect((await attemptFrom(first, ip, ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(303);
    }
  });
});
