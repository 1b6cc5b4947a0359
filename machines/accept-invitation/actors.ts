import { fromPromise } from 'xstate';
import { messages } from '../../domain/messages.ts';
import type { AcceptInvitationResponse } from '../../domain/invitation.ts';
import type { AcceptFailure, AcceptInvitationActorInputs, AcceptInvitationActorOutputs } from './types.ts';

/** The calls the machine needs; they reject with an `AcceptFailure` (anything else is an unexpected error). */
export interface AcceptInvitationApi {
  acceptInvitation(token: string): Promise<AcceptInvitationResponse>;
  /** The organisation joined becomes the selected one, the session learns of it, and the person goes to its page. */
  joinOrganization(organizationId: string): Promise<void>;
}

/** A rejection as the machine keeps it: an `AcceptFailure`, or the generic message for anything else. */
export function toAcceptFailure(error: unknown): AcceptFailure {
  if (typeof error === 'object' && error !== null && 'message' in error && 'isWrongAccount' in error) {
    const { message, isWrongAccount } = error;
    if (typeof message === 'string' && message !== '' && typeof isWrongAccount === 'boolean') return { message, isWrongAccount };
  }
  return { message: messages.generic.serverError, isWrongAccount: false };
}

export function createAcceptInvitationActors(api: AcceptInvitationApi) {
  return {
    acceptInvitation: fromPromise<AcceptInvitationActorOutputs['acceptInvitation'], AcceptInvitationActorInputs['acceptInvitation']>(
      ({ input }) => api.acceptInvitation(input.token),
    ),
    joinOrganization: fromPromise<AcceptInvitationActorOutputs['joinOrganization'], AcceptInvitationActorInputs['joinOrganization']>(
      async ({ input }) => {
        await api.joinOrganization(input.organizationId);
        return undefined;
      },
    ),
  };
}
