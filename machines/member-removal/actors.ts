import { fromPromise } from 'xstate';
import { profileMessages } from '../../domain/messages/profile.ts';
import type { OrganizationMember } from '../../domain/organization.ts';
import type { MemberRemovalActorInputs, MemberRemovalActorOutputs } from './types.ts';

/** The calls the machine needs; they reject with an Error whose message is Italian. */
export interface MemberRemovalApi {
  /** POST /api/Organization/RemoveMember. */
  removeMember(member: OrganizationMember): Promise<void>;
  /** The organisation is loaded again; `left` when the person removed themselves (their organisations changed). */
  reloadMembers(member: OrganizationMember, left: boolean): Promise<void>;
}

/** What a failed removal says: the server's message, or the generic one. */
export function removalFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : profileMessages.removeFailed;
}

export function createMemberRemovalActors(api: MemberRemovalApi) {
  return {
    removeMember: fromPromise<MemberRemovalActorOutputs['removeMember'], MemberRemovalActorInputs['removeMember']>(async ({ input }) => {
      await api.removeMember(input.member);
      return undefined;
    }),
    reloadMembers: fromPromise<MemberRemovalActorOutputs['reloadMembers'], MemberRemovalActorInputs['reloadMembers']>(async ({ input }) => {
      await api.reloadMembers(input.member, input.left);
      return undefined;
    }),
  };
}
