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
