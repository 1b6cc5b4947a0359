import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedSigningKey } from '../support/idpSigningKey.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from '../support/testApp.ts';

/** Esci ends the session — no refresh afterwards — and access tokens keep to the issuer's policy. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => t.post('/api/Jwt/refresh', { refresh_token: refreshToken });

describe('Esci ends the session at the provider', () => {
  it('POST /api/Jwt/revoke ends the grant: its current refresh token answers 401 afterwards', async () => {
    const tokens = await t.register();
    // A refresh before logout works and rotates the token: both the old grant's tokens must die.
    const rotated = await refresh(tokens.refresh_token!);
    expect(rotated.statusCode).toBe(200);
    const current = rotated.json().refresh_token as string;

    const revoked = await t.post('/api/Jwt/revoke', { refresh_token: current });
    expect(revoked.statusCode).toBe(204);

    const after = await refresh(current);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/accedi di nuovo/);
    // Revoking again (a second tab, a retry) is no error.
    expect((await t.post('/api/Jwt/revoke', { refresh_token: current })).statusCode).toBe(204);
  });

  it('ending the session on the provider’s logout page also revokes its refresh tokens', async () => {
    // A person logged in through a browser (cookie jar) keeps a provider session.
    const email = `esci.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-sicura-9' });
    const { jar, url } = await t.submitAtProvider('login', { email, password: 'password-sicura-9' });
    const tokens = await t.exchange(jar, url);
    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(200);
    const fresh = await t.submitAtProvider('login', { email, password: 'password-sicura-9' });
    const live = await t.exchange(fresh.jar, fresh.url);

    // Esci as the browser does it: /api/Jwt/logout → the provider's page → its form, submitted.
    const start = await t.get(`/api/Jwt/logout?id_token_hint=${live.id_token}`);
    const endSession = new URL(String(start.headers.location));
    const page = await t.browse(fresh.jar, { method: 'GET', url: endSession.pathname + endSession.search });
    const action = page.response.body.match(/<form id="op.logoutForm" method="post" action="([^"]+)"/)?.[1];
    const xsrf = page.response.body.match(/name="xsrf" value="([^"]+)"/)?.[1];
    expect(action && xsrf).toBeTruthy();
    const done = await t.browse(fresh.jar, {
      method: 'POST',
      url: new URL(action!, PUBLIC_URL).pathname,
      form: { xsrf: xsrf!, logout: 'yes' },
    });
    expect(done.url).toMatch(/^\/logout-callback/);

    expect((await refresh(live.refresh_token!)).statusCode).toBe(401);
  });

  it('refuses a revocation without a token with 400 and an Italian message', async () => {
    const response = await t.post('/api/Jwt/revoke', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/campo/i);
  });
});

describe('access tokens keep to the issuer’s policy', () => {
  let realToken: string;
  let sign: (claims: Record<string, unknown>) => Promise<string>;
  beforeAll(async () => {
    realToken = (await t.register()).token;
    const key = await embeddedSigningKey(t.db);
    const header = decodeProtectedHeader(realToken) as { alg: string };
    sign = (claims) => new SignJWT({ ...decodeJwt(realToken), ...claims }).setProtectedHeader(header).sign(key);
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('lives 15 minutes', () => {
    const claims = decodeJwt(realToken);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it('accepts the provider’s own shape (the control)', async () => {
    expect((await t.get('/api/User', await sign({ iat: now(), exp: now() + 15 * 60 }))).statusCode).toBe(200);
  });

  it('refuses a token issued in the future', async () => {
    const response = await t.get('/api/User', await sign({ iat: now() + 3600, exp: now() + 3600 + 15 * 60 }));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token valid for longer than the issuer ever gives (an absurd exp)', async () => {
    const response = await t.get('/api/User', await sign({ iat: now(), exp: now() + 10 * 365 * 24 * 3600 }));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token older than the issuer’s lifetime, even with a later exp', async () => {
    const response = await t.get('/api/User', await sign({ iat: now() - 3600, exp: now() + 600 }));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token without iat', async () => {
    const response = await t.get('/api/User', await sign({ iat: undefined, exp: now() + 600 }));
    expect(response.statusCode).toBe(401);
  });
});
