import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallFileEntry } from '../../domain/call.ts';
import type { Database } from '../../server/db/client.ts';
import { callsWarnings, DEFAULT_CALLS_FILE, readCalls } from '../../server/reference/calls.ts';
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
  it('ships calls that can be applied to now (open in 2027, works ending after the closing) and the thresholds of \u00a79', async () => {
    const calls = await readCalls();
    expect(calls.map((call) => call.fund).sort()).toEqual(['PUI', 'TUR']);
    for (const call of calls) {
      expect(Date.parse(call.closesAt)).toBeGreaterThanOrEqual(Date.parse('2027-12-31T00:00:00+01:00'));
      expect(call.endOfWorksLimit >= '2030-01-01').toBe(true);
      expect(callsWarnings([call], new Date(call.closesAt))).toEqual([]);
    }
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
    // The file: open until 01/01/2027, works to end by 31/08/2026.
    await refused(
      withTur({ closesAt: '2027-01-01T00:00:00+01:00', endOfWorksLimit: '2026-08-31' }),
      /TUR: endOfWorksLimit 2026-08-31 is before the closing day 2027-01-01 \(closesAt\)/,
    );
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

  it('accepts an end of works on the closing day, on Italy\u2019s calendar', async () => {
    // 23:30 UTC on 31/12/2027 is already 01/01/2028 in Rome: works may end that day.
    const env = callsFile(withTur({ closesAt: '2027-12-31T23:30:00Z', endOfWorksLimit: '2028-01-01' }));
    await expect(readCalls(env.CALLS_FILE, ['TUR', 'PUI'])).resolves.toHaveLength(2);
    const env2 = callsFile(withTur({ closesAt: '2027-12-31T23:30:00Z', endOfWorksLimit: '2027-12-31' }));
    await expect(readCalls(env2.CALLS_FILE, ['TUR', 'PUI'])).rejects.toThrow(/before the closing day 2028-01-01/);
  });

  it('warns in the log at start when a call\u2019s end-of-works limit is already past', async () => {
    // A call that closed in 2025 with works to end by 31/08/2026: consistent, so accepted, but past today.
    const env = callsFile(
      withTur({ opensAt: '2025-01-01T00:00:00+01:00', closesAt: '2025-12-31T18:00:00+01:00', endOfWorksLimit: '2026-08-31' }),
    );
    const lines: string[] = [];
    const logger = { level: 'warn', stream: { write: (line: string) => void lines.push(line) } };
    const app = await createTestApp({ database: shared(), env, logger });
    try {
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; event?: string; msg: string });
      const past = warnings.filter((line) => line.event === 'calls.endOfWorksPast');
      expect(past).toHaveLength(1);
      expect(past[0]).toMatchObject({ level: 40 });
      expect(past[0]!.msg).toMatch(/^call TUR: its end-of-works limit 2026-08-31 is already past \(today is \d{4}-\d{2}-\d{2}\)/);
    } finally {
      await app.close();
    }
    // The day itself is not past: the works may still end that day.
    expect(callsWarnings(withTur({}) as CallFileEntry[], new Date('2030-12-31T22:59:00Z'))).toEqual([]);
    expect(callsWarnings(withTur({}) as CallFileEntry[], new Date('2030-12-31T23:00:00Z'))).toHaveLength(2);
  });

  it('is stored by fund at start, and a change to the file updates the call at the next start', async () => {
    const first = await createTestApp({ database: shared() });
    const person = await first.register();
    const before = (await first.get('/api/Call/GetCallList', person.token)).json() as {
      fund: string;
      endOfWorksLimit: string;
      signatureRequired: boolean;
    }[];
    expect(before.find((call) => call.fund === 'TUR')!.endOfWorksLimit).toBe('2030-12-31');
    // The suites' calls file asks for no signature (tests/support/testApp.ts); the shipped one, below, does.
    expect(before.find((call) => call.fund === 'TUR')!.signatureRequired).toBe(false);
    await first.close();

    const changed = withTur({
      title: 'Fondo Tematico Turismo Sostenibile - secondo avviso',
      opensAt: '2026-11-01T09:00:00+01:00',
      closesAt: '2027-03-31T18:00:00+02:00',
      endOfWorksLimit: '2031-12-31',
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
      endOfWorksLimit: '2031-12-31',
      thresholds: { fundAmountWarning: 12_000_000 },
    });
    expect(Date.parse(tur.opensAt)).toBe(Date.parse('2026-11-01T09:00:00+01:00'));
    expect(Date.parse(tur.closesAt)).toBe(Date.parse('2027-03-31T18:00:00+02:00'));
    // PUI, unchanged in the file, is as it was.
    expect(list.find((call) => call.fund === 'PUI')!.endOfWorksLimit).toBe('2030-12-31');
    await second.close();
  });
});
