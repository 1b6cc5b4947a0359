import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookieJar.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * The embedded provider's own forms and endpoints are reached by anyone, before any login or rate limit: no
 * body, however odd, may answer a 5xx. A client's mistake is a 4xx with an Italian page or message (issue 41).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const deepObject = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const urlencoded = 'application/x-www-form-urlencoded';
const everyField = ['email', 'password', 'firstName', 'lastName', 'terms', 'token', 'interaction', 'grant_type', 'logout', 'xsrf'];

/** The bodies a probe sends: [what, content-type or none, payload]. */
const BODIES: Array<[string, string | undefined, string | Buffer]> = [
  ['text/plain', 'text/plain', 'email=a@esempio.it&password=una-password-lunga'],
  ['JSON object', 'application/json', JSON.stringify({ email: 'a@esempio.it', password: 'x', token: 'y' })],
  ['JSON array', 'application/json', '[1,2,3]'],
  ['JSON string', 'application/json', '"testo"'],
  ['JSON number', 'application/json', '42'],
  ['JSON true', 'application/json', 'true'],
  ['JSON false', 'application/json', 'false'],
  ['JSON null', 'application/json', 'null'],
  ['malformed JSON', 'application/json', '{"email":'],
  ['deep JSON array', 'application/json', deepArray],
  ['deep JSON object', 'application/json', deepObject],
  ['repeated keys', urlencoded, everyField.map((name) => `${name}=uno&${name}=due`).join('&')],
  ['bracketed keys', urlencoded, everyField.map((name) => `${name}[a]=1&${name}[]=2`).join('&')],
  ['NUL characters', urlencoded, everyField.map((name) => `${name}=a%00b`).join('&')],
  ['raw NUL bytes', urlencoded, Buffer.from('email=a\u0000b@esempio.it&password=x\u0000y&token=\u0000&firstName=\u0000', 'utf8')],
  ['NUL in a key', urlencoded, 'em%00ail=a@esempio.it&pass\u0000word=x'],
  ['huge field', urlencoded, `email=${'a'.repeat(200_000)}&password=${'b'.repeat(200_000)}&token=${'c'.repeat(200_000)}`],
  ['long but allowed fields', urlencoded, everyField.map((name) => `${name}=${'x'.repeat(1500)}`).join('&')],
  ['missing fields', urlencoded, ''],
  ['no content-type', undefined, 'email=a@esempio.it'],
  ['garbage urlencoded', urlencoded, '%%%&&==&=%zz&%E0%A4%A'],
  ['invalid UTF-8', urlencoded, Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0xc3])],
  ['XML', 'application/xml', '<email>a@esempio.it</email>'],
  ['image', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ['malformed multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@esempio.it'],
  ['multipart without boundary', 'multipart/form-data', 'email=a'],
  ['bogus content-type', 'application/x-www-form-urlencoded; charset=utf-7', 'email=%2BAGE-'],
];

/** A login interaction this "browser" holds, as the pages are reached: its cookies and its form actions. */
async function interaction() {
  const jar = new CookieJar();
  const page = await t.browse(jar, { method: 'GET', url: '/api/Jwt/login?screen=login' });
  const login = page.response.body.match(/<form method="post" action="([^"]+)"/)![1]!;
  return { jar, login, register: login.replace(/\/login$/, '/register') };
}

describe('no body makes the provider’s forms and endpoints answer 5xx', () => {
  it('answers every probe on every form route with a status below 500, and an Italian page or message for its own forms', async () => {
    const { jar, login, register } = await interaction();
    const routes = [
      login,
      register,
      // The same forms without the interaction's cookie: a stale page's submission.
      '/idp/interaction/sconosciuta/login',
      '/idp/interaction/sconosciuta/register',
      '/idp/password/forgot',
      '/idp/password/reset',
      '/idp/verifica-email',
      // oidc-provider's own: token, revocation, logout (its form and its confirmation), authorisation by POST.
      '/idp/token',
      '/idp/token/revocation',
      '/idp/session/end',
      '/idp/session/end/confirm',
      '/idp/auth',
    ];
    const failures: string[] = [];
    for (const url of routes) {
      for (const [what, contentType, payload] of BODIES) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: jar.headerFor(url), ...(contentType ? { 'content-type': contentType } : {}) },
          payload,
        });
        if (response.statusCode >= 500) failures.push(`${url} ${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        const ours = !/^\/idp\/(token|session|auth)/.test(url);
        if (ours && response.statusCode >= 400) {
          // An Italian page (<html lang="it">) or the API's Italian JSON message.
          const italian =
            response.body.includes('<html lang="it">') || /"message":"[^"]*\b(non|il|la|richiesta|campo)\b/i.test(response.body);
          if (!italian) failures.push(`${url} ${what}: ${response.statusCode} not Italian: ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The interaction is still usable: nothing above signed anyone in or broke it.
    const retry = await t.browse(jar, { method: 'POST', url: login, form: { email: 'admin@portale.test', password: 'amministra-2026' } });
    expect(retry.url).toMatch(/^\/login-callback\?code=/);
  });

  it('answers odd query strings on the link pages below 500 too', async () => {
    for (const path of ['/idp/password/reset', '/idp/verifica-email', '/idp/password/forgot']) {
      for (const query of ['token=a&token=b', 'token[a]=1', 'token=%00', `token=${'x'.repeat(10_000)}`, 'interaction=%00', '%%%']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await t.app.inject({ method, url: `${path}?${query}` });
          expect(response.statusCode, `${method} ${path}?${query.slice(0, 40)}`).toBeLessThan(500);
        }
      }
    }
  });
});
