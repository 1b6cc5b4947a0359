import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { invitations } from '../db/schema/invitations.ts';
import { organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { invitationMessages } from '../../domain/messages/invitation.ts';
import { isAdminRole } from '../../domain/roles.ts';
import {
  INVITATION_VALIDITY_DAYS,
  invitationTokenSchema,
  type AcceptInvitationResponse,
  type InvitationStatus,
  type InvitationView,
} from '../../domain/invitation.ts';
import { DEFAULT_MEMBER_ROLE, parseMemberRole } from '../../domain/organization.ts';
import { HttpError } from '../errors.ts';
import { recordOrganizationEvent } from '../organizations/history.ts';
import type { Membership } from './membership.ts';
import type { UserRow } from './users.ts';

const DAY = 24 * 60 * 60 * 1000;
const m = invitationMessages;

/** Only this digest is stored: the token itself exists in the e-mail alone. */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

type InvitationRow = typeof invitations.$inferSelect;

/** When an invitation issued at `issuedAt` expires. */
export const invitationExpiry = (issuedAt: Date) => new Date(issuedAt.getTime() + INVITATION_VALIDITY_DAYS * DAY);

function statusOf(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** Invitations to join an organisation: issued by a member, accepted once by the invited address. */
export function createInvitations(db: Db, membership: Membership) {
  async function find(token: string) {
    if (!invitationTokenSchema.safeParse(token).success) throw new HttpError(404, 'not_found', m.notFound);
    const [row] = await db
      .select({ invitation: invitations, organizationName: organizations.name })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .where(eq(invitations.tokenHash, hashInvitationToken(token)));
    if (!row) throw new HttpError(404, 'not_found', m.notFound);
    return row;
  }

  return {
    /**
     * Whether the address belongs to a person known to the portal who has not confirmed it: no invitation is
     * mailed there (only the verification link). An address nobody uses yet is invited: that is how people come.
     */
    async isUnconfirmedAddress(email: string): Promise<boolean> {
      const [row] = await db
        .select({ verified: sql<boolean>`bool_or(${users.emailVerified})` })
        .from(users)
        .where(eq(users.email, email.toLowerCase()))
        .groupBy(users.email);
      return row !== undefined && !row.verified;
    },

    async create(input: { organizationId: string; email: string; invitedBy: string }) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = invitationExpiry(new Date());
      const [row] = await db
        .insert(invitations)
        .values({ ...input, email: input.email.toLowerCase(), tokenHash: hashInvitationToken(token), expiresAt })
        .returning({ id: invitations.id });
      return { id: row!.id, token, expiresAt };
    },

    /** Withdraws an invitation whose e-mail could not be sent. */
    async discard(id: string) {
      await db.delete(invitations).where(eq(invitations.id, id));
    },

    async view(token: string): Promise<InvitationView> {
      const { invitation, organizationName } = await find(token);
      return {
        organizationName,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        status: statusOf(invitation),
      };
    },

    /**
     * Makes the caller a member (the default role, Compilatore) when the invitation is pending and addressed to their
     * e-mail (case-insensitive). The token is consumed in the same transaction, so it works once.
     */
    async accept(user: UserRow, token: string): Promise<AcceptInvitationResponse> {
      const { invitation, organizationName } = await find(token);
      const status = statusOf(invitation);
      if (status === 'accepted') throw new HttpError(409, 'invitation_used', m.used);
      if (status === 'expired') throw new HttpError(410, 'invitation_expired', m.expired);
      if (user.email.trim().toLowerCase() !== invitation.email) throw new HttpError(403, 'invitation_wrong_account', m.wrongAccount);
      if (isAdminRole(user.roles)) throw new HttpError(403, 'forbidden', m.adminCannotJoin);

      return db.transaction(async (tx) => {
        const consumed = await tx
          .update(invitations)
          .set({ acceptedAt: new Date(), acceptedBy: user.id })
          .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
          .returning({ id: invitations.id });
        // Someone else's request consumed it (or it expired) between the read and this update.
        if (consumed.length === 0) throw new HttpError(409, 'invitation_used', m.used);
        const added = await membership.addMember(tx as unknown as Db, invitation.organizationId, user.id, DEFAULT_MEMBER_ROLE);
        if (added) {
          await recordOrganizationEvent(tx as unknown as Db, {
            organizationId: invitation.organizationId,
            kind: 'member.added',
            actor: user,
            subject: user,
            details: { role: DEFAULT_MEMBER_ROLE, via: 'invitation' },
          });
        }
        const role = await membership.roleOf(tx as unknown as Db, invitation.organizationId, user.id);
        return { organizationId: invitation.organizationId, organizationName, role: parseMemberRole(role) };
      });
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
