import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptCounters, receipts } from '../../server/db/schema/receipts.ts';
import { italianYear, nextProtocolNumber } from '../../server/receipts/protocolNumbers.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completeTurApplication } from '../support/turFixtures.ts';

/**
 * Protocol numbers: consecutive per call and year, given in the hand-over's transaction. Runs on
 * in-memory PGlite, and on PostgreSQL with DATABASE_URL (npm run test:pg), where the hand-overs really overlap.
 */
let t: TestApp;
const year = italianYear(new Date());

beforeAll(async () => {
  t = await createTestApp({ missingRequiredAttachments: async () => [] });
}, 60_000);
afterAll(() => t.close());

const submitTur = (person: { token: string; orgId: string }) =>
  t.post('/api/Tur/CreateUpdateTur', completeTurApplication(person.orgId), person.token);
const numbersOf = async (fund: string) =>
  (await t.db.select({ number: receipts.number, protocol: receipts.protocol }).from(receipts).where(eq(receipts.fund, fund)))
    .map((r) => r.number)
    .sort((a, b) => a - b);
const counter = async (fund: string, forYear = year) =>
  (
    await t.db
      .select({ lastNumber: receiptCounters.lastNumber })
      .from(receiptCounters)
      .where(and(eq(receiptCounters.fund, fund), eq(receiptCounters.year, forYear)))
  )[0]?.lastNumber;

describe('protocol numbers', () => {
  it('concurrent hand-overs of one call get consecutive numbers, no gap, no repeat', async () => {
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, i) => personWithOrganization(t, { name: `Comune di Concorrenza ${i + 1}` })),
    );
    const answers = await Promise.all(people.map(submitTur));
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));
    expect(await numbersOf('TUR')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const protocols = answers.map((a) => a.json().receipts[0].protocol as string).sort();
    expect(protocols).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `TUR-${year}-00000${n}`));
    expect(await counter('TUR')).toBe(8);
  });

  it('a double submit, at once and again later, gets one number', async () => {
    const person = await personWithOrganization(t, { name: 'Comune del Doppio Invio' });
    const [first, second] = await Promise.all([submitTur(person), submitTur(person)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await submitTur(person);
    expect(third.statusCode).toBe(200);
    const mine = await t.db.select().from(receipts).where(eq(receipts.organizationId, person.orgId));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.protocol).toBe(`TUR-${year}-000009`);
    expect(third.json().receipts).toEqual(first.json().receipts);
    expect(await counter('TUR')).toBe(9);
  });

  it('each call counts on its own', async () => {
    const person = await personWithOrganization(t, { name: 'Comune di Altro Bando' });
    await t.db.transaction(async (tx) => {
      expect(await nextProtocolNumber(tx, 'PUI', new Date())).toEqual({ year, number: 1, protocol: `PUI-${year}-000001` });
    });
    expect((await submitTur(person)).json().receipts[0].protocol).toBe(`TUR-${year}-000010`);
  });

  it('a hand-over rolled back gives its number back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        expect((await nextProtocolNumber(tx, 'PUI', new Date())).number).toBe(2);
        throw new Error('the hand-over failed');
      }),
    ).rejects.toThrow('the hand-over failed');
    await t.db.transaction(async (tx) => {
      expect((await nextProtocolNumber(tx, 'PUI', new Date())).number).toBe(2);
    });
  });

  it("counts the year on Italy's calendar: 23:30 UTC of 31 December is already the new year in Rome", async () => {
    await t.db.transaction(async (tx) => {
      expect(await nextProtocolNumber(tx, 'PUI', new Date('2030-12-31T23:30:00Z'))).toEqual({
        year: 2031,
        number: 1,
        protocol: 'PUI-2031-000001',
      });
      expect((await nextProtocolNumber(tx, 'PUI', new Date('2030-12-31T22:30:00Z'))).protocol).toBe('PUI-2030-000001');
    });
  });
});
