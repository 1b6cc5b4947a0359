import { fromPromise } from 'xstate';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import type { MemberRole, OrganizationMember } from '../../domain/organization.ts';
import type { MemberRoleChangeActorInputs, MemberRoleChangeActorOutputs } from './types.ts';

/** The calls the machine needs; they reject with an Error whose message is Italian. */
export interface MemberRoleChangeApi {
  /** POST /api/Organization/ChangeMemberRole. */
  changeRole(member: OrganizationMember, role: MemberRole): Promise<void>;
  /** The organisation is loaded again, so the list shows the new role. */
  reloadMembers(): Promise<void>;
}

/** What a failed change says: the server's message, or the generic one. */
export function roleChangeFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : memberRoleMessages.changeFailed;
}

export function createMemberRoleChangeActors(api: MemberRoleChangeApi) {
  return {
    changeRole: fromPromise<MemberRoleChangeActorOutputs['changeRole'], MemberRoleChangeActorInputs['changeRole']>(async ({ input }) => {
      await api.changeRole(input.member, input.role);
      return undefined;
    }),
    reloadMembers: fromPromise<MemberRoleChangeActorOutputs['reloadMembers'], MemberRoleChangeActorInputs['reloadMembers']>(async () => {
      await api.reloadMembers();
      return undefined;
    }),
  };
}
