import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallFileEntry } from '../../domain/call.ts';
import type { Database } from '../../server/db/client.ts';
import { DEFAULT_CALLS_FILE, readCalls } from '../../server/seed/calls.ts';
import { createTestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

const shipped = JSON.parse(readFileSync(DEFAULT_CALLS_FILE, 'utf8')) as CallFileEntry[];

/** A calls file with `content` (JSON of it unless a string), and the env that selects it. */
function callsFile(content: unknown): { CALLS_FILE: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pf-calls-')), 'calls.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return { CALLS_FILE: file };
}
const withTur = (change: Partial<CallFileEntry>) => shipped.map((call) => (call.fund === 'TUR' ? { ...call, ...change } : call));

let database: Database;
/** The same database under another start of the portal. */
const shared = () => ({ ...database, close: async () => {} });

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('the calls file', () => {
  it('ships the spec\u2019s values: end of works by 31/08/2026, the thresholds of \u00a79', async () => {
    const calls = await readCalls();
    expect(calls.map((call) => call.fund).sort()).toEqual(['PUI', 'TUR']);
    for (const call of calls) expect(call.endOfWorksLimit).toBe('2026-08-31');
    expect(calls.find((call) => call.fund === 'TUR')!.thresholds).toMatchObject({ fundAmountWarning: 16_000_000, maxFundSharePercent: 50 });
    expect(calls.find((call) => call.fund === 'PUI')!.thresholds.fundAmountWarning).toBe(30_000_000);
    // Both calls hand over only a Domanda signed by the legal representative (issue 43).
    for (const call of calls) expect(call.signatureRequired).toBe(true);
  });

  it('a bad file stops the start, naming the file and the problem', async () => {
    const refused = async (content: unknown, problem: RegExp) => {
      const env = callsFile(content);
      await expect(readCalls(env.CALLS_FILE, ['TUR', 'PUI'])).rejects.toThrow(problem);
      await expect(createTestApp({ database: shared(), env })).rejects.toThrow(
        new RegExp(env.CALLS_FILE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')),
      );
    };
    await refused('{ non è JSON', /cannot be read as JSON/);
    await refused(withTur({ closesAt: '2025-12-31T23:59:59+01:00' }), /closesAt must be later than opensAt/);
    await refused(withTur({ endOfWorksLimit: '31/08/2026' }), /endOfWorksLimit: a calendar date YYYY-MM-DD/);
    await refused(withTur({ opensAt: '2026-01-01' }), /opensAt: a date-time with its offset/);
    await refused([...shipped, { ...shipped[0]!, fund: 'XYZ' }], /unknown fund: XYZ/);
    await refused(
      shipped.filter((call) => call.fund !== 'PUI'),
      /no call for the fund PUI/,
    );
    await refused([...shipped, shipped[0]!], /a fund has two calls/);
    await refused(withTur({ thresholds: { ...shipped[0]!.thresholds, maxFundSharePercent: 150 } }), /thresholds\.maxFundSharePercent/);
    await refused(withTur({ handOverBy: 'chiunque' as CallFileEntry['handOverBy'] }), /handOverBy/);
    await refused(withTur({ signatureRequired: 'sì' as unknown as boolean }), /signatureRequired/);
  });

  it('is stored by fund at start, and a change to the file updates the call at the next start', async () => {
    const first = await createTestApp({ database: shared() });
    const person = await first.register();
    const before = (await first.get('/api/Call/GetCallList', person.token)).json() as {
      fund: string;
      endOfWorksLimit: string;
      signatureRequired: boolean;
    }[];
    expect(before.find((call) => call.fund === 'TUR')!.endOfWorksLimit).toBe('2026-08-31');
    // The suites' calls file asks for no signature (tests/support/testApp.ts); the shipped one, below, does.
    expect(before.find((call) => call.fund === 'TUR')!.signatureRequired).toBe(false);
    await first.close();

    const changed = withTur({
      title: 'Fondo Tematico Turismo Sostenibile - secondo avviso',
      opensAt: '2026-11-01T09:00:00+01:00',
      closesAt: '2027-03-31T18:00:00+02:00',
      endOfWorksLimit: '2027-12-31',
      thresholds: { ...shipped[0]!.thresholds, fundAmountWarning: 12_000_000 },
    });
    const second = await createTestApp({ database: shared(), env: callsFile(changed) });
    const list = (await second.get('/api/Call/GetCallList', person.token)).json() as {
      fund: string;
      title: string;
      opensAt: string;
      closesAt: string;
      endOfWorksLimit: string;
      isOpen: boolean;
      thresholds: { fundAmountWarning: number };
      signatureRequired: boolean;
    }[];
    const tur = list.find((call) => call.fund === 'TUR')!;
    expect(tur).toMatchObject({
      title: 'Fondo Tematico Turismo Sostenibile - secondo avviso',
      signatureRequired: true,
      endOfWorksLimit: '2027-12-31',
      thresholds: { fundAmountWarning: 12_000_000 },
    });
    expect(Date.parse(tur.opensAt)).toBe(Date.parse('2026-11-01T09:00:00+01:00'));
    expect(Date.parse(tur.closesAt)).toBe(Date.parse('2027-03-31T18:00:00+02:00'));
    // PUI, unchanged in the file, is as it was.
    expect(list.find((call) => call.fund === 'PUI')!.endOfWorksLimit).toBe('2026-08-31');
    await second.close();
  });
});
