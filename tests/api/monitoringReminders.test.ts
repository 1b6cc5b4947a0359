import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dueSoonReminderDay, effectiveDueDay } from '../../domain/monitoringDueDates.ts';
import type { Database } from '../../server/db/client.ts';
import { monitoringReminders, monitoringRounds } from '../../server/db/schema/monitoring.ts';
import { forceApplicationStatus, updateStatus } from '../support/applicationFixtures.ts';
import { monitoringPeriodsEnv } from '../support/monitoringPeriods.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

const { env, periods } = monitoringPeriodsEnv();
const first = periods.find((p) => p.fund === 'TUR' && p.code === 'P1')!;

let database: Database;
let one: TestApp;
let two: TestApp;
let roundId: string;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;

/** The same database under another server process (closing it leaves the database open). */
const shared = () => ({ ...database, close: async () => {} });
const mails = (t: TestApp) => {
  const dir = t.config.mail.outboxDir;
  return existsSync(dir) ? readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')) : [];
};
const sentKinds = async () =>
  (await database.db.select().from(monitoringReminders).where(eq(monitoringReminders.roundId, roundId))).map((r) => r.kind).sort();
/** 10:00 in Rome on `day`. */
const at = (day: string) => new Date(`${day}T10:00:00+01:00`);

beforeAll(async () => {
  database = await openTestDatabase();
  one = await createTestApp({ database: shared(), env });
  two = await createTestApp({ database: shared(), env });
  owner = await personWithOrganization(one, { name: 'Comune dei Promemoria' });
  const applicationId = await forceApplicationStatus(one, owner.orgId, 'TUR', 'DELIBERATA', { submittedAt: new Date() });
  const admin = await one.loginAsAdmin();
  expect((await updateStatus(one, admin.token, 'TUR', applicationId, 'Monitoraggio Aperto')).statusCode).toBe(200);
  const [round] = await database.db.select().from(monitoringRounds).where(eq(monitoringRounds.applicationId, applicationId));
  roundId = round!.id;
}, 300_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
});

describe('monitoring reminders', () => {
  it('the opening reminder goes to the members as soon as the period opens, once', async () => {
    expect(await sentKinds()).toEqual(['opened']);
    const sent = mails(one);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`To: ${owner.email}`);
    expect(sent[0]).toContain(first.title);
    // Another run, in either process, sends nothing more.
    expect(await one.reminders.runOnce()).toBe(0);
    expect(await two.reminders.runOnce()).toBe(0);
    expect(mails(two)).toHaveLength(0);
  });

  it('nothing more until MONITORING_REMINDER_DAYS before the due day', async () => {
    const before = addDays(dueSoonReminderDay(first.dueOn, 7), -1);
    expect(await two.reminders.runOnce(at(before))).toBe(0);
    expect(await sentKinds()).toEqual(['opened']);
  });

  it('"due soon" is sent exactly once by two processes running at the same moment', async () => {
    const day = at(dueSoonReminderDay(first.dueOn, 7));
    const counts = await Promise.all([
      one.reminders.runOnce(day),
      two.reminders.runOnce(day),
      one.reminders.runOnce(day),
      two.reminders.runOnce(day),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sentKinds()).toEqual(['due_soon', 'opened']);
    const dueSoon = [...mails(one), ...mails(two)].filter((mail) => mail.includes('ricordiamo che il periodo'));
    expect(dueSoon).toHaveLength(1);
    const [year, month, dayOfMonth] = effectiveDueDay(first.dueOn).split('-');
    expect(dueSoon[0]).toContain(`${dayOfMonth}/${month}/${year}`);
  });

  it('after a restart (a new process on the same database) nothing is sent again', async () => {
    await two.close();
    two = await createTestApp({ database: shared(), env });
    expect(await two.reminders.runOnce(at(effectiveDueDay(first.dueOn)))).toBe(0);
    expect(await sentKinds()).toEqual(['due_soon', 'opened']);
  }, 240_000);
});
