import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { organizationMembers, organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import { DEFAULT_HAND_OVER_RULE, handOverRuleSchema, type HandOverRule } from '../../domain/call.ts';
import { isLegalRepresentative, mayAct, type MemberAct } from '../../domain/memberRoles.ts';
import { calls } from '../db/schema/calls.ts';
import { recordOrganizationEvent } from '../organizations/history.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { MEMBER_ROLES, REFERENT_ROLE, parseMemberRole, type MemberRole, type OrganizationMember } from '../../domain/organization.ts';
import { SELECTED_ORGANIZATION_HEADER } from '../../domain/selectedOrganization.ts';
import { STATUSES_WHERE_MEMBERS_ACT } from '../../machines/organization-lifecycle/transitions.ts';
import { HttpError, parseId } from '../errors.ts';
import { refuseWhileSuspended } from '../organizations/lifecycle.ts';
import type { UserRow } from './users.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export interface OrganizationAccess {
  user: UserRow;
  organization: OrganizationRow;
  /** The caller's role in the organisation; null for a platform administrator reading one they do not belong to. */
  role: MemberRole | null;
}

export interface MembershipRequirement {
  /** 'read': a platform administrator who is not a member may read (spec §6); otherwise they are refused. */
  allowAdmin?: 'read' | false;
  /** What the caller does (domain/memberRoles.ts): a member whose role may not is refused (403, naming the role). */
  act?: MemberAct;
  /** A hand-over's fund: its call's rule (calls.hand_over_by) says who may. */
  fund?: string;
  /**
   * The answer for an object reached by its own id (an application, a file, answers) when the caller may not see
   * its organisation: the same 404 as for an id that does not exist, byte for byte, so the two cannot be told
   * apart. Without it, the organisation's own 404.
   */
  notFound?: () => HttpError;
  /** What a platform administrator who is not a member hears where they may not write (403); the organisation's by default. */
  adminReadOnly?: string;
}

const m = organizationMessages;

interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  fiscalCode: string | null;
  representative: string | null;
  secondRepresentative: string | null;
}

/** A member as the API shows them: their role, and whether they are the legal representative (never their fiscal code). */
function asMember({
  fiscalCode,
  representative,
  secondRepresentative,
  userId,
  firstName,
  lastName,
  email,
  role,
}: MemberRow): OrganizationMember {
  return {
    userId,
    firstName,
    lastName,
    email,
    role: parseMemberRole(role),
    isLegalRepresentative: isLegalRepresentative(fiscalCode, {
      legaleRappresentanteCodiceFiscale: representative,
      secondoLegaleRappresentanteCodiceFiscale: secondRepresentative,
    }),
  };
}

/** Why a member's role may not do `act`: the role, what it may do, and who may. */
function roleRefusal(act: MemberAct, role: MemberRole, handOverBy: HandOverRule | undefined): string {
  if (act === 'handOver') {
    return handOverBy === 'legalRepresentative'
      ? memberRoleMessages.refusedHandOverLegalRepresentative
      : memberRoleMessages.refusedHandOverReferents(role);
  }
  return act === 'manage' ? memberRoleMessages.refusedManage(role) : memberRoleMessages.refusedWrite(role);
}

/**
 * An organisation id from a query, a body, a multipart field or the header: the route's schema parses the first two,
 * `parseId` the others, with the same 404 as an organisation that does not exist; a missing one is a 400 that says so.
 */
const parseOrganizationId = (value: unknown) => parseId(value, m.idInvalid);

/** The `SelectedOrganizationId` header: which organisation the client means. A hint, never a credential. */
export function selectedOrganizationId(request: FastifyRequest): string {
  const header = request.headers[SELECTED_ORGANIZATION_HEADER.toLowerCase()];
  if (header === undefined || header === '') throw new HttpError(400, 'organization_not_selected', m.selectedMissing);
  return parseOrganizationId(Array.isArray(header) ? header[0] : header);
}

/** The roles that may write (mode 'write': Compilatore and Referente), for SQL conditions. */
const WRITING_ROLES = MEMBER_ROLES.filter((role) => mayAct('write', { role, isLegalRepresentative: false }));

/**
 * "The user is a member of the organisation in `organizationColumn` whose role may write", as a condition of a
 * statement that acts for such members only (the autosave's one UPDATE, statusChanges.autosaveInPlace): `check`'s
 * rule for mode 'write', with no platform administrator's reading. When it does not hold the statement changes
 * nothing and the caller goes through `check` (the route's declared access), which answers why (404, 403).
 */
export function isWritingMemberOf(organizationColumn: AnyPgColumn, userId: Placeholder | string): SQL {
  const writing = sql.join(
    WRITING_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  // Only while the organisation's lifecycle lets its members act (not suspended): otherwise `check` answers 403.
  const acting = sql.join(
    STATUSES_WHERE_MEMBERS_ACT.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${organizationMembers} inner join ${organizations} on ${organizations.id} = ${organizationMembers.organizationId} where ${organizationMembers.organizationId} = ${organizationColumn} and ${organizationMembers.userId} = ${userId} and ${organizationMembers.role} in (${writing}) and ${organizations.status} in (${acting}))`;
}

/**
 * Locks the organisation (removals and role changes in it are serialised: two Referenti removing or demoting each
 * other cannot both succeed) and answers the member with their name, or 404.
 */
async function lockedMember(tx: Db, organizationId: string, userId: string) {
  await tx.execute(sql`select 1 from ${organizations} where ${organizations.id} = ${organizationId} for update`);
  const [member] = await tx
    .select({ role: organizationMembers.role, id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  if (!member) throw new HttpError(404, 'not_found', m.memberNotFound);
  return member;
}

/** How many Referenti the organisation has (under lockedMember's lock). */
async function referentCount(tx: Db, organizationId: string): Promise<number> {
  const [{ referents } = { referents: 0 }] = await tx
    .select({ referents: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, REFERENT_ROLE)));
  return referents;
}

/**
 * The one membership check of organisation-scoped calls: the caller must belong to the organisation (with the
 * required role), or be a platform administrator where reading is allowed. Routes do not call it: they declare
 * their access (server/auth/access.ts), whose hook does.
 */
export function createMembership(db: Db) {
  // The check every organisation-scoped call runs: built once, prepared once per connection.
  const organizationWithRole = db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizations)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, sql.placeholder('userId'))),
    )
    .where(eq(organizations.id, sql.placeholder('organizationId')))
    .prepare('organization_with_role');
  // GetOrganization answers the members with the organisation: prepared as well.
  const membersOfOrganization = db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      emailVerified: users.emailVerified,
      role: organizationMembers.role,
      fiscalCode: users.fiscalCode,
      representative: sql<string | null>`${organizations.profile}->>'legaleRappresentanteCodiceFiscale'`,
      secondRepresentative: sql<string | null>`${organizations.profile}->>'secondoLegaleRappresentanteCodiceFiscale'`,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.organizationId, sql.placeholder('organizationId')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email))
    .prepare('members_of_organization');

  /** The call's rule of who hands over (calls.json `handOverBy`); a fund without a call row keeps the default. */
  async function handOverRuleOf(fund: string | undefined): Promise<HandOverRule> {
    if (!fund) throw new Error('a hand-over names its fund');
    const [call] = await db.select({ handOverBy: calls.handOverBy }).from(calls).where(eq(calls.fund, fund));
    return handOverRuleSchema.catch(DEFAULT_HAND_OVER_RULE).parse(call?.handOverBy);
  }

  async function check(user: UserRow, organizationId: unknown, requirement: MembershipRequirement = {}): Promise<OrganizationAccess> {
    const notFound = requirement.notFound ?? (() => new HttpError(404, 'not_found', m.notFound));
    const id = parseOrganizationId(organizationId);
    const [row] = await organizationWithRole.execute({ userId: user.id, organizationId: id });
    if (!row) throw notFound();

    if (row.role) {
      const role = parseMemberRole(row.role);
      const act = requirement.act ?? 'read';
      const actor = { role, isLegalRepresentative: isLegalRepresentative(user.fiscalCode, row.organization.profile) };
      const handOverBy = act === 'handOver' ? await handOverRuleOf(requirement.fund) : undefined;
      if (!mayAct(act, actor, handOverBy)) throw new HttpError(403, 'forbidden', roleRefusal(act, role, handOverBy));
      return { user, organization: row.organization, role };
    }
    if (isAdminRole(user.roles)) {
      if (requirement.allowAdmin === 'read') return { user, organization: row.organization, role: null };
      throw new HttpError(403, 'forbidden', requirement.adminReadOnly ?? m.adminReadOnly);
    }
    // Another organisation's objects answer as if they did not exist: nobody learns which organisations do.
    throw notFound();
  }

  return {
    check,

    async membersOf(organizationId: string): Promise<OrganizationMember[]> {
      const rows = await membersOfOrganization.execute({ organizationId });
      return rows.map(asMember);
    },

    /** The members the organisation's e-mails go to: no mail but the verification link reaches an unconfirmed address. */
    async mailRecipientsOf(organizationId: string): Promise<OrganizationMember[]> {
      const rows = await membersOfOrganization.execute({ organizationId });
      return rows.filter((r) => r.emailVerified).map(asMember);
    },

    async roleOf(tx: Db, organizationId: string, userId: string): Promise<string | undefined> {
      const [row] = await tx
        .select({ role: organizationMembers.role })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
      return row?.role;
    },

    /** Adds the user (no change if already a member). Returns whether a membership was created. */
    async addMember(tx: Db, organizationId: string, userId: string, role: MemberRole): Promise<boolean> {
      const inserted = await tx
        .insert(organizationMembers)
        .values({ organizationId, userId, role })
        .onConflictDoNothing()
        .returning({ userId: organizationMembers.userId });
      return inserted.length > 0;
    },

    /**
     * Removes a member. A Referente may remove anyone, anybody may leave; the last Referente stays, so the
     * organisation is never left without one. Who was removed, or left, is in the organisation's history.
     */
    async removeMember(access: OrganizationAccess, userId: string): Promise<void> {
      const self = access.user.id === userId;
      if (!self && access.role !== REFERENT_ROLE)
        throw new HttpError(403, 'forbidden', memberRoleMessages.refusedManage(access.role ?? 'viewer'));
      // Leaving is the person's own business; removing somebody else is a change, which a suspension stops.
      if (!self) refuseWhileSuspended(access.organization);
      const organizationId = access.organization.id;
      await db.transaction(async (tx) => {
        const target = await lockedMember(tx as unknown as Db, organizationId, userId);
        if (target.role === REFERENT_ROLE && (await referentCount(tx as unknown as Db, organizationId)) <= 1) {
          throw new HttpError(409, 'last_admin', m.lastAdmin);
        }
        await tx
          .delete(organizationMembers)
          .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
        await recordOrganizationEvent(tx as unknown as Db, {
          organizationId,
          kind: 'member.removed',
          actor: access.user,
          subject: target,
          details: { role: parseMemberRole(target.role), left: self },
        });
      });
    },

    /**
     * A Referente gives a member another role (the route declares 'manage'): the last Referente keeps theirs (409),
     * so the organisation is never left without one. The change is in the organisation's history, in the same
     * transaction; giving a member the role they have changes nothing and records nothing.
     */
    async changeRole(access: OrganizationAccess, userId: string, role: MemberRole): Promise<void> {
      const organizationId = access.organization.id;
      await db.transaction(async (tx) => {
        const target = await lockedMember(tx as unknown as Db, organizationId, userId);
        const before = parseMemberRole(target.role);
        if (before === role) return;
        if (before === REFERENT_ROLE && (await referentCount(tx as unknown as Db, organizationId)) <= 1) {
          throw new HttpError(409, 'last_referent', memberRoleMessages.lastReferent);
        }
        await tx
          .update(organizationMembers)
          .set({ role })
          .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
        await recordOrganizationEvent(tx as unknown as Db, {
          organizationId,
          kind: 'member.role_changed',
          actor: access.user,
          subject: target,
          details: { from: before, to: role },
        });
      });
    },
  };
}

export type Membership = ReturnType<typeof createMembership>;
