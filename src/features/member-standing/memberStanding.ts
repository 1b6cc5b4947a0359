import type { HandOverRule } from '../../../domain/call.ts';
import { italianOr } from '../../../domain/italianLists.ts';
import { memberFullName } from '../../../domain/memberName.ts';
import { mayAct } from '../../../domain/memberRoles.ts';
import { memberRoleMessages as r } from '../../../domain/messages/memberRoles.ts';
import { suspensionMessages } from '../../../domain/messages/suspension.ts';
import type { OrganizationDetail } from '../../../domain/organization.ts';

/** What a member may do in their organisation's applications, as the server decides it (domain/memberRoles.ts). */
export interface MemberStanding {
  /** Drafts, attachments, answers: not a Sola lettura member (nor a platform administrator, who reads). */
  mayWrite: boolean;
  /** Why nothing can be changed, for a Sola lettura member or a suspended organisation's; null otherwise. */
  readOnlyNotice: string | null;
  /** Who may hand over, for a member who may not (the call's rule); null for one who may, or for a reader. */
  handOverNotice: string | null;
}

const READER: MemberStanding = { mayWrite: false, readOnlyNotice: null, handOverNotice: null };

/**
 * The caller's standing from the organisation's detail (their role, whether they are its legal representative,
 * its members, whether it is suspended) and the call's rule of who hands over. Without a role (a platform
 * administrator reading) nothing is said; in a suspended organisation nobody changes anything (the layout's banner
 * gives the reason).
 */
export function memberStandingOf(
  detail: Pick<OrganizationDetail, 'myRole' | 'isLegalRepresentative' | 'members' | 'legaleRappresentante' | 'status'>,
  handOverBy: HandOverRule,
): MemberStanding {
  const { myRole: role } = detail;
  if (role === null) return READER;
  if (detail.status === 'suspended') {
    return { mayWrite: false, readOnlyNotice: suspensionMessages.readOnly, handOverNotice: null };
  }
  const actor = { role, isLegalRepresentative: detail.isLegalRepresentative };
  const mayWrite = mayAct('write', actor);
  return {
    mayWrite,
    readOnlyNotice: mayWrite ? null : r.readOnlyExplanation,
    handOverNotice: mayAct('handOver', actor, handOverBy) ? null : whoHandsOver(detail, handOverBy),
  };
}

/** "Per questo bando può consegnare solo …": the Referenti by name, or the legal representative by name. */
function whoHandsOver(detail: Pick<OrganizationDetail, 'members' | 'legaleRappresentante'>, handOverBy: HandOverRule): string {
  if (handOverBy === 'referents') {
    const referents = detail.members.filter((member) => member.role === 'admin').map(memberFullName);
    return referents.length === 0 ? r.handOverByNoReferent : r.handOverByReferents(italianOr(referents));
  }
  const member = detail.members.find((candidate) => candidate.isLegalRepresentative);
  if (member) return r.handOverByLegalRepresentative(memberFullName(member));
  const named = detail.legaleRappresentante;
  return named ? r.handOverByLegalRepresentative(`${named.nome} ${named.cognome}`) : r.handOverByLegalRepresentativeUnknown;
}
