import type { SnapshotFrom } from 'xstate';
import type { inviteMachine } from './invite.machine.ts';

export type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;

export const selectEmails = (snapshot: InviteSnapshot): string[] => snapshot.context.emails;
export const selectMessage = (snapshot: InviteSnapshot): string => snapshot.context.message;
export const selectErrors = (snapshot: InviteSnapshot) => snapshot.context.errors;
export const selectIsSending = (snapshot: InviteSnapshot): boolean => snapshot.matches('sending');
export const selectCanSend = (snapshot: InviteSnapshot): boolean => snapshot.can({ type: 'invite.send' });
export const selectCanAdd = (snapshot: InviteSnapshot): boolean => snapshot.can({ type: 'email.add' });
export const selectCanRemove = (snapshot: InviteSnapshot): boolean => snapshot.context.emails.length > 1 && !snapshot.matches('sending');

/** Who was invited and who was left out, while the outcome of the last Invia is showing. */
export function selectOutcome(snapshot: InviteSnapshot): { sent: string[]; skipped: string[] } | null {
  if (!snapshot.matches({ editing: 'done' })) return null;
  return { sent: snapshot.context.sent, skipped: snapshot.context.skipped };
}

/** Everything the invitation form renders, in one selection (compare with `shallowEqual`). */
export function selectInviteView(snapshot: InviteSnapshot) {
  return {
    emails: selectEmails(snapshot),
    message: selectMessage(snapshot),
    errors: selectErrors(snapshot),
    isSending: selectIsSending(snapshot),
    canSend: selectCanSend(snapshot),
    canAdd: selectCanAdd(snapshot),
    canRemove: selectCanRemove(snapshot),
    outcome: selectOutcome(snapshot),
  };
}
