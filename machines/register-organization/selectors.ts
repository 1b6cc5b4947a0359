import type { SnapshotFrom } from 'xstate';
import type { registerOrganisationMachine } from './registerOrganisation.machine.ts';

export type RegisterOrganisationSnapshot = SnapshotFrom<typeof registerOrganisationMachine>;

/** Sending or finishing: the Registra button shows progress and is not offered again. */
export const selectIsBusy = (snapshot: RegisterOrganisationSnapshot): boolean => !snapshot.matches('editing');

export const selectSubmitAttempted = (snapshot: RegisterOrganisationSnapshot): boolean => snapshot.context.submitAttempted;

export const selectServerErrors = (snapshot: RegisterOrganisationSnapshot): Record<string, string> =>
  snapshot.context.serverErrors;

export const selectFailure = (snapshot: RegisterOrganisationSnapshot) => snapshot.context.failure;
