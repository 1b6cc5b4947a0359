import type { Db } from '../db/client.ts';
import { calls } from '../db/schema/calls.ts';
import { fundTitles, type Fund } from '../../domain/applicationStatus.ts';
import type { CallThresholds } from '../../domain/call.ts';

/**
 * The two calls as first configured (spec §5, §9). Written once, on the first start: afterwards the rows in
 * the `calls` table are the truth (an operator may move a date there) and a restart never overwrites them.
 * The spec does not give the calls' opening and closing dates: the whole of 2026 is assumed.
 */
export const initialCalls: {
  fund: Fund;
  title: string;
  opensAt: Date;
  closesAt: Date;
  endOfWorksLimit: string;
  thresholds: CallThresholds;
}[] = [
  {
    fund: 'TUR',
    title: fundTitles.TUR,
    opensAt: new Date('2026-01-01T00:00:00+01:00'),
    closesAt: new Date('2027-01-01T00:00:00+01:00'),
    endOfWorksLimit: '2026-08-31',
    thresholds: {
      fundAmountWarning: 16_000_000,
      maxFundSharePercent: 50,
      propertyPurchaseMaxPercent: 10,
      energyCapexMinPercent: 50,
      digitalCapexMinPercent: 20,
    },
  },
  {
    fund: 'PUI',
    title: fundTitles.PUI,
    opensAt: new Date('2026-01-01T00:00:00+01:00'),
    closesAt: new Date('2027-01-01T00:00:00+01:00'),
    endOfWorksLimit: '2026-08-31',
    thresholds: {
      fundAmountWarning: 30_000_000,
      maxFundSharePercent: 50,
      propertyPurchaseMaxPercent: null,
      energyCapexMinPercent: null,
      digitalCapexMinPercent: null,
    },
  },
];

/** Inserts the calls that are missing; existing rows are left as they are. Safe on every start. */
export async function seedCalls(db: Db): Promise<void> {
  await db.insert(calls).values(initialCalls).onConflictDoNothing({ target: calls.fund });
}
