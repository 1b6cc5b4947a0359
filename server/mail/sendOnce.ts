import { and, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** A claim this old that was never marked sent was cut short (its process ended while sending): it is taken over. */
export const SEND_ONCE_CLAIM_MS = 60 * 60 * 1000;

/**
 * A table of e-mails each sent once (the monitoring reminders, the reminders before a call closes): one row per
 * e-mail, unique on `key`, with how many members it went to, when a run claimed it and when it was sent.
 */
export interface SentOnceTable {
  table: PgTable;
  key: [PgColumn, ...PgColumn[]];
  id: PgColumn;
  recipients: PgColumn;
  claimedAt: PgColumn;
  sentAt: PgColumn;
}

const staleBefore = (now: Date) => new Date(now.getTime() - SEND_ONCE_CLAIM_MS);

/** The rows sent, or being sent by a run still within its claim: either way not this run's to send. */
export function sentOrClaimed(log: SentOnceTable, now: Date): SQL {
  return or(isNotNull(log.sentAt), gt(log.claimedAt, staleBefore(now)))!;
}

export interface SendOnceInput {
  /** The e-mail's key columns (the table's property names) and their values. */
  key: Record<string, unknown>;
  recipients: number;
  now: Date;
  /** Sends it to every member; a throw withdraws the claim, and a later run tries again. */
  send(): Promise<void>;
  onError(err: unknown): void;
}

/**
 * Sends one e-mail at most once whatever the number of server processes and restarts; answers whether this run
 * sent it. The run first claims it: one statement inserts its row (or takes over a claim older than
 * SEND_ONCE_CLAIM_MS), and another process's claim of the same e-mail finds the row and does nothing. Only then,
 * with no transaction open, does it go out (a slow mail server holds no row and no session: on the embedded
 * database every query shares one), and the row is marked sent. If sending fails, the claim is withdrawn; if the
 * process ends while sending, the claim grows old and a later run sends it again.
 */
export async function sendOnce(db: Db, log: SentOnceTable, input: SendOnceInput): Promise<boolean> {
  const { key, recipients, now } = input;
  // The table is one of several: its row type is the caller's, checked where the key is written.
  const [claim] = await db
    .insert(log.table)
    .values({ ...key, recipients, claimedAt: now } as never)
    .onConflictDoUpdate({
      target: log.key,
      set: { recipients, claimedAt: now } as never,
      setWhere: and(isNull(log.sentAt), lte(log.claimedAt, staleBefore(now))),
    })
    .returning({ id: log.id });
  // Another process sent it, or is sending it: nothing to do.
  if (!claim) return false;
  try {
    await input.send();
  } catch (err) {
    await db.delete(log.table).where(and(eq(log.id, claim.id), eq(log.claimedAt, now), isNull(log.sentAt)));
    input.onError(err);
    return false;
  }
  await db
    .update(log.table)
    .set({ sentAt: now } as never)
    .where(eq(log.id, claim.id));
  return true;
}
