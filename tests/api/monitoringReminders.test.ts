import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dueSoonReminderDay, effectiveDueDay } from '../../domain/monitoringDueDates.ts';
import { createMembership } from '../../server/auth/membership.ts';
import type { Database } from '../../server/db/client.ts';
import { monitoringReminders, monitoringRounds } from '../../server/db/schema/monitoring.ts';
import type { Mailer, OutgoingMail } from '../../server/mail/mailer.ts';
import { SEND_ONCE_CLAIM_MS } from '../../server/mail/sendOnce.ts';
import { createMonitoringReminders } from '../../server/monitoring/reminders.ts';
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
  // Beside the reminders: the verification link each person got at registration.
  return (existsSync(dir) ? readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8')) : []).filter(
    (mail) => !mail.includes('Subject: Portale Fondi: conferma il tuo indirizzo email'),
  );
};
const sentKinds = async (round = roundId) =>
  (await database.db.select().from(monitoringReminders).where(eq(monitoringReminders.roundId, round))).map((r) => r.kind).sort();
/** 10:00 in Rome on `day`. */
const at = (day: string) => new Date(`${day}T10:00:00+01:00`);

/** An organisation whose TUR application the admin has just put in Monitoraggio Aperto: its round's id. */
async function monitoredOrganization(name: string) {
  const person = await personWithOrganization(one, { name });
  const applicationId = await forceApplicationStatus(one, person.orgId, 'TUR', 'DELIBERATA', { submittedAt: new Date() });
  const admin = await one.loginAsAdmin();
  expect((await updateStatus(one, admin.token, 'TUR', applicationId, 'Monitoraggio Aperto')).statusCode).toBe(200);
  const [round] = await database.db.select().from(monitoringRounds).where(eq(monitoringRounds.applicationId, applicationId));
  return { person, roundId: round!.id };
}

beforeAll(async () => {
  database = await openTestDatabase();
  one = await createTestApp({ database: shared(), env });
  two = await createTestApp({ database: shared(), env });
  const monitored = await monitoredOrganization('Comune dei Promemoria');
  owner = monitored.person;
  roundId = monitored.roundId;
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

describe('monitoring reminders and the mail server', () => {
  const dueSoonDay = () => at(dueSoonReminderDay(first.dueOn, 7));
  /** The round's "due soon" reminder row, if any. */
  const dueSoonRow = async (round: string) =>
    (
      await database.db
        .select()
        .from(monitoringReminders)
        .where(and(eq(monitoringReminders.roundId, round), eq(monitoringReminders.kind, 'due_soon')))
    )[0];
  /** The reminders job of a process whose mail server is `mailer`. */
  const job = (mailer: Pick<Mailer, 'send'>) =>
    createMonitoringReminders({
      db: database.db,
      membership: createMembership(database.db),
      mailer: { kind: 'smtp', close: () => undefined, ...mailer },
      publicUrl: one.config.publicUrl,
      daysBefore: 7,
      log: one.app.log,
    });

  it('a reminder whose sending fails is not recorded, and the next run sends it', async () => {
    const { roundId: round } = await monitoredOrganization('Comune del Server di Posta Spento');
    const failing = job({
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    });
    expect(await failing.runOnce(dueSoonDay())).toBe(0);
    expect(await sentKinds(round)).toEqual(['opened']);
    expect(await one.reminders.runOnce(dueSoonDay())).toBe(1);
    expect(await sentKinds(round)).toEqual(['due_soon', 'opened']);
  });

  it('no transaction stays open while a slow mail server answers: other requests go on, and no other process sends it too', async () => {
    const { roundId: round } = await monitoredOrganization('Comune del Server di Posta Lento');
    let calledBack!: () => void;
    const called = new Promise<void>((resolve) => (calledBack = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const sent: OutgoingMail[] = [];
    const slow = job({
      async send(mail) {
        calledBack();
        await answered;
        sent.push(mail);
        return { messageId: 'slow' };
      },
    });
    const run = slow.runOnce(dueSoonDay());
    await called;
    try {
      // A transaction and a request of another person, while the e-mail is on its way.
      const within = <T>(work: Promise<T>) =>
        Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('waited for the mail server')), 10_000))]);
      await within(database.db.transaction((tx) => tx.execute(sql`select 1`)));
      expect((await within(one.get('/api/User', owner.token))).statusCode).toBe(200);
      // Claimed, not yet sent (sent_at null): the other process leaves it alone.
      const claim = await dueSoonRow(round);
      expect(claim?.sentAt).toBeNull();
      expect(await within(two.reminders.runOnce(dueSoonDay()))).toBe(0);
    } finally {
      answer();
    }
    expect(await run).toBe(1);
    expect(sent).toHaveLength(1);
    const row = await dueSoonRow(round);
    expect(row?.sentAt?.toISOString()).toBe(dueSoonDay().toISOString());
    expect(await one.reminders.runOnce(dueSoonDay())).toBe(0);
  });

  it('a reminder whose process ended while sending it is sent by a later run, once its claim is old', async () => {
    const { roundId: round } = await monitoredOrganization('Comune del Processo Interrotto');
    const day = dueSoonDay();
    // What a process that died after claiming leaves behind.
    await database.db.insert(monitoringReminders).values({ roundId: round, kind: 'due_soon', recipients: 1, claimedAt: day, sentAt: null });
    const later = (ms: number) => new Date(day.getTime() + ms);
    expect(await one.reminders.runOnce(later(SEND_ONCE_CLAIM_MS - 60_000))).toBe(0);
    expect(await one.reminders.runOnce(later(SEND_ONCE_CLAIM_MS + 60_000))).toBe(1);
    const row = await dueSoonRow(round);
    expect(row?.sentAt?.toISOString()).toBe(later(SEND_ONCE_CLAIM_MS + 60_000).toISOString());
  });
});
