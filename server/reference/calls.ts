import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { calls } from '../db/schema/calls.ts';
import { FUNDS } from '../../domain/applicationStatus.ts';
import { callsFileSchema, type CallFileEntry } from '../../domain/call.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import { projectPath } from '../projectRoot.ts';

/**
 * The calls, one per fund, are operators' data (server/reference/calls/README.md): opening and closing date-time,
 * the last allowed end of works and the reviewers' warning thresholds. The shipped file keeps the spec's
 * thresholds (§9); its dates describe a call that can be applied to now (open until the end of 2027, works ending
 * by 31/12/2030: the spec's 31/08/2026 had passed while the call was still open, issue 46). CALLS_FILE replaces it
 * without touching code.
 */
export const DEFAULT_CALLS_FILE = projectPath('server', 'reference', 'calls', 'calls.json');

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
  const contradiction = parsed.data.map(datesContradiction).find((problem) => problem !== null);
  if (contradiction) throw new CallsFileError(`Calls file ${file} is invalid: ${contradiction}`);
  return parsed.data;
}

/**
 * A call whose last allowed end of works falls before its closing day (Europe/Rome) cannot be applied to honestly
 * until it closes: an application handed over on the last days could only declare works already ended.
 */
function datesContradiction(call: CallFileEntry): string | null {
  const closingDay = italianCalendarDay(new Date(call.closesAt));
  if (call.endOfWorksLimit < closingDay) {
    return `${call.fund}: endOfWorksLimit ${call.endOfWorksLimit} is before the closing day ${closingDay} (closesAt): works must be allowed to end after the call closes`;
  }
  return null;
}

/**
 * What an operator should know of calls the portal still accepts at start: a call whose end-of-works limit has
 * already passed (on Italy's calendar) cannot be handed over with works still to come. Logged, not refused: an
 * old call kept for its applications' history is a legitimate file.
 */
export function callsWarnings(entries: readonly CallFileEntry[], now: Date = new Date()): string[] {
  const today = italianCalendarDay(now);
  return entries
    .filter((call) => call.endOfWorksLimit < today)
    .map(
      (call) =>
        `call ${call.fund}: its end-of-works limit ${call.endOfWorksLimit} is already past (today is ${today}): applications could only declare works that have ended; set a later endOfWorksLimit in the calls file (CALLS_FILE)`,
    );
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
