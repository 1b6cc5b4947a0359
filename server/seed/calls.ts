import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema/calls.ts';
import { FUNDS } from '../../domain/applicationStatus.ts';
import { callsFileSchema, type CallFileEntry } from '../../domain/call.ts';
import { projectPath } from '../projectRoot.ts';

/**
 * The calls, one per fund, are operators' data (server/seed/calls/README.md): opening and closing date-time,
 * the last allowed end of works and the reviewers' warning thresholds. The shipped file keeps the spec's values
 * (§5, §9: end of works by 31/08/2026, the thresholds); the spec gives no opening and closing dates, so the
 * whole of 2026 is assumed. CALLS_FILE replaces it without touching code.
 */
export const DEFAULT_CALLS_FILE = projectPath('server', 'seed', 'calls', 'calls.json');

export class CallsFileError extends Error {
  override name = 'CallsFileError';
}

/**
 * Reads and checks the file; a bad one stops the start with a message naming it and the problem. Every fund
 * the file names must be one the portal serves, and each of the portal's own funds (domain FUNDS) needs its call.
 */
export async function readCalls(file: string = DEFAULT_CALLS_FILE, funds: readonly string[] = FUNDS): Promise<CallFileEntry[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CallsFileError(`Calls file ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  const parsed = callsFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ');
    throw new CallsFileError(`Calls file ${file} is invalid: ${problems}`);
  }
  const unknown = parsed.data.find((call) => !funds.includes(call.fund));
  if (unknown) throw new CallsFileError(`Calls file ${file} names an unknown fund: ${unknown.fund}`);
  const missing = FUNDS.find((fund) => !parsed.data.some((call) => call.fund === fund));
  if (missing) throw new CallsFileError(`Calls file ${file} has no call for the fund ${missing}`);
  return parsed.data;
}

/**
 * Stores the file's calls by fund on every start: a new fund's call is added, a changed date, limit, title or
 * threshold, hand-over rule or signature rule updates its row (the file is the truth; a change made in the table is overwritten at the next
 * start). Funds the file does not name (a fund registered by code with its own row) are left as they are.
 */
export async function seedCalls(db: Db, entries?: readonly CallFileEntry[]): Promise<void> {
  const rows = (entries ?? (await readCalls())).map((call) => ({
    fund: call.fund,
    title: call.title,
    opensAt: new Date(call.opensAt),
    closesAt: new Date(call.closesAt),
    endOfWorksLimit: call.endOfWorksLimit,
    thresholds: call.thresholds,
    handOverBy: call.handOverBy,
    signatureRequired: call.signatureRequired,
  }));
  if (rows.length === 0) return;
  await db
    .insert(calls)
    .values(rows)
    .onConflictDoUpdate({
      target: calls.fund,
      set: {
        title: sql`excluded.title`,
        opensAt: sql`excluded.opens_at`,
        closesAt: sql`excluded.closes_at`,
        endOfWorksLimit: sql`excluded.end_of_works_limit`,
        thresholds: sql`excluded.thresholds`,
        handOverBy: sql`excluded.hand_over_by`,
        signatureRequired: sql`excluded.signature_required`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${calls.title}, ${calls.opensAt}, ${calls.closesAt}, ${calls.endOfWorksLimit}, ${calls.thresholds}, ${calls.handOverBy}, ${calls.signatureRequired})
        is distinct from (excluded.title, excluded.opens_at, excluded.closes_at, excluded.end_of_works_limit, excluded.thresholds, excluded.hand_over_by,
          excluded.signature_required)`,
    });
}
