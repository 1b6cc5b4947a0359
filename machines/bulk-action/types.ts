import type { ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import type { BulkAction, BulkActionKind, BulkFilters, BulkSelection } from '../../domain/bulkActions.ts';

/**
 * What is selected: applications chosen one by one (or a page at a time), or every application matching the list's
 * filters and search, beyond the visible page, with the count the server gave before acting (null while counting).
 */
export type Selection = { mode: 'ids'; ids: string[] } | { mode: 'matching'; filters: BulkFilters; count: number | null };

export interface BulkActionContext {
  selection: Selection;
  /** The action being confirmed. */
  kind: BulkActionKind | null;
  /** Cambia stato: the status chosen and the note, as typed. */
  targetStatus: ApplicationStatusCode | null;
  note: string;
  /** The action started (or found again), as the server last told it. */
  action: BulkAction | null;
  /** The server's reason for the last refusal (count, start), in Italian; null otherwise. */
  error: string | null;
}

export type BulkActionEvent =
  /** One application ticked or unticked. */
  | { type: 'selection.toggle'; id: string }
  /** The visible page's applications all ticked (`selected`) or all unticked. */
  | { type: 'selection.page'; ids: string[]; selected: boolean }
  /** Every application matching the list's filters and search: the server counts them. */
  | { type: 'selection.matching'; filters: BulkFilters }
  | { type: 'selection.clear' }
  | { type: 'action.choose'; kind: BulkActionKind }
  | { type: 'target.change'; status: ApplicationStatusCode }
  | { type: 'note.change'; note: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'result.close' };

export interface StartActionInput {
  kind: BulkActionKind;
  targetStatus: ApplicationStatusCode | null;
  note: string;
  selection: BulkSelection;
}

/** The promise actors the host supplies: their outputs and inputs, by name. */
export interface BulkActionOutputs {
  /** The administrator's latest action whose result was not closed yet, if any (found again after leaving or a reload). */
  findRunning: BulkAction | null;
  countSelection: number;
  startAction: BulkAction;
  /** Waits a moment, then reads the action's progress. */
  pollAction: BulkAction;
}
export interface BulkActionInputs {
  findRunning: undefined;
  countSelection: { filters: BulkFilters };
  startAction: StartActionInput;
  pollAction: { id: string };
}
