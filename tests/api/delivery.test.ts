import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/precompressPlugin.ts';
import { serveBuiltClient } from '../../server/delivery/staticClient.ts';
import { installCompression } from '../../server/delivery/compression.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

const script = `export const greeting = ${JSON.stringify('Benvenuto nel Portale Fondi. '.repeat(200))};\n`;
const page = `<!doctype html><html lang="it"><head><title>Portale Fondi</title></head><body>${'<p>Portale Fondi</p>'.repeat(100)}</body></html>`;

/** A built client as Vite leaves it (content-hashed assets, a source map, the page), compressed as the build does. */
async function builtClient(): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'pf-dist-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), page);
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
    await serveBuiltClient(app, await builtClient());
    app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
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
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });

  it('revalidates files with a fixed name and does not publish source maps', async () => {
    expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    // Not found as a file: the client's own page answers, as for any other unknown path.
    const map = await app.inject({ url: '/assets/index-AbC123xy.js.map' });
    expect(map.body).not.toContain('mappings');
    expect(map.headers['content-type']).toMatch(/^text\/html/);
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
