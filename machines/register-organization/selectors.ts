import type { SnapshotFrom } from 'xstate';
import type { registerOrganizationMachine } from './registerOrganization.machine.ts';

export type RegisterOrganizationSnapshot = SnapshotFrom<typeof registerOrganizationMachine>;

/** Sending or finishing: the Registra button shows progress and is not offered again. */
export const selectIsBusy = (snapshot: RegisterOrganizationSnapshot): boolean => !snapshot.matches('editing');

export const selectSubmitAttempted = (snapshot: RegisterOrganizationSnapshot): boolean => snapshot.context.submitAttempted;

export const selectServerErrors = (snapshot: RegisterOrganizationSnapshot): Record<string, string> => snapshot.context.serverErrors;

export const selectFailure = (snapshot: RegisterOrganizationSnapshot) => snapshot.context.failure;

/** Everything the registration form renders, in one selection (compare with `shallowEqual`). */
export function selectRegisterOrganizationView(snapshot: RegisterOrganizationSnapshot) {
  return {
    isBusy: selectIsBusy(snapshot),
    submitAttempted: selectSubmitAttempted(snapshot),
    serverErrors: selectServerErrors(snapshot),
    failure: selectFailure(snapshot),
  };
}
