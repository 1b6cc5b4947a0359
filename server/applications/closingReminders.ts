import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { APPLICATION_STATUS_CODES } from '../../domain/applicationStatus.ts';
import { CLOSING_REMINDER_LEAD_MS, closingReminderDue } from '../../domain/closingReminders.ts';
import { statusHasTag } from '../../machines/application-lifecycle/transitions.ts';
import type { Membership } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { closingReminders } from '../db/schema/closingReminders.ts';
import { organizations } from '../db/schema/organizations.ts';
import { closingReminderMail } from '../mail/closingReminderMail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendOnce, sentOrClaimed, type SentOnceTable } from '../mail/sendOnce.ts';
import { serialJob } from '../operations/serialJob.ts';

/** The statuses of a draft (the lifecycle's `editable` tag): Non avviata, Aperta. */
const DRAFT_STATUSES = APPLICATION_STATUS_CODES.filter((status) => statusHasTag(status, 'editable'));

const SENT: SentOnceTable = {
  table: closingReminders,
  key: [closingReminders.applicationId, closingReminders.kind, closingReminders.closesAt],
  id: closingReminders.id,
  recipients: closingReminders.recipients,
  claimedAt: closingReminders.claimedAt,
  sentAt: closingReminders.sentAt,
};

export interface ClosingRemindersDeps {
  db: Db;
  membership: Pick<Membership, 'mailRecipientsOf'>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The reminders before a call closes (issue 44): 7 days and 48 hours before the call's closing time, the members of
 * every organisation whose application of that fund is still a draft never handed over get an e-mail. An
 * organisation that handed the application over (any status past the draft, or a draft reopened by the
 * administrators after a hand-over) gets none. Each (application, kind, closing time) is sent once, whatever the
 * number of processes, as the monitoring reminders are (server/mail/sendOnce.ts).
 */
export function createClosingReminders(deps: ClosingRemindersDeps) {
  const { db, membership, mailer, publicUrl, log } = deps;

  async function sendDue(now: Date): Promise<number> {
    const horizon = new Date(now.getTime() + CLOSING_REMINDER_LEAD_MS.seven_days);
    const drafts = await db
      .select({
        applicationId: applications.id,
        fund: applications.fund,
        organizationId: applications.organizationId,
        organizationName: organizations.name,
        callTitle: calls.title,
        closesAt: calls.closesAt,
      })
      .from(applications)
      .innerJoin(calls, eq(calls.fund, applications.fund))
      .innerJoin(organizations, eq(organizations.id, applications.organizationId))
      .where(
        and(
          inArray(applications.status, DRAFT_STATUSES),
          isNull(applications.submittedAt),
          eq(organizations.status, 'active'),
          lte(calls.opensAt, now),
          gt(calls.closesAt, now),
          lte(calls.closesAt, horizon),
        ),
      );
    if (drafts.length === 0) return 0;
    const taken = await db
      .select({ applicationId: closingReminders.applicationId, kind: closingReminders.kind, closesAt: closingReminders.closesAt })
      .from(closingReminders)
      .where(
        and(
          inArray(
            closingReminders.applicationId,
            drafts.map((d) => d.applicationId),
          ),
          sentOrClaimed(SENT, now),
        ),
      );
    let count = 0;
    for (const draft of drafts) {
      const kind = closingReminderDue(draft.closesAt, now);
      if (!kind) continue;
      const done = taken.some(
        (t) => t.applicationId === draft.applicationId && t.kind === kind && t.closesAt.getTime() === draft.closesAt.getTime(),
      );
      if (done) continue;
      const members = await membership.mailRecipientsOf(draft.organizationId);
      const sent = await sendOnce(db, SENT, {
        key: { applicationId: draft.applicationId, kind, closesAt: draft.closesAt },
        recipients: members.length,
        now,
        send: async () => {
          for (const member of members) {
            await mailer.send(
              closingReminderMail({
                to: member.email,
                kind,
                organizationName: draft.organizationName,
                callTitle: draft.callTitle,
                closesAt: draft.closesAt,
                link: `${publicUrl}/survey/${draft.fund}_candidatura`,
              }),
            );
          }
        },
        onError: (err) => log.error({ err, applicationId: draft.applicationId, kind }, 'promemoria di chiusura del bando non inviato'),
      });
      if (sent) count += 1;
    }
    return count;
  }

  // Sends what is due at `now`; answers how many reminders this process sent. Runs never overlap in a process.
  const job = serialJob(
    (now: Date = new Date()) => sendDue(now),
    (err) => log.error({ err }, 'promemoria di chiusura del bando: esecuzione non riuscita'),
  );

  return {
    runOnce: (now?: Date) => job.runOnce(now),
    /** Runs now and every `intervalMs` until the returned stop is called; stop waits for a run under way. */
    start(intervalMs: number): () => Promise<void> {
      return job.start(intervalMs, undefined);
    },
  };
}
