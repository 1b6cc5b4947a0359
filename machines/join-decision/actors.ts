import { fromPromise } from 'xstate';
import type { JoinDecision, OpenJoinRequest } from '../../domain/joinRequest.ts';
import { joinRequestMessages } from '../../domain/messages/joinRequest.ts';
import type { JoinDecisionActorInputs, JoinDecisionActorOutputs } from './types.ts';

/** The calls the machine needs; they reject with an Error whose message is Italian. */
export interface JoinDecisionApi {
  /** POST /api/JoinRequest/DecideJoinRequest. */
  decide(request: OpenJoinRequest, decision: JoinDecision, note: string): Promise<void>;
  /** The lists of requests (and, after an acceptance, the members) are loaded again. */
  reloadRequests(request: OpenJoinRequest): Promise<void>;
}

/** What a failed decision says: the server's message, or the generic one. */
export function decisionFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : joinRequestMessages.decideFailed;
}

export function createJoinDecisionActors(api: JoinDecisionApi) {
  return {
    decide: fromPromise<JoinDecisionActorOutputs['decide'], JoinDecisionActorInputs['decide']>(async ({ input }) => {
      await api.decide(input.request, input.decision, input.note);
      return undefined;
    }),
    reloadRequests: fromPromise<JoinDecisionActorOutputs['reloadRequests'], JoinDecisionActorInputs['reloadRequests']>(
      async ({ input }) => {
        await api.reloadRequests(input.request);
        return undefined;
      },
    ),
  };
}
