import { fromPromise } from 'xstate';
import { accountMessages } from '../../../domain/messages/account.ts';
import type { User } from '../../../domain/user.ts';
import type { FieldSaveFailure, SaveFieldInput, SaveFieldOutput } from '../../../machines/field-edit/types.ts';
import { updateUser } from '../../api/account.ts';
import type { ApiClient } from '../../api/client.ts';
import { accountValuesOf, checkAccountValues } from './accountValues.ts';

interface SaveAccountDeps {
  api: ApiClient;
  /** The signed-in person as the session knows them now (id, e-mail and roles travel with the names). */
  currentUser(): User;
  /** The updated person, for the session (header name) and the cached queries. */
  onSaved(user: User): void;
}

/**
 * The account page's save: checks the names first (spec §5), then POST /api/User/UpdateUser.
 * Every refusal carries the spec's message ('Errore nella modifica dei valori nei campi').
 */
export function createSaveAccountField({ api, currentUser, onSaved }: SaveAccountDeps) {
  return fromPromise<SaveFieldOutput, SaveFieldInput>(async ({ input }) => {
    const user = currentUser();
    const check = checkAccountValues(user, { ...input.values, ...input.changes });
    if (!check.ok) throw { message: accountMessages.updateFailed, fieldErrors: check.fieldErrors } satisfies FieldSaveFailure;
    let updated: User;
    try {
      updated = await updateUser(api, user, check.names);
    } catch {
      throw { message: accountMessages.updateFailed, fieldErrors: {} } satisfies FieldSaveFailure;
    }
    onSaved(updated);
    return accountValuesOf(updated);
  });
}
