import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * The pages mailed links open carry a token in their address: they answer `Referrer-Policy: no-referrer`, so no
 * request they make (stylesheet, fonts, the footer's links, the client's scripts) names them with the token.
 * Every other page keeps same-origin. The browser's side (requests recorded in Chromium) is in
 * tests/e2e/token-links.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Referrer-Policy of the pages a mailed link opens', () => {
  it('is no-referrer for the reset, verification and invitation links, however the path is spelt', async () => {
    for (const url of [
      '/idp/password/reset?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/idp/verifica-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/accetta-invito?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/accetta-invito/?token=x',
      '/Accetta-Invito?token=x',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.headers['referrer-policy'], `${method} ${url}`).toBe('no-referrer');
      }
    }
  });

  it('stays same-origin elsewhere', async () => {
    for (const url of ['/', '/calls', '/idp/password/forgot', '/api/User', '/accetta-invito-altro']) {
      expect((await t.get(url)).headers['referrer-policy'], url).toBe('same-origin');
    }
  });
});
