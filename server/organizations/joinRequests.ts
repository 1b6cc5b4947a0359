import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  isJoinRequestPastTerm,
  JOIN_REQUEST_EXPIRY_DAYS,
  joinRequestExpiresAt,
  type JoinDecision,
  type JoinRequestStatus,
  type MyJoinRequest,
  type OpenJoinRequest,
} from '../../domain/joinRequest.ts';
import { joinRequestMessages as jm } from '../../domain/messages/joinRequest.ts';
import { DEFAULT_MEMBER_ROLE, REFERENT_ROLE } from '../../domain/organization.ts';
import { isDecidableAt, joinRequestStatusAfter, newJoinRequestStatus } from '../../machines/join-request/transitions.ts';
import type { Membership } from '../auth/membership.ts';
import type { UserRow } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/uniqueViolation.ts';
import { organizationJoinRequests, organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { HttpError } from '../errors.ts';
import { joinRequestArrivedMail, joinRequestDecidedMail, organizationPageLink } from '../mail/joinRequestMail.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { serialJob } from '../operations/serialJob.ts';
import { recordOrganizationEvent } from './history.ts';

/** How often every process looks for requests past their term (and once at start). */
export const JOIN_REQUEST_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type JoinRequestRow = typeof organizationJoinRequests.$inferSelect;

export interface JoinRequestsDeps {
  db: Db;
  membership: Pick<Membership, 'roleOf' | 'addMember' | 'mailRecipientsOf'>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

const notFound = () => new HttpError(404, 'not_found', jm.notFound);

const personColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, roles: users.roles };

/**
 * Requests to join an organisation whose P.IVA is already registered (issue 42). Every change of status is the one
 * the join-request machine allows (machines/join-request/transitions.ts), is recorded in the organisation's history in
 * its own transaction, and is e-mailed once committed: the referents when a request arrives, the requester when it is
 * decided.
 */
export function createJoinRequests(deps: JoinRequestsDeps) {
  const { db, membership, mailer, publicUrl, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Mail goes out after the commit; a failure is logged, never the caller's (the act happened). */
  function sendAll(mails: OutgoingMail[]) {
    return Promise.all(
      mails.map((mail) => mailer.send(mail).catch((err: unknown) => log.error({ err }, 'a join request e-mail could not be sent'))),
    );
  }

  function mine(row: JoinRequestRow, organizationName: string): MyJoinRequest {
    return {
      id: row.id,
      organizationName,
      status: row.status as JoinRequestStatus,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      expiresAt: joinRequestExpiresAt(row.createdAt).toISOString(),
      decisionNote: row.status === 'pending' ? null : row.decisionNote,
    };
  }

  /** Marks one pending request expired, as the machine allows at `at`; false if it is not (decided meanwhile, or within term). */
  async function expireOne(tx: Db, row: JoinRequestRow, at: Date): Promise<boolean> {
    if (
      joinRequestStatusAfter(row.status as JoinRequestStatus, row.createdAt, { type: 'join.expire', at: at.toISOString() }) !== 'expired'
    ) {
      return false;
    }
    const [updated] = await tx
      .update(organizationJoinRequests)
      .set({ status: 'expired', decidedAt: at })
      .where(and(eq(organizationJoinRequests.id, row.id), eq(organizationJoinRequests.status, 'pending')))
      .returning({ id: organizationJoinRequests.id });
    if (!updated) return false;
    const [subject] = await tx.select(personColumns).from(users).where(eq(users.id, row.userId));
    await recordOrganizationEvent(tx, {
      organizationId: row.organizationId,
      kind: 'join_request.expired',
      actor: null,
      subject: subject ?? null,
      details: { requestId: row.id, days: JOIN_REQUEST_EXPIRY_DAYS },
    });
    return true;
  }

  async function create(user: UserRow, organization: { id: string; name: string }, reason: string) {
    const at = now();
    if (await membership.roleOf(db, organization.id, user.id)) throw new HttpError(409, 'already_member', jm.alreadyMember);
    const existingPending = async (tx: Db) => {
      const [row] = await tx
        .select()
        .from(organizationJoinRequests)
        .where(
          and(
            eq(organizationJoinRequests.organizationId, organization.id),
            eq(organizationJoinRequests.userId, user.id),
            eq(organizationJoinRequests.status, 'pending'),
          ),
        );
      return row;
    };
    const run = () =>
      db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const existing = await existingPending(t);
        // A pending request answers again as it is, until its term: one pending request per person and organisation.
        if (existing && !(await expireOne(t, existing, at))) return { created: false as const, row: existing };
        const [row] = await t
          .insert(organizationJoinRequests)
          .values({ organizationId: organization.id, userId: user.id, reason, status: newJoinRequestStatus(at), createdAt: at })
          .returning();
        await recordOrganizationEvent(t, {
          organizationId: organization.id,
          kind: 'join_request.created',
          actor: user,
          subject: user,
          reason,
          details: { requestId: row!.id },
        });
        return { created: true as const, row: row! };
      });
    let outcome: Awaited<ReturnType<typeof run>>;
    try {
      outcome = await run();
    } catch (error) {
      // The same person asked twice at once: the unique index kept one; the other hears it.
      if (!isUniqueViolation(error)) throw error;
      const existing = await existingPending(db);
      if (!existing) throw error;
      outcome = { created: false, row: existing };
    }
    if (outcome.created) {
      const referents = (await membership.mailRecipientsOf(organization.id)).filter((member) => member.role === REFERENT_ROLE);
      const requester = `${user.firstName} ${user.lastName}`.trim() || user.email;
      await sendAll(
        referents.map((referent) =>
          joinRequestArrivedMail({
            to: referent.email,
            requester: { name: requester, email: user.email },
            organizationName: organization.name,
            reason,
            link: organizationPageLink(publicUrl, organization.id),
          }),
        ),
      );
    }
    return { created: outcome.created, request: mine(outcome.row, organization.name) };
  }

  /** The requests a person made, newest first, with the organisation's name only. */
  async function requestsOf(user: UserRow): Promise<MyJoinRequest[]> {
    const rows = await db
      .select({ request: organizationJoinRequests, organizationName: organizations.name })
      .from(organizationJoinRequests)
      .innerJoin(organizations, eq(organizations.id, organizationJoinRequests.organizationId))
      .where(eq(organizationJoinRequests.userId, user.id))
      .orderBy(desc(organizationJoinRequests.createdAt));
    return rows.map((r) => mine(r.request, r.organizationName));
  }

  /** Pending requests still within their term: of one organisation, or of all of them. */
  async function open(organizationId?: string): Promise<OpenJoinRequest[]> {
    const at = now();
    const rows = await db
      .select({ request: organizationJoinRequests, organizationName: organizations.name, requester: personColumns })
      .from(organizationJoinRequests)
      .innerJoin(organizations, eq(organizations.id, organizationJoinRequests.organizationId))
      .innerJoin(users, eq(users.id, organizationJoinRequests.userId))
      .where(
        and(
          eq(organizationJoinRequests.status, 'pending'),
          ...(organizationId ? [eq(organizationJoinRequests.organizationId, organizationId)] : []),
        ),
      )
      .orderBy(asc(organizationJoinRequests.createdAt));
    return rows
      .filter((r) => isDecidableAt(r.request.status as JoinRequestStatus, r.request.createdAt, at))
      .map(({ request, organizationName, requester }) => ({
        id: request.id,
        organizationId: request.organizationId,
        organizationName,
        requesterName: `${requester.firstName} ${requester.lastName}`.trim(),
        requesterEmail: requester.email,
        reason: request.reason,
        createdAt: request.createdAt.toISOString(),
        expiresAt: joinRequestExpiresAt(request.createdAt).toISOString(),
      }));
  }

  async function byId(id: string): Promise<JoinRequestRow | undefined> {
    const [row] = await db.select().from(organizationJoinRequests).where(eq(organizationJoinRequests.id, id));
    return row;
  }

  /**
   * A referent of the request's organisation (the route checked it) or a platform administrator decides. Accepting
   * makes the person a member with the default role in the same transaction.
   */
  async function decide(actor: UserRow, requestId: string, decision: JoinDecision, note: string | null) {
    const at = now();
    const event = { type: decision === 'accept' ? ('join.accept' as const) : ('join.refuse' as const), at: at.toISOString() };
    const result = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [row] = await t.select().from(organizationJoinRequests).where(eq(organizationJoinRequests.id, requestId)).for('update');
      if (!row) throw notFound();
      const next = joinRequestStatusAfter(row.status as JoinRequestStatus, row.createdAt, event);
      if (next === null) {
        if (row.status === 'expired' || (row.status === 'pending' && isJoinRequestPastTerm(row.createdAt, at))) {
          throw new HttpError(409, 'join_request_expired', jm.expired(JOIN_REQUEST_EXPIRY_DAYS));
        }
        throw new HttpError(409, 'join_request_decided', jm.alreadyDecided);
      }
      await t
        .update(organizationJoinRequests)
        .set({ status: next, decidedAt: at, decidedBy: actor.id, decisionNote: note })
        .where(eq(organizationJoinRequests.id, row.id));
      if (next === 'accepted') await membership.addMember(t, row.organizationId, row.userId, DEFAULT_MEMBER_ROLE);
      const [requester] = await t
        .select({ ...personColumns, emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, row.userId));
      const [organization] = await t
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId));
      await recordOrganizationEvent(t, {
        organizationId: row.organizationId,
        kind: next === 'accepted' ? 'join_request.accepted' : 'join_request.refused',
        actor,
        subject: requester ?? null,
        reason: note,
        details: { requestId: row.id, ...(next === 'accepted' ? { role: DEFAULT_MEMBER_ROLE } : {}) },
      });
      return { status: next, requester, organizationName: organization?.name ?? '' };
    });
    if (result.requester?.emailVerified) {
      await sendAll([
        joinRequestDecidedMail({
          to: result.requester.email,
          organizationName: result.organizationName,
          accepted: result.status === 'accepted',
          note,
          publicUrl,
        }),
      ]);
    }
    return { id: requestId, status: result.status };
  }

  /** Marks every request past its term expired, each in its own transaction with its history line. Answers how many. */
  async function expireDue(at: Date = now()): Promise<number> {
    const cutoff = new Date(at.getTime() - JOIN_REQUEST_EXPIRY_DAYS * DAY_MS);
    const due = await db
      .select()
      .from(organizationJoinRequests)
      .where(and(eq(organizationJoinRequests.status, 'pending'), lte(organizationJoinRequests.createdAt, cutoff)));
    let expired = 0;
    for (const row of due) {
      if (await db.transaction((tx) => expireOne(tx as unknown as Db, row, at))) expired += 1;
    }
    return expired;
  }

  const job = serialJob(
    (at?: Date) => expireDue(at),
    (err) => log.error({ err }, 'join requests could not be expired'),
  );

  return {
    create,
    requestsOf,
    open,
    byId,
    decide,
    /** One run of the expiry (tests run it at chosen instants). */
    expireDue: job.runOnce,
    /** Runs the expiry now and every hour until stopped. */
    start: () => job.start(JOIN_REQUEST_EXPIRY_INTERVAL_MS),
    idle: job.idle,
  };
}

export type JoinRequests = ReturnType<typeof createJoinRequests>;
