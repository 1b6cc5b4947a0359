import { fromPromise } from 'xstate';
import { organizationAdminMessages } from '../../domain/messages/organizationAdmin.ts';
import type { OrganizationAdminActionsActorInputs, OrganizationAdminActionsActorOutputs } from './types.ts';

/** The calls the machine needs; they reject with an Error whose message is Italian (the server's). */
export interface OrganizationAdminActionsApi {
  performAct(input: OrganizationAdminActionsActorInputs['performAct']): Promise<void>;
  /** The organisation and its history are loaded again. */
  reload(organizationId: string): Promise<void>;
}

/** What a refused act says: the server's message, or the generic one. */
export function adminActFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : organizationAdminMessages.outcome.failed;
}

export function createOrganizationAdminActionsActors(api: OrganizationAdminActionsApi) {
  return {
    performAct: fromPromise<OrganizationAdminActionsActorOutputs['performAct'], OrganizationAdminActionsActorInputs['performAct']>(
      async ({ input }) => {
        await api.performAct(input);
        return undefined;
      },
    ),
    reload: fromPromise<OrganizationAdminActionsActorOutputs['reload'], OrganizationAdminActionsActorInputs['reload']>(
      async ({ input }) => {
        await api.reload(input.organizationId);
        return undefined;
      },
    ),
  };
}
