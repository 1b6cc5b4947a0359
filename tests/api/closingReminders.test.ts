import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSING_REMINDER_LEAD_MS } from '../../domain/closingReminders.ts';
import type { Database } from '../../server/db/client.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { closingReminders } from '../../server/db/schema/closingReminders.ts';
import { SEND_ONCE_CLAIM_MS } from '../../server/mail/sendOnce.ts';
import { forceApplicationStatus, saveDraft } from '../support/applicationFixtures.ts';
import { personWithOrganization, personWithRole } from '../support/organizationFixtures.ts';
import { readOutbox, type OutboxMail } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

let database: Database;
let one: TestApp;
let two: TestApp;
let closesAt: Date;
let drafting: Awaited<ReturnType<typeof personWithOrganization>>;
let colleague: { email: string };
let handedOver: Awaited<ReturnType<typeof personWithOrganization>>;
let reopened: Awaited<ReturnType<typeof personWithOrganization>>;

/** The second process's data (its outbox) stays across its restart. */
const twoDataDir = mkdtempSync(path.join(tmpdir(), 'pf-closing-'));
/** The same database under another server process (closing it leaves the database open). */
const shared = () => ({ ...database, close: async () => {} });
/** Every reminder before a call closes that either process wrote to its outbox. */
const reminders = async (): Promise<OutboxMail[]> =>
  [...(await readOutbox(one.config.mail.outboxDir)), ...(await readOutbox(two.config.mail.outboxDir))].filter((mail) =>
    mail.subject.startsWith('Promemoria: il bando'),
  );
const before = (ms: number) => new Date(closesAt.getTime() - ms);
const sevenDaysBefore = (plusMs = 0) => before(CLOSING_REMINDER_LEAD_MS.seven_days - plusMs);
const twoDaysBefore = (plusMs = 0) => before(CLOSING_REMINDER_LEAD_MS.two_days - plusMs);
const HOUR = 60 * 60 * 1000;
const runBoth = async (now: Date) => {
  const counts = await Promise.all([
    one.closingReminders.runOnce(now),
    two.closingReminders.runOnce(now),
    one.closingReminders.runOnce(now),
  ]);
  return counts.reduce((a, b) => a + b, 0);
};

beforeAll(async () => {
  database = await openTestDatabase();
  one = await createTestApp({ database: shared() });
  two = await createTestApp({ database: shared(), dataDir: twoDataDir });
  const [tur] = await database.db.select().from(calls).where(eq(calls.fund, 'TUR'));
  closesAt = tur!.closesAt;
  // A TUR draft, two members: both are reminded.
  drafting = await personWithOrganization(one, { name: 'Comune della Bozza' });
  colleague = await personWithRole(one, drafting.orgId, 'editor', await one.register());
  expect((await saveDraft(one, drafting.token, drafting.orgId, 'TUR', { progNome: 'Ciclovia del lago' })).statusCode).toBe(200);
  // Handed its TUR application over, and left a PUI draft: reminded of PUI only.
  handedOver = await personWithOrganization(one, { name: 'Comune della Consegna' });
  await forceApplicationStatus(one, handedOver.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
  expect((await saveDraft(one, handedOver.token, handedOver.orgId, 'PUI', { progNome: 'Piazza nuova' })).statusCode).toBe(200);
  // Handed over, then reopened by the administrators: a draft again, but not one left unsent.
  reopened = await personWithOrganization(one, { name: 'Comune Riaperto' });
  await forceApplicationStatus(one, reopened.orgId, 'TUR', 'APERTA', { submittedAt: new Date() });
}, 300_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
});

describe('reminders before a call closes', () => {
  it('nothing a minute before the seven days', async () => {
    expect(await runBoth(sevenDaysBefore(-60_000))).toBe(0);
    expect(await reminders()).toHaveLength(0);
  });

  it('seven days before: exactly one e-mail per member of each draft, across two processes; none to who handed over', async () => {
    expect(await runBoth(sevenDaysBefore(HOUR))).toBe(2);
    const sent = await reminders();
    expect(sent.map((mail) => mail.to).sort()).toEqual([drafting.email, colleague.email, handedOver.email].sort());
    const toDrafting = sent.find((mail) => mail.to === drafting.email)!;
    expect(toDrafting.subject).toBe('Promemoria: il bando «Fondo Tematico Turismo Sostenibile» chiude il 31/12/2027 alle 18:00');
    expect(toDrafting.text).toContain('«Comune della Bozza»');
    expect(toDrafting.text).toContain('mancano 7 giorni');
    expect(toDrafting.text).toContain('http://portale.test/survey/TUR_candidatura');
    const toHandedOver = sent.find((mail) => mail.to === handedOver.email)!;
    expect(toHandedOver.subject).toContain('Fondo Tematico Piani Urbani Integrati');
    expect(sent.some((mail) => mail.to === reopened.email)).toBe(false);
    // A second run, in either process, sends nothing more.
    expect(await runBoth(sevenDaysBefore(2 * HOUR))).toBe(0);
    expect(await reminders()).toHaveLength(3);
  });

  it('48 hours before: the second reminder, once; after a restart nothing again', async () => {
    expect(await runBoth(twoDaysBefore(HOUR))).toBe(2);
    const second = (await reminders()).filter((mail) => mail.text.includes('mancano 48 ore'));
    expect(second.map((mail) => mail.to).sort()).toEqual([drafting.email, colleague.email, handedOver.email].sort());
    await two.close();
    two = await createTestApp({ database: shared(), dataDir: twoDataDir });
    expect(await runBoth(twoDaysBefore(2 * HOUR))).toBe(0);
    expect(await runBoth(new Date(closesAt.getTime() + HOUR))).toBe(0);
    expect(await reminders()).toHaveLength(6);
  }, 240_000);

  it('a draft handed over meanwhile gets no reminder', async () => {
    const late = await personWithOrganization(one, { name: 'Comune Puntuale' });
    expect((await saveDraft(one, late.token, late.orgId, 'TUR', { progNome: 'Sentiero' })).statusCode).toBe(200);
    await forceApplicationStatus(one, late.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
    expect(await runBoth(twoDaysBefore(3 * HOUR))).toBe(0);
  });

  it('a reminder whose process ended while sending it is sent by a later run, once its claim is old', async () => {
    const cut = await personWithOrganization(one, { name: 'Comune del Processo Interrotto' });
    const saved = await saveDraft(one, cut.token, cut.orgId, 'TUR', { progNome: 'Pista' });
    const applicationId = (saved.json() as { applicationId: string }).applicationId;
    const claimedAt = twoDaysBefore(4 * HOUR);
    // What a process that died after claiming leaves behind.
    await database.db
      .insert(closingReminders)
      .values({ applicationId, kind: 'two_days', closesAt, recipients: 1, claimedAt, sentAt: null });
    const later = (ms: number) => new Date(claimedAt.getTime() + ms);
    expect(await runBoth(later(SEND_ONCE_CLAIM_MS - 60_000))).toBe(0);
    expect(await runBoth(later(SEND_ONCE_CLAIM_MS + 60_000))).toBe(1);
    const [row] = await database.db
      .select()
      .from(closingReminders)
      .where(and(eq(closingReminders.applicationId, applicationId), eq(closingReminders.kind, 'two_days')));
    expect(row?.sentAt?.toISOString()).toBe(later(SEND_ONCE_CLAIM_MS + 60_000).toISOString());
    expect((await reminders()).filter((mail) => mail.to === cut.email)).toHaveLength(1);
  });
});
