import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { bulkActionItems, bulkActions } from '../../server/db/schema/bulkActions.ts';
import { statusNotifications } from '../../server/db/schema/notifications.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { providerLogin } from '../support/providerLogin.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';

/**
 * A bulk status change across two real server processes on one PostgreSQL (issue 44): process 1 starts it and is
 * killed (SIGKILL: no graceful stop) while it is working, items claimed and not yet applied; process 2 takes them
 * over once their lease has passed and finishes the action. Every application allowed changes exactly once (one
 * history row, one e-mail in the outbox), every other one is listed with the reason and left as it was.
 */
if (!process.env.DATABASE_URL) {
  console.info('bulkActionsTwoProcesses.test.ts skipped: set DATABASE_URL (npm run test:pg) to run two processes on one PostgreSQL.');
}

const ADMIN_EMAIL = 'admin@portale.test';
const ADMIN_PASSWORD = 'amministra-2026';
const APPLICATIONS = 400;
const LEASE_MS = 2000;

describe.skipIf(!process.env.DATABASE_URL)('a bulk action whose process dies midway', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let one: PortalProcess;
  let two: PortalProcess;
  let opened: Database;
  let db: Database['db'];
  let publicUrl: string;
  const statusOf = new Map<string, ApplicationStatusCode>();

  beforeAll(async () => {
    database = await createThrowawayDatabase(process.env.DATABASE_URL!);
    const ports = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${ports[0]}`;
    const env = (dataDir: string) => ({
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      BULK_LEASE_MS: String(LEASE_MS),
    });
    const dirs = [mkdtempSync(path.join(tmpdir(), 'pf-bulk-one-')), mkdtempSync(path.join(tmpdir(), 'pf-bulk-two-'))];
    // One after the other: both migrate the empty database.
    one = await startPortalProcess('process 1', ports[0]!, env(dirs[0]!));
    two = await startPortalProcess('process 2', ports[1]!, env(dirs[1]!));
    opened = await openDatabase({ kind: 'postgres', url: database.url });
    db = opened.db;

    const rows = Array.from({ length: APPLICATIONS }, (_, i) => {
      const firstTen = `5${String(i).padStart(6, '0')}058`;
      return {
        name: `Ente Doppio ${String(i).padStart(3, '0')}`,
        email: `e${i}@doppio.test`,
        pIva: `${firstTen}${partitaIvaCheckDigit(firstTen)}`,
        profile: {},
      };
    });
    const orgIds = (await db.insert(organizations).values(rows).returning({ id: organizations.id })).map((row) => row.id);
    const inserted = await db
      .insert(applications)
      .values(
        orgIds.map((organizationId, i) => ({
          organizationId,
          fund: 'TUR',
          status: (i % 4 === 3 ? 'AMMISSIBILE' : 'CANDIDATURA_SOTTOMESSA') as ApplicationStatusCode,
          submittedAt: new Date('2026-03-01T09:00:00Z'),
        })),
      )
      .returning({ id: applications.id, status: applications.status });
    for (const row of inserted) statusOf.set(row.id, row.status);
  }, 420_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await opened?.close();
    await database?.drop();
  }, 120_000);

  it('is finished by the other process, with no application changed twice', async () => {
    const admin = await providerLogin(one.send, publicUrl, one.send).login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await fetch(`${one.url}/api/BulkAction/CreateBulkAction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'status',
        targetStatus: 'IN_VALUTAZIONE',
        note: 'Valutazione',
        selection: { filters: { q: 'Ente Doppio' } },
      }),
    });
    expect(created.status).toBe(200);
    const { id, total } = (await created.json()) as { id: string; total: number };
    expect(total).toBe(APPLICATIONS);

    // Process 1 is killed once it has handled a few items, while others are claimed (leased) and not yet applied.
    const handled = async () =>
      (await db.select({ state: bulkActionItems.state }).from(bulkActionItems).where(eq(bulkActionItems.actionId, id))).filter(
        (item) => item.state !== 'pending',
      ).length;
    while ((await handled()) < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(one.pid, 'SIGKILL');
    await one.stop();
    const atKill = await handled();
    expect(atKill).toBeLessThan(APPLICATIONS);

    // Process 2 (its worker looks for work every few seconds) takes over and finishes.
    const deadline = Date.now() + 240_000;
    for (;;) {
      const [action] = await db.select({ finishedAt: bulkActions.finishedAt }).from(bulkActions).where(eq(bulkActions.id, id));
      if (action?.finishedAt) break;
      if (Date.now() > deadline) throw new Error(`not finished: ${await handled()} of ${APPLICATIONS} handled`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const response = await fetch(`${two.url}/api/BulkAction/GetBulkAction?id=${id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const action = (await response.json()) as {
      done: number;
      failed: number;
      items: { applicationId: string; state: string; reason: string | null }[];
    };
    const allowed = [...statusOf].filter(([, status]) => status === 'CANDIDATURA_SOTTOMESSA').map(([applicationId]) => applicationId);
    expect(action.done).toBe(allowed.length);
    expect(action.failed).toBe(APPLICATIONS - allowed.length);
    expect(action.items.every((item) => item.state !== 'pending')).toBe(true);

    const ids = [...statusOf.keys()];
    const history = await db.select().from(applicationStatusHistory).where(inArray(applicationStatusHistory.applicationId, ids));
    const mails = await db.select().from(statusNotifications).where(inArray(statusNotifications.applicationId, ids));
    const perApplication = (rows: { applicationId: string }[]) =>
      rows.reduce((counts, row) => counts.set(row.applicationId, (counts.get(row.applicationId) ?? 0) + 1), new Map<string, number>());
    // Exactly once each: one history row and one e-mail per allowed application, none for the others.
    expect([...perApplication(history)].sort()).toEqual(allowed.map((applicationId) => [applicationId, 1]).sort());
    expect([...perApplication(mails)].sort()).toEqual(allowed.map((applicationId) => [applicationId, 1]).sort());
    const stored = await db
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(inArray(applications.id, ids));
    for (const row of stored) expect(row.status).toBe(statusOf.get(row.id) === 'CANDIDATURA_SOTTOMESSA' ? 'IN_VALUTAZIONE' : 'AMMISSIBILE');
  }, 300_000);
});
