import type { SnapshotFrom } from 'xstate';
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
    isIntegrationRequest: selectIsIntegrationRequest(snapshot),
    canConfirm: selectCanConfirm(snapshot),
  };
}
