import type { SnapshotFrom } from 'xstate';
import type { passwordChangeMachine } from './passwordChange.machine.ts';

export type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>;

export const selectCurrentPassword = (snapshot: PasswordChangeSnapshot): string => snapshot.context.currentPassword;
export const selectNewPassword = (snapshot: PasswordChangeSnapshot): string => snapshot.context.newPassword;
export const selectConfirmPassword = (snapshot: PasswordChangeSnapshot): string => snapshot.context.confirmPassword;
export const selectErrors = (snapshot: PasswordChangeSnapshot) => snapshot.context.errors;
export const selectFailure = (snapshot: PasswordChangeSnapshot): string | null => snapshot.context.failure;
export const selectIsSubmitting = (snapshot: PasswordChangeSnapshot): boolean => snapshot.matches('submitting');
export const selectIsChanged = (snapshot: PasswordChangeSnapshot): boolean => snapshot.matches({ editing: 'changed' });

/** Everything the password section renders, in one selection (compare with `shallowEqual`). */
export function selectPasswordChangeView(snapshot: PasswordChangeSnapshot) {
  return {
    currentPassword: selectCurrentPassword(snapshot),
    newPassword: selectNewPassword(snapshot),
    confirmPassword: selectConfirmPassword(snapshot),
    errors: selectErrors(snapshot),
    failure: selectFailure(snapshot),
    isSubmitting: selectIsSubmitting(snapshot),
    isChanged: selectIsChanged(snapshot),
  };
}
