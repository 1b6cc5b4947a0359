import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from '../../server/auth/oidcClient.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * The portal as production runs it: behind a TLS-terminating proxy, PUBLIC_URL on https. Everything the embedded
 * provider advertises or redirects to is on the public https origin whatever the request's Host or forwarded headers
 * say, and the portal's own calls to the provider (client secret, codes with their verifiers, refresh tokens,
 * revocations) stay in the process. tests/e2e/https-proxy.test.ts runs a browser through a real TLS proxy.
 */
const PUBLIC = 'https://portale.test';

/** Every URL-valued field of the discovery document. */
function advertisedUrls(document: Record<string, unknown>): string[] {
  return Object.entries(document)
    .filter(([, value]) => typeof value === 'string' && /^[a-z]+:\/\//i.test(value))
    .map(([, value]) => value as string);
}

describe.each([
  { trustProxy: 'true', label: 'with TRUST_PROXY' },
  { trustProxy: 'false', label: 'without TRUST_PROXY' },
])('PUBLIC_URL on https, $label', ({ trustProxy }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: PUBLIC, TRUST_PROXY: trustProxy } });
  });
  afterAll(() => t.close());

  it('advertises every endpoint on the public https origin, whatever Host and forwarded headers the request carries', async () => {
    for (const headers of [
      {},
      { host: 'evil.invalid' },
      { host: 'evil.invalid', 'x-forwarded-host': 'other.invalid', 'x-forwarded-proto': 'http' },
      { 'x-forwarded-proto': 'http' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration', headers });
      expect(response.statusCode).toBe(200);
      const document = response.json<Record<string, unknown>>();
      expect(document.issuer).toBe(`${PUBLIC}/idp`);
      const urls = advertisedUrls(document);
      expect(urls.length).toBeGreaterThanOrEqual(5);
      for (const url of urls) expect(url, JSON.stringify(headers)).toMatch(/^https:\/\/portale\.test\/idp(\/|$)/);
    }
  });

  it('sends the browser to https for signing in and out', async () => {
    const login = await t.get('/api/Jwt/login', undefined, { host: 'evil.invalid', 'x-forwarded-proto': 'http' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toMatch(/^https:\/\/portale\.test\/idp\/auth\?/);
    expect(String(login.headers['set-cookie'])).toMatch(/; Secure/);
    const logout = await t.get('/api/Jwt/logout', undefined, { host: 'evil.invalid' });
    expect(logout.headers.location).toMatch(/^https:\/\/portale\.test\/idp\/session\/end\?/);
  });

  it('signs in, renews, revokes and signs out with every call to the provider in process', async () => {
    const person = await t.register();
    expect(person.token).toEqual(expect.any(String));
    const user = await t.get('/api/User', person.token);
    expect(user.statusCode).toBe(200);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', payload: { refresh_token: person.refresh_token } });
    expect(renewed.statusCode).toBe(200);
    const { refresh_token } = renewed.json<{ refresh_token: string }>();
    const revoked = await t.app.inject({ method: 'POST', url: '/api/Jwt/revoke', payload: { refresh_token } });
    expect(revoked.statusCode).toBe(204);
    const afterRevoke = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', payload: { refresh_token } });
    expect(afterRevoke.statusCode).toBe(401);
    const admin = await t.loginAsAdmin();
    expect((await t.get('/api/User/IsUserAdmin', admin.token)).json()).toBe(true);
  });
});

describe('the in-process fetch to the embedded provider', () => {
  it('refuses, instead of fetching over the network, any URL outside the public origin', async () => {
    const app = Fastify();
    app.get('/idp/x', async () => ({ ok: true }));
    const fetchInProcess = inProcessFetch(app, PUBLIC);
    const inside = await fetchInProcess(`${PUBLIC}/idp/x`, { method: 'GET', headers: {} } as never);
    expect(inside.status).toBe(200);
    // The public host over plain http is where the old fallback sent the client secret and the codes.
    for (const url of ['http://portale.test/idp/token', 'https://portale.test:8443/idp/token', 'https://evil.invalid/idp/token']) {
      await expect(fetchInProcess(url, { method: 'POST', headers: {}, body: 'client_secret=s' } as never)).rejects.toThrow(
        /in process only/,
      );
    }
    await app.close();
  });
});
