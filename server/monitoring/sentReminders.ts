import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { monitoringPeriods, monitoringReminders, monitoringRounds } from '../db/schema/monitoring.ts';

/**
 * The monitoring reminders the portal e-mailed about one application, with their period's title: what the admin's
 * status history and the application's timeline list (a claim not yet marked sent is not among them).
 */
export async function sentMonitoringReminders(db: Db, applicationId: string) {
  const rows = await db
    .select({
      id: monitoringReminders.id,
      kind: monitoringReminders.kind,
      recipients: monitoringReminders.recipients,
      at: monitoringReminders.sentAt,
      title: monitoringPeriods.title,
    })
    .from(monitoringReminders)
    .innerJoin(monitoringRounds, eq(monitoringRounds.id, monitoringReminders.roundId))
    .innerJoin(monitoringPeriods, eq(monitoringPeriods.id, monitoringRounds.periodId))
    .where(and(eq(monitoringRounds.applicationId, applicationId), isNotNull(monitoringReminders.sentAt)));
  return rows.map((row) => ({ ...row, at: row.at! }));
}
