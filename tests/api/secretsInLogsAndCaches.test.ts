import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/** No secret or personal datum in the log, no token or person's data in a cache. */

/** Every line the server's logger writes, as text. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let tokens: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: logStream } });
  tokens = await t.register();
});
afterAll(() => t.close());

describe('the request log', () => {
  it('hides the secrets URLs carry in their query, keeping the rest of the line', async () => {
    logged.length = 0;
    const secrets = {
      code: 'codice-segreto-123',
      state: 'stato-segreto-456',
      token: 'invito-segreto-789',
      id_token_hint: tokens.id_token!,
    };
    await t.get(`/login-callback?code=${secrets.code}&state=${secrets.state}&iss=http%3A%2F%2Fportale.test%2Fidp`);
    await t.get(`/accetta-invito?token=${secrets.token}`);
    await t.get(`/api/Jwt/logout?id_token_hint=${secrets.id_token_hint}`);
    await t.get(`/idp/session/end?id_token_hint=${secrets.id_token_hint}&state=${secrets.state}`);
    const log = logged.join('\n');
    for (const [name, value] of Object.entries(secrets)) expect(log, name).not.toContain(value);
    expect(log).toContain('/login-callback?code=[nascosto]&state=[nascosto]&iss=http%3A%2F%2Fportale.test%2Fidp');
    expect(log).toContain('/accetta-invito?token=[nascosto]');
    expect(log).toContain('/api/Jwt/logout?id_token_hint=[nascosto]');
    expect(log).toContain('/idp/session/end?id_token_hint=[nascosto]&state=[nascosto]');
  });

  it('hides the text people typed that travels in a query: a status note, a search', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune di Valdinota' });
    const pui = await forceApplicationStatus(t, owner.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
    const admin = (await t.loginAsAdmin()).token;
    const note = 'Manca la delibera della giunta del sig. Mario Rossi';
    logged.length = 0;
    const integration = `/api/Pui/UpdatePuiCompilazioneStatus?puiId=${pui}&status=${encodeURIComponent('In valutazione')}`;
    const changed = await t.post(`${integration}&note=${encodeURIComponent(note)}`, undefined, admin);
    expect(changed.statusCode, changed.body).toBe(200);
    const searched = await t.get(`/api/Organization/GetAllOrgsCompilazioni?q=${encodeURIComponent('Mario Rossi')}`, admin);
    expect(searched.statusCode).toBe(200);
    const log = logged.join('\n');
    expect(log).not.toContain('Mario');
    expect(log).not.toContain('delibera');
    expect(log).toContain(`${integration}&note=[nascosto]`);
    expect(log).toContain('/api/Organization/GetAllOrgsCompilazioni?q=[nascosto]');
  });

  it('logs a failed query without its parameters (names, e-mails) or the rows they matched', async () => {
    logged.length = 0;
    const email = `mario.bianchi.${Date.now()}@esempio.it`;
    const row = { email, firstName: 'Mario', lastName: 'Bianchissimo', passwordHash: 'x' };
    await t.db.insert(idpAccounts).values(row);
    // The same e-mail again: PostgreSQL refuses it, naming the key and its value in the error's detail.
    const failure = await t.db
      .insert(idpAccounts)
      .values(row)
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).toContain(email);
    t.app.log.error({ err: failure }, 'a query failed');
    t.app.log.warn({ error: failure }, 'a query failed again');
    const lines = logged.filter((line) => line.includes('a query failed'));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('insert into \\"idp_accounts\\"');
      expect(line).toContain('duplicate key');
      expect(line).not.toContain(email);
      expect(line).not.toContain('Bianchissimo');
    }
  });
});

describe('Cache-Control on tokens and people’s data', () => {
  const expectNoStore = (response: { headers: Record<string, unknown> }, what: string) => {
    expect(response.headers['cache-control'], what).toMatch(/no-store/);
    expect(response.headers['pragma'], what).toBe('no-cache');
  };

  it('marks token answers no-store, at the API and at the provider', async () => {
    const refreshed = await t.post('/api/Jwt/refresh', { refresh_token: tokens.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expectNoStore(refreshed, 'POST /api/Jwt/refresh');
    expectNoStore(await t.post('/api/Jwt/refresh', { refresh_token: 'scaduto' }), 'POST /api/Jwt/refresh (refused)');
    expectNoStore(
      await t.post('/api/Jwt/token-exchange', { code: 'x', redirectUri: 'http://portale.test/login-callback' }),
      'token-exchange',
    );
    expectNoStore(await t.app.inject({ method: 'POST', url: '/idp/token', payload: 'grant_type=refresh_token' }), 'POST /idp/token');
    expectNoStore(await t.get('/api/Jwt/login'), 'GET /api/Jwt/login');
  });

  it('marks every answer about a person or an organisation no-store', async () => {
    for (const url of ['/api/User', '/api/User/GetUserStatus', '/api/Organization/GetOrganizations', '/api/Call/GetCallList']) {
      const response = await t.get(url, tokens.token);
      expect(response.statusCode, url).toBe(200);
      expectNoStore(response, url);
    }
    expectNoStore(await t.get('/api/User'), 'GET /api/User (no token)');
  });

  it('leaves reference lists cacheable, as their routes chose', async () => {
    const response = await t.get('/api/Typology/GetAllRegione', tokens.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
  });
});
