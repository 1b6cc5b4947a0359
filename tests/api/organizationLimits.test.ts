import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { newPartitaIva, organizationPayload } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/** Registering organisations and looking up VAT numbers are limited per account (and, for look-ups, per address). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      organizationsPerAccount: { limit: 2, windowSeconds: 24 * 60 * 60 },
      pIvaLookupsPerAccount: { limit: 3, windowSeconds: 60 * 60 },
      pIvaLookupsPerIp: { limit: 5, windowSeconds: 60 * 60 },
    },
  });
});
afterAll(() => t.close());

function expectRefused(response: LightMyRequestResponse, message: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(message) });
}

describe('POST /api/Organization/CreateOrganization', () => {
  it('refuses the third organisation of one account in a day, in Italian, and leaves another account alone', async () => {
    const person = await t.register();
    const create = (token: string) => t.post('/api/Organization/CreateOrganization', organizationPayload(), token);
    expect((await create(person.token)).statusCode).toBe(201);
    expect((await create(person.token)).statusCode).toBe(201);
    expectRefused(
      await create(person.token),
      /^Da un account si possono registrare solo poche organizzazioni al giorno[^]*Riprova tra 24 ore; se devi registrare subito altre organizzazioni, contatta l’assistenza del Portale Fondi\.$/,
    );
    const other = await t.register();
    expect((await create(other.token)).statusCode).toBe(201);
  });
});

describe('POST /api/Organization/GetPIva', () => {
  const lookUp = (token: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/Organization/GetPIva?pIva=${newPartitaIva()}`,
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });

  it('limits look-ups per account and per address, in Italian', async () => {
    const walker = await t.register();
    for (let n = 0; n < 3; n++) expect((await lookUp(walker.token, '203.0.113.60')).statusCode).toBe(404);
    expectRefused(await lookUp(walker.token, '203.0.113.60'), /^Troppe verifiche di P\.IVA in poco tempo[^]*Riprova tra \d+ minut/);
    // Another account from the same address: the address has 4 look-ups of its 5.
    const accomplice = await t.register();
    expect((await lookUp(accomplice.token, '203.0.113.60')).statusCode).toBe(404);
    expectRefused(await lookUp(accomplice.token, '203.0.113.60'), /^Troppe verifiche di P\.IVA/);
    // Someone else, elsewhere, is not affected.
    const someoneElse = await t.register();
    expect((await lookUp(someoneElse.token, '198.51.100.60')).statusCode).toBe(404);
  });
});
