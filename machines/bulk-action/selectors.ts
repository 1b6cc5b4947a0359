import type { SnapshotFrom } from 'xstate';
import { selectionCount } from './bulkAction.machine.ts';
import type { bulkActionMachine } from './bulkAction.machine.ts';

export type BulkActionSnapshot = SnapshotFrom<typeof bulkActionMachine>;

/** Everything the selection, the action bar, the dialog, the progress and the result render (compare with `shallowEqual`). */
export function selectBulkActionView(snapshot: BulkActionSnapshot) {
  const { selection, kind, targetStatus, note, action, error } = snapshot.context;
  return {
    selectedIds: selection.mode === 'ids' ? selection.ids : null,
    matching: selection.mode === 'matching',
    count: selectionCount(selection),
    isCounting: snapshot.matches({ selecting: 'counting' }),
    canChoose: snapshot.matches({ selecting: 'ready' }) && selectionCount(selection) > 0,
    isConfirming: snapshot.matches('confirming') || snapshot.matches('starting'),
    isStarting: snapshot.matches('starting'),
    canConfirm: snapshot.can({ type: 'dialog.confirm' }),
    kind,
    targetStatus,
    note,
    isRunning: snapshot.matches('running'),
    isFinished: snapshot.matches('done') || snapshot.matches('withFailures'),
    hasFailures: snapshot.matches('withFailures'),
    action,
    error,
  };
}
