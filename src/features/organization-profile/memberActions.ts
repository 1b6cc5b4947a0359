import type { OrganizationDetail, OrganizationMember } from '../../../domain/organization.ts';

export type MemberAction = 'remove' | 'leave' | null;

/**
 * What the person may do to a member (the server's rule, server/auth/membership.ts): Referenti remove others,
 * any member may leave, whatever their role; never a platform administrator reading (no role).
 */
export function memberActionFor(
  detail: Pick<OrganizationDetail, 'myRole' | 'members'>,
  member: OrganizationMember,
  currentUserId: string,
): MemberAction {
  if (detail.myRole === null) return null;
  if (member.userId === currentUserId) return isLastAdmin(detail, member) ? null : 'leave';
  return detail.myRole === 'admin' ? 'remove' : null;
}

/** The server keeps the last administrator (an organisation is never left without one): no use offering it. */
function isLastAdmin(detail: Pick<OrganizationDetail, 'members'>, member: OrganizationMember): boolean {
  return member.role === 'admin' && detail.members.filter((m) => m.role === 'admin').length === 1;
}

/**
 * Whether the person may change the member's role: a Referente (canEdit), for anybody but themselves while they
 * are the last Referente (the server would keep them one).
 */
export function mayChangeRoleOf(
  detail: Pick<OrganizationDetail, 'canEdit' | 'members'>,
  member: OrganizationMember,
  currentUserId: string,
): boolean {
  if (!detail.canEdit) return false;
  return member.userId !== currentUserId || !isLastAdmin(detail, member);
}
