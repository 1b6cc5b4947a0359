import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/queryRows.ts';
import { receiptCounters, type PreparedReceipt } from '../db/schema/receipts.ts';
import { italianCalendarDay } from '../../domain/italianDates.ts';
import { protocolNumber } from '../../domain/receipts.ts';

export interface ProtocolNumber {
  year: number;
  number: number;
  protocol: string;
}

/** The year an instant falls in on Italy's calendar: a hand-over at 00:30 of 1 January in Rome is of the new year. */
export function italianYear(at: Date): number {
  return Number(italianCalendarDay(at).slice(0, 4));
}

/**
 * The next protocol number of `fund` in the year of `at` (Europe/Rome), taken in the caller's transaction: the
 * counter row is created at 1 or incremented by one statement, and stays locked until the transaction ends. A
 * concurrent hand-over of the same call waits for it, then takes the next number; a rolled-back hand-over
 * gives its number back. So the numbers of a call's year are 1, 2, 3, … with no gap and no repeat.
 */
export async function nextProtocolNumber(tx: Db, fund: string, at: Date): Promise<ProtocolNumber> {
  const year = italianYear(at);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ fund, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.fund, receiptCounters.year],
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber });
  if (!counter) throw new Error('receipt counter not written');
  return { year, number: counter.lastNumber, protocol: protocolNumber(fund, year, counter.lastNumber) };
}

/** What numbering a receipt answers: its row's identity, number and the server's acceptance time. */
export interface NumberedReceipt extends ProtocolNumber {
  id: string;
  /** PostgreSQL's clock_timestamp() as text, to the microsecond (domain/acceptanceTime.ts reads it). */
  acceptedAt: string;
}

/**
 * Numbers and writes a prepared receipt in ONE statement, which must be the last of the hand-over's transaction
 * (docs/decisions/0001-gapless-protocol-numbers.md): the counter row of the call and year is incremented — and so
 * locked — by the statement's first step, the acceptance time is read in the same step once the lock is held, and
 * the receipt is inserted with both. Nothing but COMMIT follows, so the lock that serialises the call's hand-overs
 * is held for one statement and the commit, not for the transaction. The numbers stay gapless (a rolled-back
 * hand-over gives its number back) and follow the acceptance times by construction.
 */
export async function numberReceipt(tx: Db, receipt: PreparedReceipt): Promise<NumberedReceipt> {
  const json = (value: unknown) => sql`(${JSON.stringify(value)}::text)::jsonb`;
  const [row] = await queryRows<{ id: string; number: number; protocol: string; accepted_at: string }>(
    tx,
    sql`
    with counter as (
      insert into receipt_counters (fund, year, last_number) values (${receipt.fund}, ${receipt.year}, 1)
      on conflict (fund, year) do update set last_number = receipt_counters.last_number + 1
      returning last_number, clock_timestamp() as accepted_at
    )
    insert into receipts (protocol, fund, year, number, kind, title, application_id, organization_id, status_history_id,
      handed_over_by, handed_over_by_name, handed_over_at, accepted_at, call_title, organization_name, vat_number,
      figures, attachments, signature)
    select ${`${receipt.fund}-${receipt.year}-`} || lpad(last_number::text, greatest(6, length(last_number::text)), '0'),
      ${receipt.fund}, ${receipt.year}, last_number, ${receipt.kind}, ${receipt.title}, ${receipt.applicationId}::uuid,
      ${receipt.organizationId}::uuid, ${receipt.statusHistoryId}::uuid, ${receipt.handedOverBy}::uuid, ${receipt.handedOverByName},
      ${receipt.handedOverAt.toISOString()}::timestamptz, accepted_at, ${receipt.callTitle}, ${receipt.organizationName},
      ${receipt.vatNumber}, ${json(receipt.figures)}, ${json(receipt.attachments)},
      ${receipt.signature === null ? sql`null` : json(receipt.signature)}
    from counter
    returning id, number, protocol, to_char(accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as accepted_at`,
  );
  if (!row) throw new Error('receipt not written');
  return { id: row.id, year: receipt.year, number: Number(row.number), protocol: row.protocol, acceptedAt: row.accepted_at };
}
