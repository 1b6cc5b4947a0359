import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationOf, saveDraft } from '../support/applicationFixtures.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * PostgreSQL restarting under load (npm run test:pg): every backend of the test database is terminated
 * with pg_terminate_backend, as a restart or failover does, while twenty people autosave and a
 * transaction is open. The process must stay up, the requests caught in flight answer 503 in Italian,
 * the pool reconnects and every acknowledged save is in the database.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL restarting under load', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  it('keeps serving: 503 for what was in flight, then saves resume and every acknowledged save is kept', async () => {
    const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const name = result.rows[0]!.name;
    const people = await Promise.all(Array.from({ length: 20 }, () => personWithOrganization(t)));
    const acknowledged = new Map<string, number>();
    const statuses: number[] = [];
    const unavailable: { error: string; message: string }[] = [];
    let stop = false;

    async function autosave(person: (typeof people)[number]) {
      let version: number | undefined;
      let step = 0;
      while (!stop || version === undefined) {
        step += 1;
        const response = await saveDraft(t, person.token, person.orgId, 'PUI', { progNome: `Passo ${step}` }, version);
        statuses.push(response.statusCode);
        if (response.statusCode === 200) {
          version = response.json().version;
          acknowledged.set(person.orgId, step);
        } else if (response.statusCode === 503) {
          unavailable.push(response.json());
        } else if (response.statusCode === 412) {
          // The save reached the database but its answer was lost: the client reloads the version.
          version = (await t.get(`/api/DraftCompilazione/GetPuiDraft?orgId=${person.orgId}`, person.token)).json().version;
        } else {
          throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
        }
      }
    }

    const savers = people.map((person) => autosave(person));
    // A request holding a connection between two statements of its transaction when the server goes away.
    const openTransaction = t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await tx.execute(sql`select 2`);
      })
      .then(
        () => 'committed',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );

    await new Promise((resolve) => setTimeout(resolve, 150));
    const terminated = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 600));
    stop = true;
    await Promise.all(savers);

    expect(await openTransaction).not.toBe('committed');
    expect(statuses.every((status) => [200, 412, 503].includes(status))).toBe(true);
    for (const body of unavailable) {
      expect(body).toEqual({ error: 'service_unavailable', message: expect.stringMatching(/non è momentaneamente disponibile/) });
    }
    // The pool reconnected: the API answers and the last acknowledged save of each person is stored.
    expect((await t.get('/api/User', people[0]!.token)).statusCode).toBe(200);
    for (const person of people) {
      const row = await applicationOf(t, person.orgId, 'PUI');
      const stored = Number(String((row?.draft as { progNome?: string } | undefined)?.progNome).replace('Passo ', ''));
      expect(stored).toBeGreaterThanOrEqual(acknowledged.get(person.orgId)!);
    }
  });
});
