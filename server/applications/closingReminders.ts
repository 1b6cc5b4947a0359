import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
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
import { REMINDER_CLAIM_MS } from '../monitoring/reminders.ts';
import { serialJob } from '../operations/serialJob.ts';

/** The statuses of a draft (the lifecycle's `editable` tag): Non avviata, Aperta. */
const DRAFT_STATUSES = APPLICATION_STATUS_CODES.filter((status) => statusHasTag(status, 'editable'));

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
 * number of processes, as the monitoring reminders are (server/monitoring/reminders.ts): claimed in one statement,
 * sent with no transaction open, marked sent; withdrawn if sending fails; taken over once the claim is
 * REMINDER_CLAIM_MS old.
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
    const staleBefore = new Date(now.getTime() - REMINDER_CLAIM_MS);
    // Sent, or being sent by a run still within its claim: either way not this run's to send.
    const taken = await db
      .select({ applicationId: closingReminders.applicationId, kind: closingReminders.kind, closesAt: closingReminders.closesAt })
      .from(closingReminders)
      .where(
        and(
          inArray(
            closingReminders.applicationId,
            drafts.map((d) => d.applicationId),
          ),
          or(isNotNull(closingReminders.sentAt), gt(closingReminders.claimedAt, staleBefore)),
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
      const [claim] = await db
        .insert(closingReminders)
        .values({ applicationId: draft.applicationId, kind, closesAt: draft.closesAt, recipients: members.length, claimedAt: now })
        .onConflictDoUpdate({
          target: [closingReminders.applicationId, closingReminders.kind, closingReminders.closesAt],
          set: { recipients: members.length, claimedAt: now },
          setWhere: and(isNull(closingReminders.sentAt), lte(closingReminders.claimedAt, staleBefore)),
        })
        .returning({ id: closingReminders.id });
      // Another process sent it, or is sending it: nothing to do.
      if (!claim) continue;
      try {
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
      } catch (err) {
        // Withdrawn: the next run tries again.
        await db
          .delete(closingReminders)
          .where(and(eq(closingReminders.id, claim.id), eq(closingReminders.claimedAt, now), isNull(closingReminders.sentAt)));
        log.error({ err, applicationId: draft.applicationId, kind }, 'promemoria di chiusura del bando non inviato');
        continue;
      }
      await db.update(closingReminders).set({ sentAt: now }).where(eq(closingReminders.id, claim.id));
      count += 1;
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
