import type { OrganizationMember } from './organization.ts';

/** How a member is named on the profile: first and last name, or the address when neither is known. */
export function memberFullName(member: Pick<OrganizationMember, 'firstName' | 'lastName' | 'email'>): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}
