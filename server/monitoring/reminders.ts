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

/** How often the job looks for reminders to send (and once at start). */
export const REMINDER_INTERVAL_MS = 10 * 60 * 1000;

export interface MonitoringRemindersDeps {
  db: Db;
  membership: Pick<Membership, 'membersOf'>;
  mailer: Mailer;
  publicUrl: string;
  /** MONITORING_REMINDER_DAYS: how many days before the due day the second reminder goes out. */
  daysBefore: number;
  log: FastifyBaseLogger;
}

/**
 * The monitoring reminders (issue 12): when a period opens, and `daysBefore` days before its due day, the
 * organisation's members get an e-mail. Each (period of an application, kind) is sent exactly once, whatever
 * the number of server processes and restarts: its row in monitoring_reminders is inserted in the transaction
 * that sends it — a second process's insert waits for the first to commit and then finds the row; a process that
 * dies before committing leaves no row, and the next run sends it. The job is stateless: every run reads what is
 * due from the database.
 */
export function createMonitoringReminders(deps: MonitoringRemindersDeps) {
  const { db, membership, mailer, publicUrl, daysBefore, log } = deps;
  let running: Promise<number> | null = null;

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
        inArray(
          monitoringReminders.roundId,
          open.map((r) => r.roundId),
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
      const members = await membership.membersOf(round.organizationId);
      try {
        const delivered = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(monitoringReminders)
            .values({ roundId: round.roundId, kind: reminder.kind, recipients: members.length, sentAt: now })
            .onConflictDoNothing()
            .returning({ id: monitoringReminders.id });
          // Another process sent it (or is committing it): nothing to do.
          if (!row) return false;
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
          return true;
        });
        if (delivered) count += 1;
      } catch (err) {
        // Not recorded: the next run tries again.
        log.error({ err, roundId: round.roundId, kind: reminder.kind }, 'promemoria di monitoraggio non inviato');
      }
    }
    return count;
  }

  /** Sends what is due at `now`; answers how many reminders this process sent. Runs never overlap in a process. */
  async function runOnce(now: Date = new Date()): Promise<number> {
    while (running) await running.catch(() => 0);
    running = sendDue(now);
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  return {
    runOnce,

    /** Runs now and every `intervalMs` until the returned stop is called; stop waits for a run under way. */
    start(intervalMs = REMINDER_INTERVAL_MS): () => Promise<void> {
      const tick = () => void runOnce().catch((err: unknown) => log.error({ err }, 'promemoria di monitoraggio: esecuzione non riuscita'));
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => 0);
      };
    },
  };
}

export type MonitoringReminders = ReturnType<typeof createMonitoringReminders>;
