import type { HandOverRule } from './call.ts';
import { normaliseFiscalCode } from './fiscalCode.ts';
import type { MemberRole } from './organization.ts';

/**
 * What a member's route does, in one word (server/auth/access.ts `mode`), and so which roles may call it (issue 42):
 * - 'read': every member (and platform administrators, who read any organisation);
 * - 'leave': every member, about their own membership (leaving; removing another is a Referente's);
 * - 'write': changes the applications (drafts, attachments, answers): Compilatore and Referente;
 * - 'manage': the organisation itself (profile, members, roles, invitations): Referente;
 * - 'handOver': hands something over (the application, an integration, the review, a monitoring period): as the
 *   call's rule says (`handOverBy`): its Referenti, or only the legal representative (whatever their role).
 */
export const MEMBER_ACTS = ['read', 'leave', 'write', 'manage', 'handOver'] as const;
export type MemberAct = (typeof MEMBER_ACTS)[number];

/** The caller as a member: their role, and whether their codice fiscale is the legal representative's. */
export interface MemberActor {
  role: MemberRole;
  isLegalRepresentative: boolean;
}

/** Whether the member may do `act`; `handOverBy` is the call's rule, asked only of a hand-over. */
export function mayAct(act: MemberAct, actor: MemberActor, handOverBy: HandOverRule = 'referents'): boolean {
  switch (act) {
    case 'read':
    case 'leave':
      return true;
    case 'write':
      return actor.role !== 'viewer';
    case 'manage':
      return actor.role === 'admin';
    case 'handOver':
      return handOverBy === 'referents' ? actor.role === 'admin' : actor.isLegalRepresentative;
  }
}

/**
 * The codici fiscali of the organisation's legal representatives, as its profile stores them (none, one or two).
 * Here, not beside the profile's schemas (domain/organization.ts), so the wizard's hand-over rule does not load them.
 */
export function legalRepresentativeFiscalCodes(profile: Record<string, unknown>): string[] {
  return ['legaleRappresentanteCodiceFiscale', 'secondoLegaleRappresentanteCodiceFiscale']
    .map((key) => profile[key])
    .filter((code): code is string => typeof code === 'string' && code !== '');
}

/**
 * Whether a person's codice fiscale (users.fiscal_code, as SPID/CIE last sent it) is a legal representative's of
 * the organisation (its profile's `legaleRappresentanteCodiceFiscale`, or `secondoLegaleRappresentanteCodiceFiscale`
 * where it names two); never without both.
 */
export function isLegalRepresentative(personFiscalCode: string | null | undefined, profile: Record<string, unknown>): boolean {
  if (!personFiscalCode) return false;
  const person = normaliseFiscalCode(personFiscalCode);
  return legalRepresentativeFiscalCodes(profile).some((code) => normaliseFiscalCode(code) === person);
}
