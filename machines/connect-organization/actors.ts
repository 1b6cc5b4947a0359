import { fromPromise } from 'xstate';
import { messages } from '../../domain/messages.ts';
import type { MyJoinRequest } from '../../domain/joinRequest.ts';
import type { PIvaLookup } from '../../domain/organization.ts';
import type { ConnectOrganizationActorInputs, ConnectOrganizationActorOutputs, LookupFailure } from './types.ts';

/** The call the machine needs; rejects with something carrying `status` and an Italian `message`. */
export interface ConnectOrganizationApi {
  getPIva(pIva: string, signal?: AbortSignal): Promise<PIvaLookup>;
  /** POST /api/JoinRequest/CreateJoinRequest. */
  requestJoin(pIva: string, reason: string): Promise<MyJoinRequest>;
}

export function toLookupFailure(error: unknown): LookupFailure {
  if (typeof error === 'object' && error !== null && 'status' in error && 'message' in error) {
    const { status, message } = error;
    if ((typeof status === 'number' || status === null) && typeof message === 'string' && message !== '') {
      return { status, message };
    }
  }
  return { status: null, message: messages.generic.serverError };
}

export function createConnectOrganizationActors(api: ConnectOrganizationApi) {
  return {
    lookupPIva: fromPromise<ConnectOrganizationActorOutputs['lookupPIva'], ConnectOrganizationActorInputs['lookupPIva']>(
      async ({ input, signal }) => {
        try {
          return await api.getPIva(input.pIva, signal);
        } catch (error) {
          throw toLookupFailure(error);
        }
      },
    ),
    requestJoin: fromPromise<ConnectOrganizationActorOutputs['requestJoin'], ConnectOrganizationActorInputs['requestJoin']>(
      async ({ input }) => {
        try {
          return await api.requestJoin(input.pIva, input.reason);
        } catch (error) {
          throw toLookupFailure(error);
        }
      },
    ),
  };
}
