import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../support/testDatabase.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { createFilesystemStorage } from '../../server/storage/filesystemStorage.ts';
import { freePort } from '../support/portalProcess.ts';
import { queryRows } from '../../server/db/queryRows.ts';

const METRICS_TOKEN = 'un-token-per-le-metriche-di-prova';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/livez and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it('/livez says the process serves, without authentication and never cached', async () => {
    const response = await t.get('/livez');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers an anonymous probe with its status alone: which parts the deployment has is not said', async () => {
    for (const token of [undefined, 'un-altro-token-lungo-abbastanza']) {
      const response = await t.get('/readyz', token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'pronto' });
    }
  });

  it('/readyz names every part it checked to the METRICS_TOKEN bearer: database, migrations, storage, and Redis when configured', async () => {
    const response = await t.get('/readyz', METRICS_TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'pronto',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', redis: 'non configurato' },
    });
  });

  it('answers 503 naming the migrations when the database lacks one this build ships', async () => {
    const [last] = await queryRows<{ id: number }>(t.db, sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const response = await t.get('/readyz', METRICS_TOKEN);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'non pronto', checks: { database: 'ok', migrations: 'non raggiungibile' } });
      const anonymous = await t.get('/readyz');
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 'non pronto' });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, 'ripristinata', 0)`);
    }
    expect((await t.get('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 at once once the process drains (SIGTERM), while /livez still answers', async () => {
    t.readiness.drain();
    const response = await t.get('/readyz', METRICS_TOKEN);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ checks: { database: 'ok', shutdown: 'arresto in corso' } });
    expect((await t.get('/livez')).statusCode).toBe(200);
  });
});

describe('/readyz with each dependency down in turn', () => {
  it('names the storage when its folder cannot be written', async () => {
    const root = path.join(mkdtempSync(path.join(tmpdir(), 'pf-ready-')), 'files');
    const real = createFilesystemStorage(root);
    const down = { value: false };
    const logged: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createTestApp({
      env: { METRICS_TOKEN },
      logger: { level: 'info', stream: logStream },
      storage: { ...real, ready: () => (down.value ? Promise.reject(new Error('EACCES: /srv/segreto')) : real.ready()) },
    });
    try {
      expect((await app.get('/readyz')).statusCode).toBe(200);
      down.value = true;
      const response = await app.get('/readyz', METRICS_TOKEN);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'non pronto',
        checks: { database: 'ok', migrations: 'ok', storage: 'non raggiungibile', redis: 'non configurato' },
      });
      // What failed is named, never how: no path, host or message of the error.
      expect(response.body).not.toContain('segreto');
      // Without the token, the status alone; the operator reads the part in the log, once per change.
      expect((await app.get('/readyz')).json()).toEqual({ status: 'non pronto' });
      const notReady = logged.filter((line) => line.includes('"msg":"not ready"'));
      expect(notReady).toHaveLength(1);
      expect(notReady[0]).toContain('"storage":"non raggiungibile"');
      expect(notReady[0]).not.toContain('segreto');
    } finally {
      await app.close();
    }
  }, 60_000);

  it('names Redis when the configured server does not answer', async () => {
    const port = await freePort();
    const app = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}`, METRICS_TOKEN } });
    try {
      const response = await app.get('/readyz', METRICS_TOKEN);
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toMatchObject({ database: 'ok', storage: 'ok' });
      expect(['non raggiungibile', 'nessuna risposta']).toContain(response.json().checks.redis);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('names the database when it is gone', async () => {
    const database = await openTestDatabase();
    const app = await createTestApp({ database: { ...database, close: async () => {} }, env: { METRICS_TOKEN } });
    try {
      expect((await app.get('/readyz')).statusCode).toBe(200);
      await database.close();
      const response = await app.get('/readyz', METRICS_TOKEN);
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toMatchObject({ database: 'non raggiungibile', migrations: 'non verificabile', storage: 'ok' });
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('/metrics', () => {
  it('is not served at all without METRICS_TOKEN', async () => {
    const app = await createTestApp();
    try {
      expect((await app.get('/metrics', METRICS_TOKEN)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  }, 60_000);

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN }, rateLimits: { emailsPerAccount: { limit: 1, windowSeconds: 3600 } } });
    });
    afterAll(() => t.close());

    it('refuses a request without the token, or with another one, in Italian', async () => {
      const none = await t.get('/metrics');
      expect(none.statusCode).toBe(401);
      expect(none.json().message).toBe('Le metriche sono riservate: indica il token configurato in METRICS_TOKEN.');
      expect((await t.get('/metrics', 'un-altro-token-qualunque-lungo')).statusCode).toBe(401);
    });

    it('counts requests by route pattern, autosaves, e-mails and rate-limit refusals, with the process’s own figures', async () => {
      const person = await personWithOrganization(t);
      await saveDraft(t, person.token, person.orgId, 'PUI', { progNome: 'Piazza nuova' });
      await saveDraft(t, person.token, person.orgId, 'PUI', { progNome: 'Piazza nuova e verde' });
      const invite = () =>
        t.post(
          '/api/SendEmail/SendEmail',
          { emails: ['collega@esempio.it'], userId: person.userId, subject: 'Invito', message: 'Ciao' },
          person.token,
          selected(person.orgId),
        );
      expect((await invite()).statusCode).toBe(200);
      expect((await invite()).statusCode).toBe(429);
      await t.get(`/api/Organization/GetOrganizationById?id=${person.orgId}`, person.token);

      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const text = response.body;
      const value = (series: string) => {
        const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
        return line === undefined ? undefined : Number(line.slice(series.length + 1));
      };
      expect(value('portale_autosaves_total')).toBe(2);
      // The verification link mailed at registration, and the one invitation.
      expect(value('portale_emails_total{result="sent"}')).toBe(2);
      expect(value('portale_rate_limit_refusals_total{limit="emailsPerAccount"}')).toBe(1);
      expect(value('http_requests_total{route="/api/DraftCompilazione/CreateDraftCompilazione",method="POST",status_class="2xx"}')).toBe(2);
      expect(value('http_requests_total{route="/api/SendEmail/SendEmail",method="POST",status_class="4xx"}')).toBe(1);
      // The route's pattern, never the URL with its ids.
      expect(text).toContain('route="/api/Organization/GetOrganizationById"');
      expect(text).not.toContain(person.orgId);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/DraftCompilazione\/CreateDraftCompilazione"/m);
      for (const series of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
        expect(text).toContain(`# TYPE ${series} `);
      }
    });

    it('counts the hand-overs every process recorded, from the status history', async () => {
      const person = await personWithOrganization(t);
      const before = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      const count = (body: string) => Number(/^portale_handovers\{kind="CANDIDATURA_SOTTOMESSA"\} (\d+)$/m.exec(body)?.[1]);
      await saveDraft(t, person.token, person.orgId, 'PUI', { progNome: 'Piazza nuova' });
      const [application] = await queryRows<{ id: string }>(
        t.db,
        sql`select id from applications where organization_id = ${person.orgId} and fund = 'PUI'`,
      );
      await t.db.execute(
        sql`insert into application_status_history (application_id, from_status, to_status, event, actor_role)
            values (${application!.id}, 'APERTA', 'CANDIDATURA_SOTTOMESSA', 'applicant.submit', 'applicant')`,
      );
      const after = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(count(after.body)).toBe(count(before.body) + 1);
    });
  });
});
