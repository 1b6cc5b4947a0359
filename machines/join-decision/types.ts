import type { JoinDecision, OpenJoinRequest } from '../../domain/joinRequest.ts';

/** How the last decision went, until the next one. */
export type DecisionOutcome =
  | { kind: 'decided'; request: OpenJoinRequest; decision: JoinDecision }
  /** `message` is Italian: the server's (already decided, expired), or the generic one. */
  | { kind: 'failed'; message: string };

export interface JoinDecisionContext {
  /** The request the dialog is about, until it is decided or given up. */
  request: OpenJoinRequest | null;
  decision: JoinDecision | null;
  /** The optional note to the requester. */
  note: string;
  outcome: DecisionOutcome | null;
}

export type JoinDecisionEvent =
  /** Accetta or Rifiuta on a request's row: asks for confirmation. */
  | { type: 'decision.open'; request: OpenJoinRequest; decision: JoinDecision }
  /** The person typed in the note's box. */
  | { type: 'note.change'; value: string }
  /** Conferma in the dialog. */
  | { type: 'decision.confirm' }
  /** Annulla, Escape. */
  | { type: 'decision.cancel' };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface JoinDecisionActorOutputs {
  decide: undefined;
  reloadRequests: undefined;
}

export interface JoinDecisionActorInputs {
  decide: { request: OpenJoinRequest; decision: JoinDecision; note: string };
  reloadRequests: { request: OpenJoinRequest };
}

export type JoinDecisionActorId = keyof JoinDecisionActorOutputs;
