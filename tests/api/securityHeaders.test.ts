import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookieJar.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Every answer — the single-page client's routes, the API, the embedded provider's pages
 * (hijacked: they never pass through Fastify's onSend) — carries the browser protections.
 */
/** The policy's directives by name (oidc-provider rewrites the header with `;` and no spaces when it adds a hash). */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What the sweep reads of an answer: `app.inject`'s, or a page reached through the provider's login flow. */
type Answer = Pick<LightMyRequestResponse, 'statusCode'> & { headers: Record<string, string | string[] | number | undefined> };

function expectProtected(response: Answer, what: string) {
  const headers = response.headers;
  const csp = directives(String(headers['content-security-policy'] ?? ''));
  expect(csp['default-src'], `${what}: default-src`).toEqual(["'self'"]);
  // Scripts: our files only, plus at most the hash oidc-provider adds for its own form; no inline, no eval.
  expect(csp['script-src']?.[0], `${what}: script-src`).toBe("'self'");
  for (const source of csp['script-src']!.slice(1)) expect(source, `${what}: script-src`).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  // SurveyJS writes computed <style> elements: styles may be inline, scripts never (see securityHeaders.ts).
  expect(csp['style-src'], `${what}: style-src`).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp['frame-ancestors'], `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp['object-src'], `${what}: object-src`).toEqual(["'none'"]);
  expect(csp['base-uri'], `${what}: base-uri`).toEqual(["'none'"]);
  expect(csp['form-action'], `${what}: form-action`).toEqual(["'self'"]);
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('same-origin');
  expect(String(headers['permissions-policy']), `${what}: Permissions-Policy`).toContain('camera=()');
}

let t: TestApp;
let token: string;
let idToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const tokens = await t.register();
  token = tokens.token;
  idToken = tokens.id_token!;
});
afterAll(() => t.close());

/** Every kind of answer the portal gives, from one app. */
async function sweep(app: TestApp, headers: Record<string, string> = {}) {
  const get = (url: string, extra: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const post = (url: string, payload: object) => app.app.inject({ method: 'POST', url, payload, headers });
  const jar = new CookieJar();
  const loginPage = await app.browse(jar, { method: 'GET', url: '/api/Jwt/login?screen=login' });
  const answers: Array<[string, Answer]> = [
    // The single-page client's routes (index.html when the client is built; the JSON 404 otherwise) and its files.
    ['GET /', await get('/')],
    ['GET /calls', await get('/calls')],
    ['GET /survey/PUI_candidatura', await get('/survey/PUI_candidatura')],
    ['GET /admin-panel', await get('/admin-panel')],
    ['GET /login-callback?code=x', await get('/login-callback?code=x')],
    ['GET /pagina-inesistente', await get('/pagina-inesistente')],
    ['GET /favicon.svg', await get('/favicon.svg')],
    // The API: public, authenticated, refused, unknown, a redirect.
    ['GET /api/User (no token)', await get('/api/User')],
    ['GET /api/User', await get('/api/User', { authorization: `Bearer ${token}` })],
    ['GET /api/Call/GetCallList', await get('/api/Call/GetCallList', { authorization: `Bearer ${token}` })],
    ['POST /api/Jwt/refresh (bad)', await post('/api/Jwt/refresh', { refresh_token: 'nope' })],
    ['POST /api/Jwt/token-exchange (bad)', await post('/api/Jwt/token-exchange', {})],
    ['GET /api/Jwt/login', await get('/api/Jwt/login')],
    ['GET /api/Jwt/logout', await get(`/api/Jwt/logout?id_token_hint=${idToken}`)],
    ['GET /api/Inesistente', await get('/api/Inesistente')],
    // The provider: its own answers (hijacked) and our interaction pages.
    ['GET /idp/.well-known/openid-configuration', await get('/idp/.well-known/openid-configuration')],
    ['GET /idp/jwks', await get('/idp/jwks')],
    ['GET /idp/auth (bad request page)', await get('/idp/auth?client_id=sconosciuto')],
    ['POST /idp/token (bad)', await app.app.inject({ method: 'POST', url: '/idp/token', headers, payload: 'grant_type=x' })],
    ['GET /idp/session/end', await get('/idp/session/end')],
    ['GET /idp/interaction/… (login page)', loginPage.response],
    ['GET /idp/interaction/unknown', await get('/idp/interaction/sconosciuta')],
    ['GET /idp-assets/idp.css', await get('/idp-assets/idp.css')],
    ['GET /idp-assets/logout.js', await get('/idp-assets/logout.js')],
  ];
  return answers;
}

describe('security headers on every route', () => {
  it('the SPA, the API and the provider pages all carry CSP, frame, referrer, permissions and nosniff headers', async () => {
    const answers = await sweep(t);
    expect(answers.find(([what]) => what === 'GET /idp/interaction/… (login page)')![1].statusCode).toBe(200);
    for (const [what, response] of answers) {
      expectProtected(response, what);
      // Served over plain http (PUBLIC_URL http, no trusted proxy): no HSTS, which browsers ignore there anyway.
      expect(response.headers['strict-transport-security'], what).toBeUndefined();
    }
  });

  it('the provider pages have no inline script or style: their stylesheet and script are files', async () => {
    const jar = new CookieJar();
    const { response } = await t.browse(jar, { method: 'GET', url: '/api/Jwt/login?screen=register' });
    expect(response.body).toContain('<link rel="stylesheet" href="/idp-assets/idp.css">');
    expect(response.body).not.toMatch(/<style|<script(?![^>]*\bsrc=)|\sstyle=|\son[a-z]+=/i);
    const css = await t.get('/idp-assets/idp.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('Titillium Web');
  });

  it('the provider’s logout page submits itself through a script file, not an inline script', async () => {
    // Sign in at the provider in a "browser", then open its end-session page as Esci does.
    const { jar } = await t.submitAtProvider('login', { email: 'admin@portale.test', password: 'amministra-2026' });
    const start = await t.get(`/api/Jwt/logout?id_token_hint=${idToken}`);
    const endSession = new URL(start.headers.location!);
    const page = await t.app.inject({
      method: 'GET',
      url: endSession.pathname + endSession.search,
      headers: { cookie: jar.headerFor('/idp/session/end') },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/idp-assets/logout.js"></script>');
    expect(page.body).not.toMatch(/<script>/);
    expectProtected(page, 'logout page');
    const script = await t.get('/idp-assets/logout.js');
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('document.forms[0].submit()');
  });

  it('the provider’s own auto-submitting form is allowed by the hash of its script, nothing broader', async () => {
    // Without a provider session, the end-session endpoint answers oidc-provider's own form_post page.
    const response = await t.get('/idp/session/end');
    expect(response.statusCode).toBe(200);
    const script = response.body.match(/<script>([\s\S]*?)<\/script>/)?.[1];
    expect(script).toBeDefined();
    const digest = createHash('sha256').update(script!).digest('base64');
    expect(directives(String(response.headers['content-security-policy']))['script-src']).toEqual(["'self'", `'sha256-${digest}'`]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every route behind a trusted proxy that says the request came over https', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      for (const [what, response] of await sweep(proxied, { 'x-forwarded-proto': 'https' })) {
        // The login page is reached through the test's cookie-keeping browser, which sends no proxy headers.
        if (what.includes('login page')) continue;
        expect(response.headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await proxied.close();
    }
  }, 120_000);

  it('is not sent when X-Forwarded-Proto comes from an untrusted client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/User', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on every route when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://portale.test' } });
    try {
      for (const path of ['/', '/api/User', '/idp/.well-known/openid-configuration', '/idp/jwks']) {
        const response = await secure.get(path);
        expect(response.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
        expectProtected(response, path);
      }
    } finally {
      await secure.close();
    }
  }, 120_000);
});
