import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { StatusMailStatus } from '../../domain/statusNotifications.ts';
import type { OrganizationMember } from '../../domain/organization.ts';
import type { Membership } from '../auth/membership.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { statusNotifications } from '../db/schema/notifications.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { MailAttachment, Mailer } from '../mail/mailer.ts';
import { statusMail } from '../mail/statusMail.ts';
import { serialJob } from '../operations/serialJob.ts';
import { itemsRequestedAt } from '../integrations/items.ts';

/** How often every process looks for e-mails still to send (and once at start). */
export const NOTIFICATION_INTERVAL_MS = 60 * 1000;
/** A claim this old never marked sent was cut short (its process ended while sending): it is taken over. */
export const NOTIFICATION_CLAIM_MS = 15 * 60 * 1000;
/**
 * How many notifications one statement claims: a few, so that on a click day every process takes its share of the
 * receipts' e-mails (each renders and sends one at a time), and none sits on a long claimed list while another
 * process is idle (issue 45). Claiming costs one short statement.
 */
const BATCH = 4;

/** One status change to tell, as the sender hands it to whoever attaches files to it. */
export interface StatusNotification {
  id: string;
  applicationId: string;
  historyId: string;
  status: StatusMailStatus;
  note: string | null;
  deadline: string | null;
  createdAt: Date;
  organizationId: string;
  organizationName: string;
  fund: string;
  fundTitle: string;
}

/**
 * The files a notification's e-mail carries (a hand-over's receipt, built by whoever builds receipts). Without
 * it, or when it answers none, the e-mail says the receipt is downloadable in the portal. A throw counts as a
 * failed sending: tried again later.
 */
export type AttachmentsFor = (notification: StatusNotification) => Promise<readonly MailAttachment[]>;

/** A hand-over's protocol number, said in its e-mail (its receipt's, from whoever builds receipts); null without one. */
export type ProtocolFor = (notification: StatusNotification) => Promise<string | null>;

export interface StatusNotificationsDeps {
  db: Db;
  membership: Pick<Membership, 'mailRecipientsOf'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  log: FastifyBaseLogger;
  attachmentsFor?: AttachmentsFor;
  protocolFor?: ProtocolFor;
  /**
   * Awaited before each claim and each e-mail: resolves when sending may go on. The click day's queue answers once no
   * hand-over runs or waits (handOverGate.ts `quiet`), so a burst's hand-overs are not slowed by rendering receipts.
   */
  yieldTo?: () => Promise<void>;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The wait before the next try after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 60 * 1000 * 2 ** Math.max(0, attempts - 1));
}

/** Who is told: each address once, of the members whose address is verified (`membership.mailRecipientsOf`). */
export function recipientsOf(members: readonly OrganizationMember[]): string[] {
  return [...new Set(members.map((member) => member.email.trim()).filter((email) => email.includes('@')))];
}

/**
 * The sender of the status e-mails: the status writer records a row in status_notifications in the
 * change's own transaction (server/applications/statusChanges.ts), and this delivers it once committed. A run
 * claims due rows with one statement (`FOR UPDATE SKIP LOCKED`: two processes never take the same row, and
 * neither waits for the other), committed at once; then, with no transaction open, it sends to each member
 * not yet sent to, recording each address delivered, and marks the row sent. A failure (the mail server down)
 * releases the claim with the error and a later time to try again, doubling up to an hour: the change stays
 * committed, only the e-mail waits. A process that ends while sending leaves a claim that a run takes over
 * after NOTIFICATION_CLAIM_MS.
 */
export function createStatusNotifications(deps: StatusNotificationsDeps) {
  const { db, membership, mailer, publicUrl, log, attachmentsFor, protocolFor, yieldTo } = deps;
  const now = deps.now ?? (() => new Date());

  async function claim(at: Date): Promise<{ id: string; claimedAt: Date }[]> {
    const staleBefore = new Date(at.getTime() - NOTIFICATION_CLAIM_MS);
    const due = db
      .select({ id: statusNotifications.id })
      .from(statusNotifications)
      .where(
        and(
          isNull(statusNotifications.sentAt),
          sql`${statusNotifications.nextAttemptAt} <= ${at.toISOString()}::timestamptz`,
          sql`(${statusNotifications.claimedAt} is null or ${statusNotifications.claimedAt} <= ${staleBefore.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(statusNotifications.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(statusNotifications)
      .set({ claimedAt: at, attempts: sql`${statusNotifications.attempts} + 1` })
      .where(inArray(statusNotifications.id, due))
      .returning({ id: statusNotifications.id, claimedAt: statusNotifications.claimedAt })
      .then((rows) => rows.map((r) => ({ id: r.id, claimedAt: r.claimedAt! })));
  }

  async function notificationOf(id: string) {
    const [row] = await db
      .select({
        id: statusNotifications.id,
        applicationId: statusNotifications.applicationId,
        historyId: statusNotifications.historyId,
        status: statusNotifications.status,
        note: statusNotifications.note,
        deadline: statusNotifications.deadline,
        createdAt: statusNotifications.createdAt,
        attempts: statusNotifications.attempts,
        deliveredTo: statusNotifications.deliveredTo,
        organizationId: applications.organizationId,
        organizationName: organizations.name,
        fund: applications.fund,
        fundTitle: calls.title,
      })
      .from(statusNotifications)
      .innerJoin(applications, eq(applications.id, statusNotifications.applicationId))
      .innerJoin(organizations, eq(organizations.id, applications.organizationId))
      .innerJoin(calls, eq(calls.fund, applications.fund))
      .where(eq(statusNotifications.id, id));
    return row;
  }

  /** Sends one claimed notification; answers whether it is now sent to everyone. */
  async function deliver(id: string, claimedAt: Date): Promise<boolean> {
    const ours = and(eq(statusNotifications.id, id), eq(statusNotifications.claimedAt, claimedAt));
    const row = await notificationOf(id);
    if (!row) return false;
    const { attempts, deliveredTo, ...notification } = row;
    try {
      const recipients = recipientsOf(await membership.mailRecipientsOf(notification.organizationId));
      const pending = recipients.filter((email) => !deliveredTo.includes(email));
      const files = pending.length > 0 && attachmentsFor ? await attachmentsFor(notification) : [];
      const protocol = pending.length > 0 && protocolFor ? await protocolFor(notification) : null;
      const items =
        pending.length > 0 && notification.status === 'IN_INTEGRAZIONE'
          ? await itemsRequestedAt(db, notification.applicationId, notification.createdAt)
          : [];
      for (const to of pending) {
        await mailer.send(statusMail({ ...notification, to, publicUrl, attachments: files, protocol, items }));
        await db
          .update(statusNotifications)
          .set({ deliveredTo: sql`${statusNotifications.deliveredTo} || ${JSON.stringify([to])}::jsonb` })
          .where(ours);
      }
      await db.update(statusNotifications).set({ sentAt: now(), lastError: null }).where(ours);
      return true;
    } catch (err) {
      const retryAt = new Date(now().getTime() + retryDelayMs(attempts));
      await db
        .update(statusNotifications)
        .set({ claimedAt: null, nextAttemptAt: retryAt, lastError: String((err as Error)?.message ?? err).slice(0, 1000) })
        .where(ours);
      log.error(
        { err, notificationId: id, status: notification.status, retryAt },
        'e-mail di cambio stato non inviata: nuovo tentativo più tardi',
      );
      return false;
    }
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      await yieldTo?.();
      const claimed = await claim(now());
      for (const { id, claimedAt } of claimed) {
        await yieldTo?.();
        if (await deliver(id, claimedAt)) sent += 1;
      }
      if (claimed.length < BATCH) return sent;
    }
  }

  // Sends what is due now; answers how many notifications this run sent. Runs never overlap in a process.
  const job = serialJob(sendDue, (err) => log.error({ err }, 'e-mail di cambio stato: invio non riuscito'));

  return {
    runOnce: () => job.runOnce(),

    /** After a change committed: send now, in the background (a failure is logged, and retried by the job). */
    kick(): void {
      void job.runOnce().catch((err: unknown) => log.error({ err }, 'e-mail di cambio stato: invio non riuscito'));
    },

    /** Waits for a run under way (the app waits for it before closing the database). */
    idle: () => job.idle(),

    /** Runs now and every `intervalMs` until the returned stop is called; stop waits for a run under way. */
    start(intervalMs = NOTIFICATION_INTERVAL_MS): () => Promise<void> {
      return job.start(intervalMs);
    },
  };
}
