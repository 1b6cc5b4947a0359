import type { SnapshotFrom } from 'xstate';
import { isDeadlineBefore } from '../../domain/integration.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import type { statusChangeMachine } from './statusChange.machine.ts';

export type StatusChangeSnapshot = SnapshotFrom<typeof statusChangeMachine>;

export const selectIsDialogOpen = (snapshot: StatusChangeSnapshot): boolean =>
  snapshot.matches('confirming') || snapshot.matches('submitting');
export const selectIsSubmitting = (snapshot: StatusChangeSnapshot): boolean => snapshot.matches('submitting');
export const selectRequest = (snapshot: StatusChangeSnapshot) => snapshot.context.request;
export const selectNote = (snapshot: StatusChangeSnapshot): string => snapshot.context.note;
export const selectDeadline = (snapshot: StatusChangeSnapshot): string | null => snapshot.context.deadline;
/** In integrazione: the note is the request to the applicant, and a deadline may be given. */
export const selectIsIntegrationRequest = (snapshot: StatusChangeSnapshot): boolean => snapshot.context.request?.to === 'IN_INTEGRAZIONE';
/** Why the server refused the last Conferma, in its own Italian words; null before any refusal. */
export const selectError = (snapshot: StatusChangeSnapshot): string | null => snapshot.context.error;
/** A deadline before today is pointed out under the date, before anything is sent. */
export const selectDeadlineIssue = (snapshot: StatusChangeSnapshot): string | null => {
  const { deadline, earliestDeadline } = snapshot.context;
  return deadline !== null && earliestDeadline !== null && isDeadlineBefore(deadline, earliestDeadline)
    ? integrationMessages.deadlineInvalid
    : null;
};
/** In integrazione: the fields and slots added to the request, each with its message as typed (issue 44). */
export const selectItems = (snapshot: StatusChangeSnapshot) => snapshot.context.items;
/**
 * The handed-over evaluation's proposal (issue 44), when there is one: whether the dialog is on its outcome, and
 * whether "Usa l'esito proposto" is offered (another target, or a note changed from the proposal's).
 */
export const selectProposal = (snapshot: StatusChangeSnapshot) => {
  const { request } = snapshot.context;
  const proposal = request?.proposal;
  if (!request || !proposal) return null;
  return { ...proposal, isTarget: request.to === proposal.outcome, canApply: snapshot.can({ type: 'proposal.apply' }) };
};
/** Conferma is enabled: everything the change needs is there. */
export const selectCanConfirm = (snapshot: StatusChangeSnapshot): boolean => snapshot.can({ type: 'dialog.confirm' });

/** Everything the status-change dialog renders, in one selection (compare with `shallowEqual`). */
export function selectStatusChangeView(snapshot: StatusChangeSnapshot) {
  return {
    request: selectRequest(snapshot),
    isOpen: selectIsDialogOpen(snapshot),
    isSubmitting: selectIsSubmitting(snapshot),
    note: selectNote(snapshot),
    deadline: selectDeadline(snapshot),
    deadlineIssue: selectDeadlineIssue(snapshot),
    error: selectError(snapshot),
    isIntegrationRequest: selectIsIntegrationRequest(snapshot),
    canConfirm: selectCanConfirm(snapshot),
    items: selectItems(snapshot),
    proposal: selectProposal(snapshot),
  };
}
