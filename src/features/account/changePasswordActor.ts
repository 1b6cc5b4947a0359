import { fromPromise } from 'xstate';
import { passwordMessages } from '../../../domain/messages/password.ts';
import type { ChangePasswordFailure, ChangePasswordInput, PasswordField } from '../../../machines/password-change/types.ts';
import type { ApiClient } from '../../api/client.ts';
import { toApiRequestError } from '../../api/errors.ts';
import { changePassword } from '../../api/password.ts';

/** The fields the server may name (the confirmation never leaves the page). */
const FIELDS: readonly PasswordField[] = ['currentPassword', 'newPassword'];

interface Deps {
  api: ApiClient;
  /** This tab's refresh token: the session that stays signed in while every other one ends. */
  refreshToken(): string | null;
}

/** The password-change machine's actor: POST /api/User/ChangePassword, a refusal told field by field. */
export function createChangePassword({ api, refreshToken }: Deps) {
  return fromPromise<void, ChangePasswordInput>(async ({ input }) => {
    try {
      await changePassword(api, { ...input, refreshToken: refreshToken() });
    } catch (error) {
      const refused = toApiRequestError(error);
      const fieldErrors: ChangePasswordFailure['fieldErrors'] = {};
      for (const issue of refused.issues) {
        const field = FIELDS.find((name) => name === issue.field);
        if (field) fieldErrors[field] ??= issue.message;
      }
      throw { message: refused.message || passwordMessages.changeFailedTitle, fieldErrors } satisfies ChangePasswordFailure;
    }
  });
}
