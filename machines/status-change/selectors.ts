import type { SnapshotFrom } from 'xstate';
import type { statusChangeMachine } from './statusChange.machine.ts';

export type StatusChangeSnapshot = SnapshotFrom<typeof statusChangeMachine>;

export const selectIsDialogOpen = (snapshot: StatusChangeSnapshot): boolean =>
  snapshot.matches('confirming') || snapshot.matches('submitting');
export const selectIsSubmitting = (snapshot: StatusChangeSnapshot): boolean => snapshot.matches('submitting');
export const selectRequest = (snapshot: StatusChangeSnapshot) => snapshot.context.request;
export const selectNote = (snapshot: StatusChangeSnapshot): string => snapshot.context.note;
