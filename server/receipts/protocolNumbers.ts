import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { receiptCounters } from '../db/schema/receipts.ts';
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
