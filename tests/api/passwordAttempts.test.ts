import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/rateLimits/rateLimiter.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { readOutbox } from '../support/outbox.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Wrong passwords are limited per account and address, right ones never (server/rateLimits/passwordAttempts.ts):
 * strangers cannot lock anyone out, the administrator included. The portal's own limits, except where a test says.
 */

/** The portal's limits without the growing wait, which only the last test measures. */
const NO_WAIT = { ...DEFAULT_RATE_LIMITS, loginFailuresPerAccount: { limit: 1_000_000, windowSeconds: 900 } };
const PAIR_LIMIT = DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndIp.limit;

/** One try at the provider's login page from `ip`, in a browser of its own: 303 signed in, 401 wrong, 429 refused. */
async function attemptFrom(app: TestApp, ip: string, email: string, password: string): Promise<LightMyRequestResponse> {
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

async function statusesFrom(app: TestApp, ip: string, email: string, passwords: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const password of passwords) statuses.push((await attemptFrom(app, ip, email, password)).statusCode);
  return statuses;
}

const wrongPasswords = (count: number, tag: string) => Array.from({ length: count }, (_, n) => `sbagliata-${tag}-${n}`);

function expectSuspended(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, what).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter, `${what}: Retry-After`).toBeGreaterThan(0);
  expect(retryAfter, `${what}: Retry-After`).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndIp.windowSeconds);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body, `${what}: message`).toMatch(
    /role="alert"[^]*Troppi tentativi di accesso con una password errata da questa connessione[^<]*Riprova tra \d+ minut/,
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: NO_WAIT });
});
afterAll(() => t.close());

describe('strangers cannot lock anyone out', () => {
  it('the administrator signs in after strangers from three addresses failed 30 times; each stranger address is refused', async () => {
    const strangers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    for (const ip of strangers) {
      expect(await statusesFrom(t, ip, ADMIN_EMAIL, wrongPasswords(PAIR_LIMIT, ip))).toEqual(Array(PAIR_LIMIT).fill(401));
    }
    // A stranger address past its limit is refused, even with the right password: it learns nothing.
    expectSuspended(await attemptFrom(t, strangers[0]!, ADMIN_EMAIL, ADMIN_PASSWORD), 'a stranger at its limit');
    expectSuspended(await attemptFrom(t, strangers[1]!, ADMIN_EMAIL.toUpperCase(), 'sbagliata-ancora'), 'the same, in capitals');
    // An address that has not failed is heard, and the administrator, from their own, signs in.
    expect((await attemptFrom(t, '203.0.113.4', ADMIN_EMAIL, 'sbagliata-nuova')).statusCode).toBe(401);
    expect((await attemptFrom(t, '198.51.100.10', ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(303);
    const tokens = await t.loginAsAdmin();
    expect(tokens.token).toBeTruthy();
  });

  it('one address trying many accounts is refused past its own limit, for every account', async () => {
    const sprayer = '203.0.113.20';
    const perIp = DEFAULT_RATE_LIMITS.loginFailuresPerIp.limit;
    const statuses: number[] = [];
    for (let n = 0; n < perIp; n++)
      statuses.push((await attemptFrom(t, sprayer, `bersaglio.${n}@esempio.it`, 'password-comune-1')).statusCode);
    expect(statuses).toEqual(Array(perIp).fill(401));
    expectSuspended(await attemptFrom(t, sprayer, ADMIN_EMAIL, ADMIN_PASSWORD), 'the sprayer, on another account');
    expect((await attemptFrom(t, '203.0.113.21', ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(303);
  });
});

describe('right passwords never count', () => {
  it('15 successful sign-ins in a row are never refused', async () => {
    const email = `assidua.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-sicura-15' });
    for (let n = 0; n < 15; n++) {
      const tokens = await t.login(email, 'password-sicura-15');
      expect(tokens.token, `sign-in ${n + 1}`).toBeTruthy();
    }
  });

  it('a right password forgets the wrong ones tried before it from that address', async () => {
    const email = `distratta.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-sicura-16' });
    const ip = '198.51.100.30';
    const almost = wrongPasswords(PAIR_LIMIT - 1, 'a');
    expect(await statusesFrom(t, ip, email, [...almost, 'password-sicura-16'])).toEqual([...Array(PAIR_LIMIT - 1).fill(401), 303]);
    expect(await statusesFrom(t, ip, email, [...wrongPasswords(PAIR_LIMIT - 1, 'b'), 'password-sicura-16'])).toEqual([
      ...Array(PAIR_LIMIT - 1).fill(401),
      303,
    ]);
  });
});

describe('a completed password reset', () => {
  it('clears the account’s counters: the address that was refused signs in with the new password', async () => {
    const email = `dimentica.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-vecchia-1' });
    const ip = '198.51.100.40';
    const form = (fields: Record<string, string>) => ({
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(await statusesFrom(t, ip, email, wrongPasswords(PAIR_LIMIT, 'r'))).toEqual(Array(PAIR_LIMIT).fill(401));
    expectSuspended(await attemptFrom(t, ip, email, 'password-vecchia-1'), 'before the reset');

    expect((await t.app.inject({ method: 'POST', url: '/idp/password/forgot', ...form({ email }) })).statusCode).toBe(200);
    await t.passwordResets.settled();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find((m) => m.to === email && m.text.includes('/idp/password/reset?token='));
    const token = mail!.text.match(/\/idp\/password\/reset\?token=([A-Za-z0-9_-]+)/)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/idp/password/reset',
      ...form({ token, password: 'password-nuova-22', passwordConfirm: 'password-nuova-22' }),
    });
    expect(reset.statusCode).toBe(200);

    expect((await attemptFrom(t, ip, email, 'password-nuova-22')).statusCode).toBe(303);
  });
});

describe('the growing wait', () => {
  it('slows every attempt on an account others failed on, and still lets the right password in', async () => {
    const slow = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginFailuresPerAccount: { limit: 2, windowSeconds: 900 } } });
    try {
      const email = `rallentata.${Date.now()}@esempio.it`;
      await slow.register({ email, password: 'password-sicura-17' });
      // Failures 1 and 2 answer at once; the third attempt (2 failures so far) waits 1 s.
      for (const ip of ['203.0.113.50', '203.0.113.51', '203.0.113.52']) {
        expect((await attemptFrom(slow, ip, email, `sbagliata-${ip}`)).statusCode).toBe(401);
      }
      // 3 failures: 2 s, and then the owner's right password is accepted.
      const started = performance.now();
      const own = await attemptFrom(slow, '198.51.100.50', email, 'password-sicura-17');
      const waited = performance.now() - started;
      expect(own.statusCode).toBe(303);
      expect(waited).toBeGreaterThanOrEqual(1900);
    } finally {
      await slow.close();
    }
  }, 60_000);
});
