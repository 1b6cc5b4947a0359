import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { publicUrlNotice } from '../../server/http/publicOrigin.ts';
import { createTestApp, PUBLIC_URL, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

// Issue 46: opened on another address than PUBLIC_URL (http://127.0.0.1:3100 for http://localhost:3100), the sign-in
// created the account and then failed ("L'accesso è scaduto…", token-exchange 400). A page load goes to PUBLIC_URL first.

const PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let database: Database;
let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  const shared = { ...database, close: async () => {} };
  direct = await createTestApp({ database: shared });
  proxied = await createTestApp({ database: shared, env: { TRUST_PROXY: 'true' } });
}, 60_000);
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await database?.close();
});

describe('a visit on another address than PUBLIC_URL', () => {
  it('is redirected to PUBLIC_URL with its path and query, before anything else answers', async () => {
    for (const url of ['/', '/calls?x=1', '/idp/interaction/abc', '//elsewhere.example/x']) {
      const response = await direct.get(url, undefined, { ...PAGE, host: '127.0.0.1:3100' });
      expect(response.statusCode, url).toBe(307);
      expect(response.headers.location, url).toBe(`${PUBLIC_URL}${url}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const head = await direct.app.inject({ method: 'HEAD', url: '/calls', headers: { ...PAGE, host: '127.0.0.1' } });
    expect(head.statusCode).toBe(307);
  });

  it('is not redirected on PUBLIC_URL itself, its default port written or not', async () => {
    for (const host of ['portale.test', 'portale.test:80', 'PORTALE.test']) {
      const response = await direct.get('/calls', undefined, { ...PAGE, host });
      expect(response.statusCode, host).not.toBe(307);
    }
  });

  it('leaves the probes, the API and the provider’s in-process calls alone, whatever the address', async () => {
    for (const url of ['/readyz', '/livez', '/healthz', '/metrics']) {
      const response = await direct.get(url, undefined, { ...PAGE, host: '10.0.0.7:3100' });
      expect(response.statusCode, url).not.toBe(307);
    }
    expect((await direct.get('/readyz', undefined, { host: '10.0.0.7:3100' })).statusCode).toBe(200);
    const api = await direct.get('/api/Call/GetCallList', undefined, { host: '127.0.0.1:3100', accept: 'application/json' });
    expect(api.statusCode).toBe(401);
    const post = await direct.app.inject({ method: 'POST', url: '/calls', headers: { ...PAGE, host: '127.0.0.1:3100' } });
    expect(post.statusCode).not.toBe(307);
    // The sign-in still works: the provider is reached in process, on PUBLIC_URL's address.
    const person = await direct.register();
    expect((await direct.get('/api/Call/GetCallList', person.token)).statusCode).toBe(200);
  });

  it('behind TRUST_PROXY, judges the forwarded address, and leaves alone a proxy that forwards none', async () => {
    const elsewhere = await proxied.get('/calls', undefined, { ...PAGE, host: '10.0.0.7:3100', 'x-forwarded-host': '203.0.113.9' });
    expect(elsewhere.statusCode).toBe(307);
    expect(elsewhere.headers.location).toBe(`${PUBLIC_URL}/calls`);
    const right = await proxied.get('/calls', undefined, { ...PAGE, host: '10.0.0.7:3100', 'x-forwarded-host': 'portale.test' });
    expect(right.statusCode).not.toBe(307);
    // nginx's default: Host is the upstream's, nothing forwarded. Redirecting would never end.
    const silent = await proxied.get('/calls', undefined, { ...PAGE, host: '10.0.0.7:3100' });
    expect(silent.statusCode).not.toBe(307);
    // Probes through the proxy answer too.
    expect((await proxied.get('/readyz', undefined, { ...PAGE, 'x-forwarded-host': '203.0.113.9' })).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, leaves alone a request that came through a proxy (its Host may be the upstream’s)', async () => {
    const response = await direct.get('/calls', undefined, { ...PAGE, host: '10.0.0.7:3100', 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode).not.toBe(307);
  });
});

describe('the log at start', () => {
  it('says which address to open, and that the listening one redirects there', () => {
    expect(publicUrlNotice({ publicUrl: 'http://localhost:3100', host: '127.0.0.1', port: 3100 })).toBe(
      'open http://localhost:3100 (PUBLIC_URL): pages opened on any other address, such as http://127.0.0.1:3100, are redirected there; set PUBLIC_URL to the address people use',
    );
    expect(publicUrlNotice({ publicUrl: 'http://127.0.0.1:3100', host: '0.0.0.0', port: 3100 })).toBe(
      'open http://127.0.0.1:3100 (PUBLIC_URL): pages opened on any other address are redirected there; set PUBLIC_URL to the address people use',
    );
  });
});
