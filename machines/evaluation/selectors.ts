import type { SnapshotFrom } from 'xstate';
import type { evaluationMachine } from './evaluation.machine.ts';

export type EvaluationSnapshot = SnapshotFrom<typeof evaluationMachine>;

export const selectIsReadOnly = (snapshot: EvaluationSnapshot): boolean => snapshot.matches('readOnly');
export const selectIsConfirming = (snapshot: EvaluationSnapshot): boolean => snapshot.matches({ editing: 'confirming' });
/** Waiting for the last answers to be stored, or for the server's hand-over. */
export const selectIsHandingOver = (snapshot: EvaluationSnapshot): boolean =>
  snapshot.matches({ editing: 'flushing' }) || snapshot.matches({ editing: 'handingOver' });

/** Everything the evaluation section renders, in one selection (compare with `shallowEqual`). */
export function selectEvaluationView(snapshot: EvaluationSnapshot) {
  const { sync, issues, error, handedOver, reloaded, reloads } = snapshot.context;
  return {
    readOnly: selectIsReadOnly(snapshot),
    confirming: selectIsConfirming(snapshot) || selectIsHandingOver(snapshot),
    handingOver: selectIsHandingOver(snapshot),
    canHandOver: snapshot.can({ type: 'handover.open' }),
    sync,
    issues,
    error,
    handedOver,
    reloaded,
    reloads,
  };
}
