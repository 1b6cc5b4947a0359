import type { SnapshotFrom } from 'xstate';
import type { integrationMachine } from './integration.machine.ts';

export type IntegrationSnapshot = SnapshotFrom<typeof integrationMachine>;

/** Whether documents may be added or removed now. */
export const selectCanEditDocuments = (snapshot: IntegrationSnapshot): boolean =>
  snapshot.matches('editing') || snapshot.matches('confirming') || snapshot.matches('failed');
/** Whether "Completa integrazione" is shown (never to admins, never once completed). */
export const selectShowsComplete = (snapshot: IntegrationSnapshot): boolean =>
  selectCanEditDocuments(snapshot) || snapshot.matches('completing');
/**
 * Whether "Completa integrazione" is enabled: at least one document, nothing under way. With items it stays
 * enabled, so that pressing it says which items are still unanswered.
 */
export const selectCanComplete = (snapshot: IntegrationSnapshot): boolean =>
  snapshot.can({ type: 'complete.open' }) && (snapshot.context.items > 0 || snapshot.context.documents > 0);
/** The labels of the items still unanswered. */
export const selectUnanswered = (snapshot: IntegrationSnapshot): readonly string[] => snapshot.context.unanswered;
export const selectIsConfirming = (snapshot: IntegrationSnapshot): boolean =>
  snapshot.matches('confirming') || snapshot.matches('completing');
export const selectIsCompleting = (snapshot: IntegrationSnapshot): boolean => snapshot.matches('completing');
export const selectError = (snapshot: IntegrationSnapshot): string | null => snapshot.context.error;

/** Everything the integration section renders, in one selection (compare with `shallowEqual`). */
export function selectIntegrationView(snapshot: IntegrationSnapshot) {
  return {
    canEdit: selectCanEditDocuments(snapshot),
    showsComplete: selectShowsComplete(snapshot),
    canComplete: selectCanComplete(snapshot),
    isConfirming: selectIsConfirming(snapshot),
    isCompleting: selectIsCompleting(snapshot),
    error: selectError(snapshot),
    unanswered: selectUnanswered(snapshot),
  };
}
