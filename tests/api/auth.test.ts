import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, exportSPKI, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, type TestApp } from '../support/testApp.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { embeddedSigningKey } from '../support/idpSigningKey.ts';

let t: TestApp;
let realToken: string;

beforeAll(async () => {
  t = await createTestApp();
  realToken = (await t.register()).token;
});
afterAll(() => t.close());

async function expectUnauthorized(token: string | undefined, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/User',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  expect(response.statusCode).toBe(401);
  const body = response.json();
  expect(body.error).toBe('unauthorized');
  expect(body.message).toMatch(/accesso|sessione/i);
  return body;
}

describe('every /api call verifies the bearer access token', () => {
  it('accepts the token the provider issued', async () => {
    const response = await t.get('/api/User', realToken);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a call without a token', async () => {
    await expectUnauthorized(undefined);
  });

  it('refuses a malformed Authorization header', async () => {
    await expectUnauthorized(undefined, { authorization: 'Basic Zm9vOmJhcg==' });
  });

  it('refuses a token signed with another key (forged signature)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(realToken))
      .setProtectedHeader({ ...decodeProtectedHeader(realToken), alg: 'RS256' })
      .sign(privateKey);
    await expectUnauthorized(forged);
  });

  it('refuses a token with alg "none"', async () => {
    const unsigned = new UnsecuredJWT(decodeJwt(realToken)).encode();
    await expectUnauthorized(unsigned);
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const jwks = (await t.get('/idp/jwks')).json() as { keys: JsonWebKey[] };
    const publicKey = await crypto.subtle.importKey('jwk', jwks.keys[0]!, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, ['verify']);
    const pem = await exportSPKI(publicKey);
    const confused = await new SignJWT(decodeJwt(realToken))
      .setProtectedHeader({ alg: 'HS256', kid: decodeProtectedHeader(realToken).kid })
      .sign(new TextEncoder().encode(pem));
    await expectUnauthorized(confused);
  });

  it('refuses an expired token, saying the session expired', async () => {
    const key = await embeddedSigningKey(t.db);
    const claims = decodeJwt(realToken);
    const expired = await new SignJWT({ ...claims, iat: claims.iat! - 7200, exp: Math.floor(Date.now() / 1000) - 600 })
      .setProtectedHeader(decodeProtectedHeader(realToken) as { alg: string })
      .sign(key);
    const body = await expectUnauthorized(expired);
    expect(body.message).toMatch(/sessione è scaduta/);
  });

  it('refuses a genuine signature with the wrong audience or issuer', async () => {
    const key = await embeddedSigningKey(t.db);
    const header = decodeProtectedHeader(realToken) as { alg: string };
    const claims = decodeJwt(realToken);
    // The control: the same key and claims are accepted, so only aud/iss make the difference below.
    const genuine = await new SignJWT(claims).setProtectedHeader(header).sign(key);
    expect((await t.get('/api/User', genuine)).statusCode).toBe(200);
    await expectUnauthorized(await new SignJWT({ ...claims, aud: 'urn:altra:api' }).setProtectedHeader(header).sign(key));
    await expectUnauthorized(await new SignJWT({ ...claims, iss: 'https://altro.example/idp' }).setProtectedHeader(header).sign(key));
  });
});

describe('POST /api/Jwt/token-exchange', () => {
  it('answers a bogus code with a 400 and an Italian message, never a 500', async () => {
    const jar = new CookieJar();
    const start = await t.app.inject({ method: 'GET', url: '/api/Jwt/login?screen=login' });
    jar.store(start.headers['set-cookie']);
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { cookie: jar.headerFor('/api/Jwt/token-exchange') },
      payload: { code: 'codice-inventato', state, redirectUri: `${PUBLIC_URL}/login-callback` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant', message: expect.stringMatching(/Accedi/) });
  });

  it('refuses a code from a browser that did not start the login (no PKCE/state cookie)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      payload: { code: 'x', state: 'y', redirectUri: `${PUBLIC_URL}/login-callback` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('login_expired');
  });

  it('refuses a real code presented with a different state', async () => {
    const email = `marco.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-sicura-2' });
    const { jar, url } = await t.submitAtProvider('login', { email, password: 'password-sicura-2' });
    expect(url).toMatch(/^\/login-callback\?code=/);
    const callback = new URL(url, PUBLIC_URL);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { cookie: jar.headerFor('/api/Jwt/token-exchange') },
      payload: { code: callback.searchParams.get('code'), state: 'stato-falso', redirectUri: `${PUBLIC_URL}/login-callback` },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an invalid body with a 400, not a 500', async () => {
    for (const payload of [{}, { code: 42 }, 'non json']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/Jwt/token-exchange',
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('issues a JWT access token for the API and a refresh token', async () => {
    const tokens = await t.register();
    expect(decodeProtectedHeader(tokens.token).alg).toBe('RS256');
    expect(decodeJwt(tokens.token)).toMatchObject({ iss: `${PUBLIC_URL}/idp`, aud: 'urn:portale-fondi:api', email: tokens.email });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.id_token).toEqual(expect.any(String));
  });
});

describe('POST /api/Jwt/refresh', () => {
  it('gives a new working access token and rotates the refresh token; a replay at once gets the same tokens', async () => {
    const tokens = await t.register();
    const first = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', payload: { refresh_token: tokens.refresh_token } });
    expect(first.statusCode).toBe(200);
    const renewed = first.json();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await t.get('/api/User', renewed.token)).json().email).toBe(tokens.email);

    // Within REFRESH_TOKEN_REUSE_SECONDS; after it the replay ends the session (tests/api/refreshReuse.test.ts).
    const replay = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', payload: { refresh_token: tokens.refresh_token } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(renewed);
  });

  it('refuses an invented refresh token with 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', payload: { refresh_token: 'inventato' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/Jwt/logout', () => {
  it('sends the browser to the provider to end its session, then back to the portal', async () => {
    const tokens = await t.register();
    const response = await t.get(`/api/Jwt/logout?id_token_hint=${tokens.id_token}`);
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.href.startsWith(`${PUBLIC_URL}/idp/session/end`)).toBe(true);
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/logout-callback`);
  });
});
