import type { Evaluation } from '../../domain/evaluation.ts';
import type { FieldMessage } from '../../domain/validation.ts';
import type { DraftSyncParentEvent, DraftSyncReport } from '../draft-sync/types.ts';

/** What the page loaded: the evaluation as stored (its version; handed over already, or not). */
export interface EvaluationInput {
  evaluation: Evaluation;
}

export interface EvaluationContext {
  /** The stored version the sync starts from. */
  version: number;
  /** How the answers' sync stands, as it last reported (draft-sync). */
  sync: DraftSyncReport;
  /** The stored answers after Ricarica (a conflict), which the form starts again from; null until then. */
  reloaded: Record<string, unknown> | null;
  /** Counts the reloads: the form is built again from `reloaded` on each. */
  reloads: number;
  /** The hand-over's refusal: the questions to complete (422), or the server's message. */
  issues: FieldMessage[];
  error: string | null;
  /** The evaluation as the server stored it at the hand-over (or as loaded, when it was handed over already). */
  handedOver: Evaluation | null;
}

export type EvaluationEvent =
  /** The form's answers, whole, as the administrator typed them. */
  | { type: 'answers.change'; answers: Record<string, unknown> }
  /** "Salva ora": save at once (also after a refusal). */
  | { type: 'draft.save' }
  /** A newer evaluation was saved by another administrator: load it (Ricarica), or keep editing here. */
  | { type: 'draft.reload' }
  | { type: 'conflict.keepEditing' }
  /** "Consegna valutazione", then the confirmation's Consegna or Annulla. */
  | { type: 'handover.open' }
  | { type: 'handover.confirm' }
  | { type: 'handover.cancel' }
  | DraftSyncParentEvent;

/** Why the hand-over was refused: a message, with the questions to complete when the form's checks refused it. */
export interface HandOverRefusal {
  message: string;
  issues?: FieldMessage[];
}
