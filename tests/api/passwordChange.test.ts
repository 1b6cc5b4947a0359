import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { passwordResets } from '../../server/db/schema/passwordResets.ts';
import { freePort } from '../support/portalProcess.ts';
import { createTestApp, limitsOff, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';
import { providerLogin } from '../support/providerLogin.ts';

/** Changing the password from the account page, POST /api/User/ChangePassword. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let people = 0;
const newAddress = () => `marco.verdi.${++people}.${Date.now()}@esempio.it`;
const refresh = (refreshToken: string) => t.post('/api/Jwt/refresh', { refresh_token: refreshToken });
const change = (token: string, body: Record<string, unknown>) => t.post('/api/User/ChangePassword', body, token);

async function canLogIn(email: string, password: string): Promise<boolean> {
  const { url, response } = await t.submitAtProvider('login', { email, password });
  if (url.startsWith('/login-callback')) return true;
  expect(response.statusCode).toBe(401);
  return false;
}

/** A person signed in twice: here (the account page) and on another device. */
async function personWithTwoSessions() {
  const email = newAddress();
  const password = 'password-vecchia-1';
  const here = await t.register({ email, password });
  const elsewhere = await t.login(email, password);
  return { email, password, here, elsewhere };
}

describe('GET /api/User/GetIdentityProvider', () => {
  it('says the embedded provider keeps the password', async () => {
    const { here } = await personWithTwoSessions();
    const response = await t.get('/api/User/GetIdentityProvider', here.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'embedded' });
  });

  it('asks who is calling', async () => {
    expect((await t.get('/api/User/GetIdentityProvider')).statusCode).toBe(401);
    expect((await t.post('/api/User/ChangePassword', { currentPassword: 'x', newPassword: 'password-nuova-22' })).statusCode).toBe(401);
  });
});

describe('POST /api/User/ChangePassword', () => {
  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const { email, password, here, elsewhere } = await personWithTwoSessions();
    const response = await change(here.token, { currentPassword: 'non-e-questa-1', newPassword: 'password-nuova-22' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_error',
      field: 'currentPassword',
      message: 'Password attuale non corretta',
    });
    expect(await canLogIn(email, password)).toBe(true);
    expect((await refresh(elsewhere.refresh_token!)).statusCode).toBe(200);
  });

  it('keeps the registration’s rules for the new password, and wants it different', async () => {
    const { password, here } = await personWithTwoSessions();
    const short = await change(here.token, { currentPassword: password, newPassword: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'newPassword', message: 'Nuova password: La password deve contenere almeno 10 caratteri' });
    const missing = await change(here.token, { newPassword: 'password-nuova-22' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'currentPassword', message: 'Password attuale obbligatoria' });
    const same = await change(here.token, { currentPassword: password, newPassword: password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'newPassword', message: 'Nuova password uguale a quella attuale: scegline una diversa' });
  });

  it('changes it: the old password is refused, other sessions end, this one stays signed in', async () => {
    const { email, password, here, elsewhere } = await personWithTwoSessions();
    const response = await change(here.token, {
      currentPassword: password,
      newPassword: 'password-nuova-22',
      refreshToken: here.refresh_token,
    });
    expect(response.statusCode).toBe(204);

    expect(await canLogIn(email, password)).toBe(false);
    expect(await canLogIn(email, 'password-nuova-22')).toBe(true);
    expect((await refresh(elsewhere.refresh_token!)).statusCode).toBe(401);
    // This session renews as before, and again with the token it was given.
    const renewed = await refresh(here.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    expect((await t.get('/api/User', renewed.json().token as string)).json().email).toBe(email);
  });

  it('a refresh token of someone else keeps nothing: every session of the person ends', async () => {
    const { password, here, elsewhere } = await personWithTwoSessions();
    const stranger = await t.register({ email: newAddress(), password: 'password-altrui-1' });
    const response = await change(here.token, {
      currentPassword: password,
      newPassword: 'password-nuova-22',
      refreshToken: stranger.refresh_token,
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(here.refresh_token!)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token!)).statusCode).toBe(401);
    // The stranger's session is theirs, untouched.
    expect((await refresh(stranger.refresh_token!)).statusCode).toBe(200);
  });

  it('a reset link still in the mailbox stops working', async () => {
    const { email, password, here } = await personWithTwoSessions();
    await t.app.inject({
      method: 'POST',
      url: '/idp/password/forgot',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email }).toString(),
    });
    await t.passwordResets.settled();
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.accountId, account!.id))).toHaveLength(1);

    expect((await change(here.token, { currentPassword: password, newPassword: 'password-nuova-22' })).statusCode).toBe(204);
    expect(await t.db.select().from(passwordResets).where(eq(passwordResets.accountId, account!.id))).toEqual([]);
  });

  it('counts each wrong current password like a wrong login, on the same counters: 429 with the Italian message past the limit', async () => {
    const limited = await createTestApp({ rateLimits: { loginFailuresPerAccountAndIp: { limit: 3, windowSeconds: 900 } } });
    try {
      const email = newAddress();
      const tokens = await limited.register({ email, password: 'password-vecchia-1' });
      // One wrong password at the login page, from the same address, and two here.
      const login = await limited.submitAtProvider('login', { email, password: 'sbagliata-al-login' });
      expect(login.response.statusCode).toBe(401);
      for (let attempt = 0; attempt < 2; attempt++) {
        const wrong = await limited.post(
          '/api/User/ChangePassword',
          { currentPassword: `tentativo-${attempt}`, newPassword: 'password-nuova-22' },
          tokens.token,
        );
        expect(wrong.statusCode).toBe(400);
      }
      const refused = await limited.post(
        '/api/User/ChangePassword',
        { currentPassword: 'password-vecchia-1', newPassword: 'password-nuova-22' },
        tokens.token,
      );
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        error: 'too_many_requests',
        message: expect.stringMatching(/^Troppi tentativi con una password attuale errata da questa connessione[^]*Riprova tra \d+ minut/),
      });
    } finally {
      await limited.close();
    }
  });
});

describe('with an external provider', () => {
  it('names the provider that keeps the password, and changes nothing here', async () => {
    // Another portal's embedded provider, listening, stands for the external one.
    const port = await freePort();
    const external = await buildApp({
      config: loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: t.config.dataDir,
        LOG_LEVEL: 'silent',
      }),
      database: await openTestDatabase(),
      rateLimits: limitsOff(),
      startReminderJob: false,
    });
    await external.app.listen({ port, host: '127.0.0.1' });
    const issuer = `http://127.0.0.1:${port}/idp`;
    const portal = await createTestApp({
      env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'portale-fondi', OIDC_AUDIENCE: 'urn:portale-fondi:api' },
    });
    try {
      const send = async (request: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }) => {
        const response = await external.app.inject(request);
        return { statusCode: response.statusCode, headers: response.headers, body: response.body };
      };
      const tokens = await providerLogin(send, `http://127.0.0.1:${port}`).register({
        email: newAddress(),
        password: 'password-esterna-1',
      });

      const provider = await portal.get('/api/User/GetIdentityProvider', tokens.token);
      expect(provider.statusCode).toBe(200);
      expect(provider.json()).toEqual({ kind: 'external', issuer });

      const refused = await portal.post(
        '/api/User/ChangePassword',
        { currentPassword: 'password-esterna-1', newPassword: 'password-nuova-22' },
        tokens.token,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'password_managed_elsewhere',
        message: 'La password di questo account si cambia presso il servizio di autenticazione con cui accedi.',
      });
    } finally {
      await portal.close();
      await external.app.close();
    }
  });
});
