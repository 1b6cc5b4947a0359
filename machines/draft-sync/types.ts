/**
 * Draft sync: what is typed is saved on the server, one save at a time, with the version it is based
 * on. The host supplies two calls and hears how the sync stands; the values are opaque here.
 */
export interface DraftSyncInput {
  /** The stored version the first save is based on (0 = nothing stored yet). */
  version: number;
}

export interface DraftSyncContext {
  /** The latest values, as the host last sent them. */
  values: unknown;
  /** Counts changes; `savedRevision` is the last one the server has, `savingRevision` the one on its way. */
  revision: number;
  savedRevision: number;
  savingRevision: number;
  /** The stored version: sent with each save, so a save over a newer draft is refused (412). */
  version: number;
  savedAt: string | null;
  /** Failed attempts in a row of the current save (network or server), for the backoff. */
  retryAttempt: number;
  /** The last failure's Italian message. */
  error: string | null;
}

export type DraftSyncEvent =
  /** The values changed (the latest values, whole). */
  | { type: 'draft.changed'; values: unknown }
  /** Save now if anything is unsaved (also retries at once while waiting to retry). */
  | { type: 'draft.save' }
  /** Conflict: load the stored draft, dropping the unsaved changes here. */
  | { type: 'draft.reload' }
  /** Conflict: keep editing here, with saving suspended. */
  | { type: 'conflict.keepEditing' };

export interface SaveDraftRequest {
  values: unknown;
  /** The version the values are based on. */
  version: number;
}

export interface SavedDraftVersion {
  version: number;
  /** ISO date-time of the save. */
  savedAt: string;
}

/** What a reload answers: the stored version and whatever the host needs to show the stored values. */
export interface ReloadedDraft {
  version: number;
  payload: unknown;
}

/**
 * How the sync stands, as the host hears it: 'idle' (everything saved), 'pending' (waiting for typing to stop),
 * 'saving', 'retrying', 'conflict' (a newer draft is stored: nothing is saved until the person decides),
 * 'failed' (refused: the next change or "Salva ora" tries again).
 */
export type DraftSyncState = 'idle' | 'pending' | 'saving' | 'retrying' | 'conflict' | 'failed';

/** Why a save failed. 'conflict': 412; 'network' (no answer) and 'server' (5xx) are retried; 'rejected' is not. */
export interface SaveFailure {
  kind: 'conflict' | 'network' | 'server' | 'rejected';
  message: string;
}

/**
 * What the sync tells its parent on entering each state (`draftSync.report`): the one way its state reaches the
 * wizard, and through the wizard's selectors the view.
 */
export interface DraftSyncReport {
  state: DraftSyncState;
  /** In conflict: the person is being asked (Ricarica, or keep editing here); false while editing here or reloading. */
  asking: boolean;
  /** The last failure's Italian message (a retry, a refusal, the conflict, a failed reload); stale once saved. */
  error: string | null;
  /** When the server last stored what was typed here (ISO date-time). */
  savedAt: string | null;
}

/** The report of a sync that has saved nothing yet and has nothing to save. */
export const SETTLED_SYNC: DraftSyncReport = { state: 'idle', asking: false, error: null, savedAt: null };

/**
 * The events a draft sync sends its parent (`draftSyncChild`): how it stands, and the stored draft after a reload.
 * `sync` is the child's invoke id, for a parent with more than one.
 */
export type DraftSyncParentEvent =
  { type: 'draftSync.report'; sync: string; report: DraftSyncReport } | { type: 'draftSync.reloaded'; sync: string; payload: unknown };
