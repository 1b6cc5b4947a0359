import type { AcceptInvitationResponse, InvitationView } from '../../domain/invitation.ts';

/** Why an acceptance did not go through: the server's Italian message, and whether another address is signed in. */
export interface AcceptFailure {
  message: string;
  /** Signed in with another address: the way out is to log out and in with the invited one. */
  isWrongAccount: boolean;
}

export interface AcceptInvitationInput {
  /** The token of the link, as it came. */
  token: string;
  /** The signed-in person's address: told before pressing anything when it is not the invited one. */
  userEmail: string;
  /** The invitation when it is already loaded (by the route, or earlier), so the page opens on it. */
  invitation: InvitationView | null;
}

export interface AcceptInvitationContext {
  token: string;
  userEmail: string;
  /** What GetInvitation last answered. */
  invitation: InvitationView | null;
  /** Why GetInvitation failed, in Italian. */
  loadError: string | null;
  /** What AcceptInvitation answered: the organisation joined. */
  accepted: AcceptInvitationResponse | null;
  /** Why the last acceptance did not go through. */
  failure: AcceptFailure | null;
}

export type AcceptInvitationEvent =
  /** GetInvitation answered (the first time, or again). */
  | { type: 'invitation.loaded'; invitation: InvitationView }
  /** GetInvitation failed: unknown link, no answer; `message` is Italian. */
  | { type: 'invitation.loadFailed'; message: string }
  /** "Accetta invito". */
  | { type: 'invitation.accept' };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface AcceptInvitationActorOutputs {
  acceptInvitation: AcceptInvitationResponse;
  joinOrganization: undefined;
}

export interface AcceptInvitationActorInputs {
  acceptInvitation: { token: string };
  joinOrganization: { organizationId: string };
}

export type AcceptInvitationActorId = keyof AcceptInvitationActorOutputs;
