import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CookieJar } from '../support/cookieJar.ts';
import { personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { MAX_PARALLEL_HASHES, runningHashes } from '../../server/idp/passwords.ts';

/** 429 with Retry-After and an Italian message once a limit is reached. */

const LIMITS = {
  loginFailuresPerIp: { limit: 6, windowSeconds: 600 },
  loginFailuresPerAccountAndIp: { limit: 3, windowSeconds: 900 },
  registrationPerIp: { limit: 3, windowSeconds: 3600 },
  tokensPerIp: { limit: 4, windowSeconds: 600 },
  emailsPerAccount: { limit: 5, windowSeconds: 3600 },
  uploadsPerAccount: { limit: 2, windowSeconds: 600 },
};

function expectTooMany(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, what).toBe(429);
  expect(Number(response.headers['retry-after']), `${what}: Retry-After`).toBeGreaterThan(0);
  expect(response.body, `${what}: message`).toMatch(
    /(Troppe richieste in poco tempo|Troppi tentativi di accesso)[^<"]*Riprova tra \d+ minut/,
  );
}

/** Opens the provider's login or registration page and returns its form's action, for one "browser". */
async function providerForm(t: TestApp, screen: 'login' | 'register', headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  const { response } = await t.browse(jar, { method: 'GET', url: `/api/Jwt/login?screen=${screen}` });
  const action = response.body.match(/<form method="post" action="([^"]+)"/)![1]!;
  const submit = (form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: action,
      headers: { cookie: jar.headerFor(action), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  return submit;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: LIMITS });
});
afterAll(() => t.close());

describe('the provider’s login and registration', () => {
  it('stops password guessing on one account from one address after 3 wrong passwords, even the right one, and says so', async () => {
    const submit = await providerForm(t, 'login');
    const email = 'bersaglio@esempio.it';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await submit({ email, password: `sbagliata-${attempt}` })).statusCode).toBe(401);
    }
    const blocked = await submit({ email: email.toUpperCase(), password: 'qualsiasi-password' });
    expectTooMany(blocked, 'login per account');
    expect(blocked.headers['content-type']).toMatch(/^text\/html/);
    expect(blocked.body).toContain('role="alert"');
  });

  it('counts one address across accounts, whatever X-Forwarded-For says without TRUST_PROXY', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      // A fresh browser and a fresh "client address" each time: only the socket's address counts.
      const submit = await providerForm(t, 'login', { 'x-forwarded-for': `203.0.113.${attempt}` });
      answers.push((await submit({ email: `altro.${attempt}@esempio.it`, password: 'sbagliata' })).statusCode);
    }
    // 4 wrong attempts above (the refused one counts too) and 2 here reach the limit of 6 for 127.0.0.1.
    expect(answers).toEqual([401, 401, 429, 429]);
  });

  it('limits registrations per address', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) {
      const submit = await providerForm(t, 'register');
      const response = await submit({
        firstName: 'Reg',
        lastName: 'Istrato',
        email: `reg.${n}.${Date.now()}@esempio.it`,
        password: 'password-sicura-1',
        terms: 'accepted',
      });
      statuses.push(response.statusCode);
      if (n === 3) expectTooMany(response, 'registration per IP');
    }
    // A registration answers the «Controlla la tua casella di posta» page (200), signing nobody in.
    expect(statuses.slice(0, 3).every((status) => status === 200)).toBe(true);
  });
});

describe('the API', () => {
  it('limits token exchanges and refreshes per address, in JSON with Retry-After', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 4; n++) statuses.push((await t.post('/api/Jwt/refresh', { refresh_token: `inventato-${n}` })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const blocked = await t.post('/api/Jwt/token-exchange', { code: 'x', redirectUri: 'http://portale.test/login-callback' });
    expectTooMany(blocked, 'token exchange');
    expect(blocked.json().error).toBe('too_many_requests');
  });
});

describe('e-mail and uploads (per account)', () => {
  it('counts every invited address: 200 invitations cannot hide in 10 requests', async () => {
    const app = await createTestApp({ rateLimits: { emailsPerAccount: { limit: 5, windowSeconds: 3600 } } });
    try {
      const inviter = await personWithOrganization(app);
      const invite = (emails: string[]) =>
        app.post(
          '/api/SendEmail/SendEmail',
          { emails, userId: inviter.userId, subject: 'Invito', message: 'Ciao' },
          inviter.token,
          selected(inviter.orgId),
        );
      expect((await invite(['a@esempio.it', 'b@esempio.it', 'c@esempio.it'])).statusCode).toBe(200);
      const blocked = await invite(['d@esempio.it', 'e@esempio.it', 'f@esempio.it']);
      expectTooMany(blocked, 'invitations per account');
    } finally {
      await app.close();
    }
  }, 120_000);

  it('limits uploads per account before reading the file', async () => {
    const app = await createTestApp({ rateLimits: { uploadsPerAccount: { limit: 2, windowSeconds: 600 } } });
    try {
      const person = await app.register();
      const upload = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/FileUpload/UploadFile',
          headers: { authorization: `Bearer ${person.token}`, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x--\r\n',
        });
      for (let n = 0; n < 2; n++) expect((await upload()).statusCode).not.toBe(429);
      expectTooMany(await upload(), 'uploads per account');
      // Another person is not affected.
      const other = await app.register();
      const theirs = await app.app.inject({
        method: 'POST',
        url: '/api/FileUpload/UploadFile',
        headers: { authorization: `Bearer ${other.token}`, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      expect(theirs.statusCode).not.toBe(429);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('X-Forwarded-For with TRUST_PROXY', () => {
  it('is the client’s address behind a trusted proxy: each address has its own allowance', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, rateLimits: { tokensPerIp: { limit: 1, windowSeconds: 600 } } });
    try {
      const from = (ip: string) => proxied.post('/api/Jwt/refresh', { refresh_token: 'inventato' }, undefined, { 'x-forwarded-for': ip });
      expect((await from('198.51.100.1')).statusCode).toBe(401);
      expect((await from('198.51.100.2')).statusCode).toBe(401);
      expectTooMany(await from('198.51.100.1'), 'same forwarded address');
    } finally {
      await proxied.close();
    }
  }, 120_000);
});

describe('the password hash', () => {
  it(`never runs more than ${MAX_PARALLEL_HASHES} at once, however many logins arrive together`, async () => {
    const app = await createTestApp();
    try {
      const email = `parallelo.${Date.now()}@esempio.it`;
      await app.register({ email, password: 'password-sicura-7' });
      const forms = await Promise.all(Array.from({ length: 8 }, () => providerForm(app, 'login')));
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, runningHashes())), 1);
      const answers = await Promise.all(forms.map((submit) => submit({ email, password: 'password-sicura-7' })));
      clearInterval(sampler);
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(303));
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(MAX_PARALLEL_HASHES);
    } finally {
      await app.close();
    }
  }, 120_000);
});
