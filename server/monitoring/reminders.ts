import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { effectiveDueDay, remindersDue } from '../../domain/monitoringDueDates.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Membership } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { monitoringPeriods, monitoringReminders, monitoringRounds } from '../db/schema/monitoring.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { monitoringReminderMail } from '../mail/monitoringReminderMail.ts';
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

/** A claim this old that was never marked sent was cut short (its process ended while sending): it is taken over. */
export const REMINDER_CLAIM_MS = 60 * 60 * 1000;

/**
 * The monitoring reminders: when a period opens, and `daysBefore` days before its due day, the
 * organisation's members get an e-mail. Each (period of an application, kind) is sent once, whatever the number
 * of server processes and restarts. A run first claims the reminder: one statement inserts its row in
 * monitoring_reminders (or takes over a claim older than REMINDER_CLAIM_MS), and a second process's claim of the
 * same reminder finds the row and does nothing. Only then, with no transaction open, do the e-mails go out (a
 * slow mail server holds no row and no session: on the embedded database every query shares one), and the row
 * is marked sent. If sending fails, the claim is withdrawn and the next run tries again; if the process ends
 * while sending, the claim grows old and a later run sends the reminder again. The job is stateless: every run
 * reads what is due from the database.
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
    const staleBefore = new Date(now.getTime() - REMINDER_CLAIM_MS);
    // Sent, or being sent by a run still within its claim: either way not this run's to send.
    const sent = await db
      .select({ roundId: monitoringReminders.roundId, kind: monitoringReminders.kind })
      .from(monitoringReminders)
      .where(
        and(
          inArray(
            monitoringReminders.roundId,
            open.map((r) => r.roundId),
          ),
          or(isNotNull(monitoringReminders.sentAt), gt(monitoringReminders.claimedAt, staleBefore)),
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
      const [claim] = await db
        .insert(monitoringReminders)
        .values({ roundId: round.roundId, kind: reminder.kind, recipients: members.length, claimedAt: now, sentAt: null })
        .onConflictDoUpdate({
          target: [monitoringReminders.roundId, monitoringReminders.kind],
          set: { recipients: members.length, claimedAt: now },
          setWhere: and(isNull(monitoringReminders.sentAt), lte(monitoringReminders.claimedAt, staleBefore)),
        })
        .returning({ id: monitoringReminders.id });
      // Another process sent it, or is sending it: nothing to do.
      if (!claim) continue;
      try {
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
      } catch (err) {
        // Withdrawn: the next run tries again.
        await db
          .delete(monitoringReminders)
          .where(and(eq(monitoringReminders.id, claim.id), eq(monitoringReminders.claimedAt, now), isNull(monitoringReminders.sentAt)));
        log.error({ err, roundId: round.roundId, kind: reminder.kind }, 'promemoria di monitoraggio non inviato');
        continue;
      }
      await db.update(monitoringReminders).set({ sentAt: now }).where(eq(monitoringReminders.id, claim.id));
      count += 1;
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
