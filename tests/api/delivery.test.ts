import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/precompressPlugin.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../server/delivery/routePreloadsTable.ts';
import { serveBuiltClient, type SendClientPage } from '../../server/delivery/staticClient.ts';
import { installCompression } from '../../server/delivery/compression.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

const script = `export const greeting = ${JSON.stringify('Benvenuto nel Portale Fondi. '.repeat(200))};\n`;
const page = `<!doctype html><html lang="it"><head><title>Portale Fondi</title></head><body>${'<p>Portale Fondi</p>'.repeat(100)}</body></html>`;

/** The build's table of the scripts each page runs (scripts/routePreloadsPlugin.ts), for three routes. */
const preloads: RoutePreloads = {
  portal: ['/assets/portal-Pp1.js'],
  routes: [
    { address: '/calls', pattern: '^/calls/?$', scripts: ['/assets/calls-Cc1.js', '/assets/Button-Bb1.js'] },
    { address: '/admin-organization/$organizationId', pattern: '^/admin-organization/[^/]+/?$', scripts: ['/assets/org-Oo1.js'] },
    {
      address: '/admin-organization/{$fund}_istruttoria/$organizationId',
      pattern: '^/admin-organization/[^/]+_istruttoria/[^/]+/?$',
      scripts: ['/assets/review-Rr1.js'],
    },
  ],
};

/** The scripts a page names for the browser to fetch ahead, in order. */
const preloadedBy = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

/**
 * A built client as Vite leaves it (content-hashed assets, a source map, the page, the build's tables), compressed as
 * the build does.
 */
async function builtClient(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'pf-dist-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), page);
  writeFileSync(path.join(root, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  writeFileSync(path.join(root, 'assets', 'index-AbC123xy.js'), script);
  writeFileSync(path.join(root, 'assets', 'index-AbC123xy.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressFile(path.join(root, 'index.html'));
  await precompressFile(path.join(root, 'assets', 'index-AbC123xy.js'));
  return root;
}

describe('the built client', () => {
  const app = Fastify();
  beforeAll(async () => {
    await installCompression(app);
    await app.register(cookie);
    const sendPage = (await serveBuiltClient(app, await builtClient())) as SendClientPage;
    app.setNotFoundHandler(sendPage);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a script as Brotli when the browser accepts it, cached for a year, varying on Accept-Encoding', async () => {
    const response = await app.inject({ url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await app.inject({ url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends the page compressed and asks the browser to revalidate it, at / and at any client route', async () => {
    for (const url of ['/', '/calls']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toContain('<p>Portale Fondi</p>');
    }
  });

  it('names in the page the scripts its route runs: the portal’s shell, then the route’s own', async () => {
    const calls = await app.inject({ url: '/calls?fund=TUR' });
    expect(preloadedBy(calls.body)).toEqual(['/assets/portal-Pp1.js', '/assets/calls-Cc1.js', '/assets/Button-Bb1.js']);
    expect(calls.body.replace(/<link rel="modulepreload"[^>]*>\n/g, '')).toBe(page);
    // Of two routes matching an address, the one with more fixed text is the router's choice too.
    const review = await app.inject({ url: '/admin-organization/TUR_istruttoria/7b0c' });
    expect(preloadedBy(review.body)).toEqual(['/assets/portal-Pp1.js', '/assets/review-Rr1.js']);
    // An address no route serves still runs the portal (its page "Pagina non trovata").
    expect(preloadedBy((await app.inject({ url: '/pagina-che-non-esiste' })).body)).toEqual(['/assets/portal-Pp1.js']);
  });

  it('keeps the welcome page as built for a visitor without a session, and names the portal for one with it', async () => {
    const visitor = await app.inject({ url: '/' });
    expect(visitor.body).toBe(page);
    expect(String(visitor.headers.vary)).toMatch(/cookie/i);
    const signedIn = await app.inject({ url: '/', cookies: { token: 'eyJ.a.b' } });
    expect(preloadedBy(signedIn.body)).toEqual(['/assets/portal-Pp1.js']);
    expect(signedIn.headers.etag).not.toBe(visitor.headers.etag);
  });

  it('answers 304 to a browser whose copy of the page is current', async () => {
    const first = await app.inject({ url: '/calls' });
    const again = await app.inject({ url: '/calls', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app.inject({ url: '/calls', headers: { 'if-none-match': '"an-older-page"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('revalidates files with a fixed name and does not publish source maps or the build’s tables', async () => {
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    const table = await app.inject({ url: `/${ROUTE_PRELOADS_FILE}` });
    expect(table.body).not.toContain('"routes"');
    expect(table.statusCode).toBe(404);
    // Not published: missing, like any file the build did not write — never the client's page in its place.
    const map = await app.inject({ url: '/assets/index-AbC123xy.js.map' });
    expect(map.body).not.toContain('mappings');
    expect(map.statusCode).toBe(404);
  });

  it('answers 404 for a file the build did not write, and the page for any client route', async () => {
    for (const url of ['/assets/CardTable.css.ts.vanilla-DEq06BjR.js', '/assets/old-Xx9.css', '/logo-vecchio.png']) {
      const missing = await app.inject({ url });
      expect({ url, status: missing.statusCode, type: missing.headers['content-type'] }).toEqual({
        url,
        status: 404,
        type: expect.stringMatching(/^application\/json/),
      });
    }
    for (const url of ['/calls', '/admin-organization/8c0f5f34-3f7b-4f05-9b8e-0e4f1f7b2a11', '/pagina-che-non-esiste']) {
      const found = await app.inject({ url });
      expect({ url, status: found.statusCode, type: found.headers['content-type'] }).toEqual({
        url,
        status: 200,
        type: expect.stringMatching(/^text\/html/),
      });
    }
  });
});

describe('API answers and the provider pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses JSON with Brotli (gzip as a fallback) and never lets a cache keep it', async () => {
    const { token, orgId } = await personWithOrganization(t);
    expect((await saveDraft(t, token, orgId, 'PUI', completePuiApplication(orgId))).statusCode).toBe(200);
    const url = `/api/DraftCompilazione/GetPuiDraft?orgId=${orgId}`;
    const plain = await t.get(url, token);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await t.get(url, token, { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzipped = await t.get(url, token, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());

    // People's data is never stored by a cache (server/http/noStore.ts).
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect((await t.get('/api/User', token)).headers['cache-control']).toBe('no-store');
  });

  it('keeps a route’s own cache policy', async () => {
    const { token } = await t.register();
    const response = await t.get('/api/Pui/GetObiettiviGenerali', token);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
  });

  it('sends the provider login page compressed, never cached', async () => {
    const jar = new CookieJar();
    const page = await t.browse(jar, { method: 'GET', url: '/api/Jwt/login?screen=login' });
    const compressed = await t.app.inject({
      url: page.url,
      headers: { 'accept-encoding': 'br', cookie: jar.headerFor(page.url.split('?')[0]!) },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<form method="post"');
  });
});
