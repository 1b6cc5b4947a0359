import type { SnapshotFrom } from 'xstate';
import type { draftSyncMachine } from './draftSync.machine.ts';
import type { DraftSyncState } from './types.ts';

export type DraftSyncSnapshot = SnapshotFrom<typeof draftSyncMachine>;

/** How the sync stands, by its state (what `reportState` tells the host). */
export function selectSyncState(snapshot: DraftSyncSnapshot): DraftSyncState {
  for (const state of ['pending', 'saving', 'retrying', 'conflict', 'failed'] as const) if (snapshot.matches(state)) return state;
  return 'idle';
}
export const selectHasUnsavedChanges = (snapshot: DraftSyncSnapshot): boolean =>
  snapshot.context.revision !== snapshot.context.savedRevision;
