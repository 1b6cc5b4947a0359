/** The fields of the form; the confirmation is the new password typed again, checked here and never sent. */
export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

export interface PasswordChangeContext {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** Messages by field: the rules checked before sending, or the server's refusal. */
  errors: Partial<Record<PasswordField, string>>;
  /** Why the last Cambia password did not change it, for the whole form (an unreachable server, too many tries). */
  failure: string | null;
}

export type PasswordChangeEvent = { type: 'field.change'; field: PasswordField; value: string } | { type: 'form.submit' };

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** What the changePassword actor rejects with: Italian, meant for the person. */
export interface ChangePasswordFailure {
  message: string;
  fieldErrors: Partial<Record<PasswordField, string>>;
}
