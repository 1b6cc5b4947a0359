import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { organizationAdminMessages } from '../../domain/messages/organizationAdmin.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import type { AdminActResult } from '../../domain/organizationAdmin.ts';
import { REFERENT_ROLE, type MemberRole } from '../../domain/organization.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { organizationStandingAfter } from '../../machines/organization-lifecycle/transitions.ts';
import type { OrganizationLifecycleEvent } from '../../machines/organization-lifecycle/types.ts';
import type { Membership } from '../auth/membership.ts';
import type { UserRow } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { organizationMembers, organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { HttpError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { organizationAdminMail, type OrganizationAdminAct } from '../mail/organizationAdminMail.ts';
import { historyName, recordOrganizationEvent, type HistoryPerson } from './history.ts';

const m = organizationAdminMessages;

interface Dependencies {
  db: Db;
  membership: Membership;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

type OrganizationRow = typeof organizations.$inferSelect;

/** A person the e-mail of an act also goes to (the member added, removed or named), if their address is verified. */
interface Told {
  email: string;
  emailVerified: boolean;
}

interface Done {
  organization: OrganizationRow;
  act: OrganizationAdminAct;
  news: string;
  at: Date;
  /** Who else the act is about: the member added, removed or named, the Referenti who became Compilatori. */
  concerned?: Told[];
}

const personOf = (row: { id: string; firstName: string; lastName: string; email: string; roles?: string[] }): HistoryPerson => row;

/**
 * The platform administrators' acts on an organisation (issue 42): add a member by e-mail, remove one, make one
 * the Referente, suspend the organisation and give it back. Each is one transaction that locks the organisation,
 * does the act and records its line of the history (with the reason); once committed, the organisation's Referenti
 * (verified addresses) and the person the act is about are told by e-mail. A mail that fails is logged: the act
 * stands.
 */
export function createOrganizationAdminActs({ db, membership, mailer, publicUrl, log }: Dependencies) {
  async function locked(tx: Db, organizationId: string): Promise<OrganizationRow> {
    const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!row) throw new HttpError(404, 'not_found', organizationMessages.notFound);
    return row;
  }

  async function memberOf(tx: Db, organizationId: string, userId: string) {
    const [row] = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerified: users.emailVerified,
        role: organizationMembers.role,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId.toLowerCase())));
    if (!row) throw new HttpError(404, 'not_found', organizationMessages.memberNotFound);
    return row;
  }

  async function referentsOf(tx: Db, organizationId: string) {
    return tx
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerified: users.emailVerified,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, REFERENT_ROLE)))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  /** After the commit: the Referenti (verified) and the person concerned, once each; failures are logged. */
  async function tell(done: Done, reason: string): Promise<void> {
    const referents = (await membership.mailRecipientsOf(done.organization.id)).filter((member) => member.role === REFERENT_ROLE);
    const addresses = new Map(referents.map((r) => [r.email.toLowerCase(), r.email]));
    for (const person of done.concerned ?? []) {
      if (person.emailVerified) addresses.set(person.email.toLowerCase(), person.email);
    }
    for (const to of addresses.values()) {
      try {
        await mailer.send(
          organizationAdminMail({
            to,
            act: done.act,
            organizationName: done.organization.name,
            organizationId: done.organization.id,
            news: done.news,
            reason,
            at: done.at,
            publicUrl,
          }),
        );
      } catch (error) {
        log.error({ err: error, organizationId: done.organization.id, act: done.act }, 'organisation admin act: e-mail not sent');
      }
    }
  }

  const resultOf = (row: OrganizationRow): AdminActResult => ({
    organizationId: row.id,
    status: row.status === 'suspended' ? 'suspended' : 'active',
    suspensionReason: row.suspensionReason,
  });

  async function act(
    admin: UserRow,
    organizationId: string,
    reason: string,
    run: (tx: Db, organization: OrganizationRow, at: Date) => Promise<Omit<Done, 'at'>>,
  ) {
    const at = new Date();
    const done = await db.transaction(async (tx) => {
      const organization = await locked(tx as unknown as Db, organizationId);
      return { ...(await run(tx as unknown as Db, organization, at)), at };
    });
    await tell(done, reason);
    return resultOf(done.organization);
  }

  const actor = (admin: UserRow): HistoryPerson => personOf(admin);

  return {
    /** An existing account, found by its address, joins with `role`. */
    addMember(admin: UserRow, organizationId: string, input: { email: string; role: MemberRole; reason: string }) {
      return act(admin, organizationId, input.reason, async (tx, organization) => {
        const [account] = await tx
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
          .orderBy(desc(users.emailVerified), asc(users.createdAt))
          .limit(1);
        if (!account) throw new HttpError(404, 'account_not_found', m.accountNotFound);
        if (isAdminRole(account.roles)) throw new HttpError(409, 'platform_admin', m.accountIsPlatformAdmin);
        if (!(await membership.addMember(tx, organization.id, account.id, input.role))) {
          throw new HttpError(409, 'already_member', m.alreadyMember);
        }
        await recordOrganizationEvent(tx, {
          organizationId: organization.id,
          kind: 'member.added',
          actor: actor(admin),
          subject: personOf(account),
          reason: input.reason,
          details: { role: input.role },
        });
        return {
          organization,
          act: 'added',
          news: m.mail.news.added(organization.name, historyName(account), m.roles[input.role]),
          concerned: [account],
        };
      });
    },

    /** Removes a member; the last Referente stays (name another first). */
    removeMember(admin: UserRow, organizationId: string, input: { userId: string; reason: string }) {
      return act(admin, organizationId, input.reason, async (tx, organization) => {
        const member = await memberOf(tx, organization.id, input.userId);
        if (member.role === REFERENT_ROLE && (await referentsOf(tx, organization.id)).length <= 1) {
          throw new HttpError(409, 'last_admin', m.lastReferent);
        }
        await tx
          .delete(organizationMembers)
          .where(and(eq(organizationMembers.organizationId, organization.id), eq(organizationMembers.userId, member.id)));
        await recordOrganizationEvent(tx, {
          organizationId: organization.id,
          kind: 'member.removed',
          actor: actor(admin),
          subject: personOf(member),
          reason: input.reason,
          details: { role: member.role },
        });
        return { organization, act: 'removed', news: m.mail.news.removed(organization.name, historyName(member)), concerned: [member] };
      });
    },

    /** The member becomes a Referente; with `demoteOthers` the other Referenti become Compilatori. */
    makeReferent(admin: UserRow, organizationId: string, input: { userId: string; demoteOthers: boolean; reason: string }) {
      return act(admin, organizationId, input.reason, async (tx, organization) => {
        const member = await memberOf(tx, organization.id, input.userId);
        const others = (await referentsOf(tx, organization.id)).filter((r) => r.id !== member.id);
        const demoted = input.demoteOthers ? others : [];
        if (member.role === REFERENT_ROLE && demoted.length === 0) throw new HttpError(409, 'already_referent', m.alreadyReferent);
        await tx
          .update(organizationMembers)
          .set({ role: REFERENT_ROLE })
          .where(and(eq(organizationMembers.organizationId, organization.id), eq(organizationMembers.userId, member.id)));
        if (demoted.length > 0) {
          await tx
            .update(organizationMembers)
            .set({ role: 'editor' })
            .where(
              and(
                eq(organizationMembers.organizationId, organization.id),
                eq(organizationMembers.role, REFERENT_ROLE),
                ne(organizationMembers.userId, member.id),
              ),
            );
        }
        await recordOrganizationEvent(tx, {
          organizationId: organization.id,
          kind: demoted.length > 0 ? 'referent.moved' : 'member.role_changed',
          actor: actor(admin),
          subject: personOf(member),
          reason: input.reason,
          details: { from: member.role, to: REFERENT_ROLE, demoted: demoted.map((r) => historyName(r)) },
        });
        const news =
          demoted.length > 0
            ? m.mail.news.referentMoved(organization.name, historyName(member), demoted.map((r) => historyName(r)).join(', '))
            : m.mail.news.referent(organization.name, historyName(member));
        return { organization, act: 'referent', news, concerned: [member, ...demoted] };
      });
    },

    /** Suspends (or gives back) the organisation, as its lifecycle allows; 409 when it does not. */
    changeStanding(admin: UserRow, organizationId: string, event: OrganizationLifecycleEvent) {
      return act(admin, organizationId, event.reason, async (tx, organization) => {
        const next = organizationStandingAfter(organization, event);
        if (!next) {
          throw new HttpError(409, 'transition_refused', event.type === 'admin.suspend' ? m.alreadySuspended : m.notSuspended);
        }
        const [updated] = await tx
          .update(organizations)
          .set({ status: next.status, suspensionReason: next.suspensionReason, updatedAt: new Date() })
          .where(eq(organizations.id, organization.id))
          .returning();
        const suspended = event.type === 'admin.suspend';
        await recordOrganizationEvent(tx, {
          organizationId: organization.id,
          kind: suspended ? 'organization.suspended' : 'organization.restored',
          actor: actor(admin),
          reason: event.reason,
        });
        return {
          organization: updated!,
          act: suspended ? 'suspended' : 'restored',
          news: suspended ? m.mail.news.suspended(organization.name) : m.mail.news.restored(organization.name),
        };
      });
    },
  };
}

export type OrganizationAdminActs = ReturnType<typeof createOrganizationAdminActs>;
