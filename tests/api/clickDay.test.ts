import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptanceIso } from '../../domain/acceptanceTime.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { receipts } from '../../server/db/schema/receipts.ts';
import { italianYear } from '../../server/receipts/protocolNumbers.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';

/**
 * Click day (issue 45): hand-overs of a first-come-first-served call arriving together. On PostgreSQL
 * (DATABASE_URL, npm run test:pg) they really overlap on the pool's connections; on PGlite's one connection they
 * queue, and the same checks hold. Speed is the bench's (tests/bench/click-day.bench.ts), not this suite's.
 */
let t: TestApp;
const year = italianYear(new Date());

beforeAll(async () => {
  // Numbering is what is tested, not the queue (handOverQueue.test.ts): on a busy machine 50 may wait past the default 2 s.
  t = await createTestApp({ missingRequiredAttachments: async () => [], env: { HANDOVER_QUEUE_MS: '60000' } });
}, 120_000);
afterAll(() => t.close());

const submitPui = (person: { token: string; orgId: string }, overrides: Parameters<typeof completePuiApplication>[1] = {}) =>
  t.post('/api/Pui/CreatePui', completePuiApplication(person.orgId, overrides), person.token);

describe('click day', () => {
  it('50 hand-overs at once get 50 gapless numbers, in the order of their acceptance times', async () => {
    const people: { token: string; orgId: string }[] = [];
    // Registered ten at a time: the identity provider's sign-ins are not what is tested.
    for (let i = 0; i < 50; i += 10) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) => personWithOrganization(t, { name: `Comune dello Sportello ${i + j + 1}` })),
        )),
      );
    }
    const answers = await Promise.all(people.map((person) => submitPui(person)));
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));

    const rows = await t.db
      .select({ number: receipts.number, protocol: receipts.protocol, acceptedAt: receipts.acceptedAt })
      .from(receipts)
      .where(and(eq(receipts.fund, 'PUI'), eq(receipts.year, year)))
      .orderBy(asc(receipts.number));
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(rows.map((r) => r.protocol)).toEqual(rows.map((r) => `PUI-${year}-${String(r.number).padStart(6, '0')}`));
    const times = rows.map((r) => acceptanceIso(r.acceptedAt));
    // Microseconds, and each later than the one before: the protocol order is the acceptance order.
    expect(times.every((time) => /\.\d{6}Z$/.test(time))).toBe(true);
    times.slice(1).forEach((time, i) => expect(time > times[i]!, `${time} after ${times[i]}`).toBe(true));
    // Every applicant got the receipt its hand-over wrote.
    const given = answers.map((a) => a.json().receipts[0].protocol as string).sort();
    expect(given).toEqual(rows.map((r) => r.protocol));
  }, 300_000);

  it('5 identical hand-overs of one application at once: one hand-over, the others answer it again', async () => {
    const person = await personWithOrganization(t, { name: 'Comune del Quintuplo Invio' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => submitPui(person)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const mine = await t.db.select().from(receipts).where(eq(receipts.organizationId, person.orgId));
    expect(mine).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().receipts[0].protocol))).toEqual(new Set([mine[0]!.protocol]));
    const submits = await t.db
      .select()
      .from(applicationStatusHistory)
      .where(
        and(
          eq(applicationStatusHistory.applicationId, mine[0]!.applicationId),
          eq(applicationStatusHistory.toStatus, 'CANDIDATURA_SOTTOMESSA'),
        ),
      );
    expect(submits).toHaveLength(1);
  }, 120_000);

  it('5 different hand-overs of one application at once: one is handed over, four hear it already was (409, not 5xx)', async () => {
    const person = await personWithOrganization(t, { name: 'Comune delle Cinque Versioni' });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => submitPui(person, { progNome: `Versione ${i + 1}` })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ error: 'application_submitted', message: submissionMessages.alreadySubmitted });
    }
    const mine = await t.db.select().from(receipts).where(eq(receipts.organizationId, person.orgId));
    expect(mine).toHaveLength(1);
    const handedOver = answers.find((a) => a.statusCode === 200)!.json();
    expect(mine[0]!.protocol).toBe(handedOver.receipts[0].protocol);
  }, 120_000);
});
