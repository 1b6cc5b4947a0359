/**
 * The outcomes an evaluation may propose and what the status-change dialog is offered (issue 44), without zod: the
 * admin pages' header reads them in its first load.
 */
/** The outcomes the form may propose: the statuses a status change can lead to from In valutazione. */
export const EVALUATION_OUTCOMES = ['AMMISSIBILE', 'RIFIUTATA'] as const;
export type EvaluationOutcome = (typeof EVALUATION_OUTCOMES)[number];

export const isEvaluationOutcome = (value: unknown): value is EvaluationOutcome =>
  typeof value === 'string' && (EVALUATION_OUTCOMES as readonly string[]).includes(value);

/** What the status-change dialog offers (issue 44): the handed-over evaluation's proposal. */
export interface EvaluationProposal {
  outcome: EvaluationOutcome;
  note: string;
}

/** The proposal of a handed-over evaluation; null before the hand-over or without an outcome. */
export function proposalOf(evaluation: {
  outcome: EvaluationOutcome | null;
  outcomeNote: string | null;
  handedOverAt: string | null;
}): EvaluationProposal | null {
  if (!evaluation.handedOverAt || !evaluation.outcome) return null;
  return { outcome: evaluation.outcome, note: evaluation.outcomeNote ?? '' };
}
