import type { SnapshotFrom } from 'xstate';
import type { InvitationView } from '../../domain/invitation.ts';
import type { acceptInvitationMachine } from './acceptInvitation.machine.ts';
import type { AcceptFailure } from './types.ts';

export type AcceptInvitationSnapshot = SnapshotFrom<typeof acceptInvitationMachine>;

/** What the invitation page shows. */
export type AcceptInvitationView =
  | { phase: 'loading' }
  | { phase: 'unavailable'; message: string }
  | {
      phase: 'shown';
      invitation: InvitationView;
      /** Said before anything is pressed: the invitation was already used, or has expired. */
      notice: 'used' | 'expired' | null;
      /** Why the acceptance was refused, while it is showing. */
      failure: AcceptFailure | null;
      /** "Accetta invito" is on the page (disabled while `isAccepting`). */
      offersAccept: boolean;
      isAccepting: boolean;
      /** The organisation joined, once accepted. */
      joined: string | null;
      /** Signed in with another address than the invited one, and nothing refused yet. */
      isOtherAccount: boolean;
    };

export function selectAcceptInvitationView(snapshot: AcceptInvitationSnapshot): AcceptInvitationView {
  const { invitation, loadError, accepted, failure, userEmail } = snapshot.context;
  if (snapshot.matches('unavailable')) return { phase: 'unavailable', message: loadError ?? '' };
  if (invitation === null) return { phase: 'loading' };
  const shownFailure = snapshot.matches('failed') ? failure : null;
  const isAccepted = snapshot.matches('accepted');
  return {
    phase: 'shown',
    invitation,
    // From the invitation itself: an answer that arrived after a refusal still says it was used.
    notice: invitation.status === 'accepted' ? 'used' : invitation.status === 'expired' ? 'expired' : null,
    failure: shownFailure,
    offersAccept: invitation.status === 'pending' && !isAccepted,
    isAccepting: snapshot.matches('accepting') || snapshot.matches('joining'),
    joined: isAccepted ? (accepted?.organizationName ?? null) : null,
    isOtherAccount: userEmail.toLowerCase() !== invitation.email && invitation.status === 'pending' && shownFailure === null,
  };
}
