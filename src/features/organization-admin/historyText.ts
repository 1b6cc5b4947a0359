import { organizationAdminMessages } from '../../../domain/messages/organizationAdmin.ts';
import { organizationHistoryMessages as m } from '../../../domain/messages/organizationHistory.ts';
import { MEMBER_ROLES, type MemberRole } from '../../../domain/organization.ts';
import type { OrganizationEvent } from '../../../domain/organizationHistory.ts';

const roleLabel = (value: unknown) =>
  MEMBER_ROLES.includes(value as MemberRole) ? organizationAdminMessages.roles[value as MemberRole] : null;

/** "Azione" in Italian, for every kind the history records; a role change says from which role to which. */
export function historyActionText(event: OrganizationEvent): string {
  const text = m.kinds[event.kind](event.subjectName ?? m.someone);
  if (event.kind !== 'member.role_changed' && event.kind !== 'member.added') return text;
  const from = roleLabel(event.details.from);
  const to = roleLabel(event.details.to ?? event.details.role);
  if (event.kind === 'member.added') return to ? `${text} (${to})` : text;
  return from && to ? `${text} ${m.roleChange(from, to)}` : text;
}

/** "Chi": a platform administrator is the administration (their name after it), the platform when nobody acted. */
export function historyActorText(event: OrganizationEvent): string {
  if (event.actorName === '') return m.platform;
  return event.actorIsPlatformAdmin ? `${m.administration} (${event.actorName})` : event.actorName;
}
