import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { monitoringPeriods, monitoringRounds } from '../db/schema/monitoring.ts';

export type MonitoringRoundRow = typeof monitoringRounds.$inferSelect;
export type MonitoringPeriodRow = typeof monitoringPeriods.$inferSelect;

/** The period the application is monitored for now: the one opened last (undefined before monitoring). */
export async function currentRoundOf(tx: Db, applicationId: string): Promise<MonitoringRoundRow | undefined> {
  const [row] = await tx
    .select()
    .from(monitoringRounds)
    .where(eq(monitoringRounds.applicationId, applicationId))
    .orderBy(desc(monitoringRounds.openedAt), desc(monitoringRounds.id))
    .limit(1);
  return row;
}

/** Every period opened for the application, with its period, in the order they were opened. */
export async function roundsOf(tx: Db, applicationId: string): Promise<{ round: MonitoringRoundRow; period: MonitoringPeriodRow }[]> {
  return tx
    .select({ round: monitoringRounds, period: monitoringPeriods })
    .from(monitoringRounds)
    .innerJoin(monitoringPeriods, eq(monitoringPeriods.id, monitoringRounds.periodId))
    .where(eq(monitoringRounds.applicationId, applicationId))
    .orderBy(asc(monitoringRounds.openedAt), asc(monitoringRounds.id));
}
