import type { OrganizationDetail, OrganizationMember } from '../../../domain/organization.ts';

export type MemberAction = 'remove' | 'leave' | null;

/**
 * What the person may do to a member (the server's rule, server/auth/membership.ts): organisation
 * administrators remove others, anybody may leave; never a platform administrator reading (canEdit false).
 */
export function memberActionFor(
  detail: Pick<OrganizationDetail, 'canEdit' | 'myRole' | 'members'>,
  member: OrganizationMember,
  currentUserId: string,
): MemberAction {
  if (!detail.canEdit) return null;
  if (member.userId === currentUserId) return isLastAdmin(detail, member) ? null : 'leave';
  return detail.myRole === 'admin' ? 'remove' : null;
}

/** The server keeps the last administrator (an organisation is never left without one): no use offering it. */
function isLastAdmin(detail: Pick<OrganizationDetail, 'members'>, member: OrganizationMember): boolean {
  return member.role === 'admin' && detail.members.filter((m) => m.role === 'admin').length === 1;
}
