import { and, eq, inArray, isNull } from 'drizzle-orm';
import { effectiveDueDay, remindersDue } from '../../domain/monitoringDueDates.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Membership } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { monitoringPeriods, monitoringReminders, monitoringRounds } from '../db/schema/monitoring.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { monitoringReminderMail } from '../mail/monitoringReminderMail.ts';
import { sendOnce, sentOrClaimed, type SentOnceTable } from '../mail/sendOnce.ts';
import { serialJob } from '../operations/serialJob.ts';

/** How often the job looks for reminders to send (and once at start). */
export const REMINDER_INTERVAL_MS = 10 * 60 * 1000;

export interface MonitoringRemindersDeps {
  db: Db;
  membership: Pick<Membership, 'mailRecipientsOf'>;
  mailer: Mailer;
  publicUrl: string;
  /** MONITORING_REMINDER_DAYS: how many days before the due day the second reminder goes out. */
  daysBefore: number;
  log: FastifyBaseLogger;
}

const SENT: SentOnceTable = {
  table: monitoringReminders,
  key: [monitoringReminders.roundId, monitoringReminders.kind],
  id: monitoringReminders.id,
  recipients: monitoringReminders.recipients,
  claimedAt: monitoringReminders.claimedAt,
  sentAt: monitoringReminders.sentAt,
};

/**
 * The monitoring reminders: when a period opens, and `daysBefore` days before its due day, the
 * organisation's members get an e-mail. Each (period of an application, kind) is sent once, whatever the number
 * of server processes and restarts, through its row in monitoring_reminders (server/mail/sendOnce.ts). The job is
 * stateless: every run reads what is due from the database.
 */
export function createMonitoringReminders(deps: MonitoringRemindersDeps) {
  const { db, membership, mailer, publicUrl, daysBefore, log } = deps;

  async function sendDue(now: Date): Promise<number> {
    const open = await db
      .select({
        roundId: monitoringRounds.id,
        dueOn: monitoringPeriods.dueOn,
        title: monitoringPeriods.title,
        fund: applications.fund,
        organizationId: applications.organizationId,
        organizationName: organizations.name,
      })
      .from(monitoringRounds)
      .innerJoin(monitoringPeriods, eq(monitoringPeriods.id, monitoringRounds.periodId))
      .innerJoin(applications, eq(applications.id, monitoringRounds.applicationId))
      .innerJoin(organizations, eq(organizations.id, applications.organizationId))
      .where(and(isNull(monitoringRounds.submittedAt), eq(applications.status, 'MONITORAGGIO_APERTO')));
    if (open.length === 0) return 0;
    const sent = await db
      .select({ roundId: monitoringReminders.roundId, kind: monitoringReminders.kind })
      .from(monitoringReminders)
      .where(
        and(
          inArray(
            monitoringReminders.roundId,
            open.map((r) => r.roundId),
          ),
          sentOrClaimed(SENT, now),
        ),
      );
    const due = remindersDue(
      open.map((r) => ({
        roundId: r.roundId,
        dueOn: r.dueOn,
        submitted: false,
        sent: sent.filter((s) => s.roundId === r.roundId).map((s) => s.kind),
      })),
      now,
      daysBefore,
    );
    let count = 0;
    for (const reminder of due) {
      const round = open.find((r) => r.roundId === reminder.roundId)!;
      const members = await membership.mailRecipientsOf(round.organizationId);
      const done = await sendOnce(db, SENT, {
        key: { roundId: round.roundId, kind: reminder.kind },
        recipients: members.length,
        now,
        send: async () => {
          for (const member of members) {
            await mailer.send(
              monitoringReminderMail({
                to: member.email,
                kind: reminder.kind,
                organizationName: round.organizationName,
                fund: round.fund,
                periodTitle: round.title,
                dueDay: effectiveDueDay(round.dueOn),
                link: `${publicUrl}/monitoraggio`,
              }),
            );
          }
        },
        onError: (err) => log.error({ err, roundId: round.roundId, kind: reminder.kind }, 'promemoria di monitoraggio non inviato'),
      });
      if (done) count += 1;
    }
    return count;
  }

  // Sends what is due at `now`; answers how many reminders this process sent. Runs never overlap in a process.
  const job = serialJob(
    (now: Date = new Date()) => sendDue(now),
    (err) => log.error({ err }, 'promemoria di monitoraggio: esecuzione non riuscita'),
  );

  return {
    runOnce: (now?: Date) => job.runOnce(now),

    /** Runs now and every `intervalMs` until the returned stop is called; stop waits for a run under way. */
    start(intervalMs = REMINDER_INTERVAL_MS): () => Promise<void> {
      return job.start(intervalMs, undefined);
    },
  };
}
