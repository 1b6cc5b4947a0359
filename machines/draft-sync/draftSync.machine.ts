import { assertEvent, assign, sendParent, setup } from 'xstate';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import { hostAction, hostPromise } from '../host.ts';
import { toSaveFailure } from './failures.ts';
import { AUTOSAVE_DEBOUNCE_MS, saveRetryDelay } from './timing.ts';
import type {
  DraftSyncContext,
  DraftSyncEvent,
  DraftSyncInput,
  DraftSyncParentEvent,
  DraftSyncState,
  ReloadedDraft,
  SaveDraftRequest,
  SavedDraftVersion,
} from './types.ts';

/**
 * Keeps what a person types saved on the server (spec §4: drafts autosaved), the one autosave of every wizard.
 * Used as a child: the application wizard's draft and the survey wizard's answers.
 *
 * The host supplies, with `.provide()`:
 * - actors `saveDraft` ({ values, version } → { version, savedAt }; rejects with what its API throws: a 412 is a
 *   conflict, no answer / 408 / 429 / 5xx are retried with a doubling wait, any other 4xx is not) and
 *   `reloadDraft` (→ { version, payload }: the stored draft, when the person chooses to reload after a conflict);
 * - actions `reportState` (params `{ state, asking? }`, on entering each state: 'idle' | 'pending' | 'saving' |
 *   'retrying' | 'conflict' (again on each step of the conflict, `asking` while the person is asked) | 'failed')
 *   and `reportReloaded` (params `{ payload }`). A wizard does not supply them: it invokes `draftSyncChild`,
 *   which reports to its parent.
 * The host sends `draft.changed` with the whole latest values, `draft.save` to save now (a step change, the page
 * hidden, back online), `draft.reload` / `conflict.keepEditing` to answer a conflict. Nothing typed is dropped:
 * a stored draft newer than the one the values are based on is never overwritten.
 */

export const draftSyncMachine = setup({
  types: {
    context: {} as DraftSyncContext,
    events: {} as DraftSyncEvent,
    input: {} as DraftSyncInput,
  },
  actors: {
    saveDraft: hostPromise<SavedDraftVersion, SaveDraftRequest>('draft-sync', 'saveDraft'),
    reloadDraft: hostPromise<ReloadedDraft, void>('draft-sync', 'reloadDraft'),
  },
  delays: {
    autosaveDebounce: AUTOSAVE_DEBOUNCE_MS,
    saveRetryBackoff: ({ context }) => saveRetryDelay(context.retryAttempt),
  },
  guards: {
    hasUnsavedChanges: ({ context }) => context.revision !== context.savedRevision,
    hasChangesSinceSaveStarted: ({ context }) => context.revision !== context.savingRevision,
    isConflict: (_, params: { error: unknown }) => toSaveFailure(params.error).kind === 'conflict',
    isRetryable: (_, params: { error: unknown }) => {
      const { kind } = toSaveFailure(params.error);
      return kind === 'network' || kind === 'server';
    },
  },
  actions: {
    storeValues: assign(({ context, event }) => {
      assertEvent(event, 'draft.changed');
      return { values: event.values, revision: context.revision + 1 };
    }),
    markSaveStarted: assign(({ context }) => ({ savingRevision: context.revision })),
    storeSaved: assign(({ context }, params: { saved: SavedDraftVersion }) => ({
      savedRevision: context.savingRevision,
      version: params.saved.version,
      savedAt: params.saved.savedAt,
      retryAttempt: 0,
      error: null,
    })),
    countRetry: assign(({ context }, params: { error: unknown }) => ({
      retryAttempt: context.retryAttempt + 1,
      error: toSaveFailure(params.error).message,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toSaveFailure(params.error).message })),
    storeReloaded: assign(({ context }, params: { reloaded: ReloadedDraft }) => ({
      version: params.reloaded.version,
      savedRevision: context.revision,
      savingRevision: context.revision,
      retryAttempt: 0,
      error: null,
    })),
    storeReloadError: assign({ error: wizardMessages.reloadFailed }),
    reportState: hostAction<{ state: DraftSyncState; asking?: boolean }>(),
    reportReloaded: hostAction<{ payload: unknown }>(),
  },
}).createMachine({
  id: 'draftSync',
  description:
    'Spec §4: drafts autosaved on every step change and shortly after typing stops, one save at a time with the ' +
    'version it is based on; no answer or a server error is retried with a doubling wait; a newer draft stored ' +
    'elsewhere (412) stops saving until the person reloads or keeps editing. Nothing typed is dropped.',
  context: ({ input }) => ({
    values: null,
    revision: 0,
    savedRevision: 0,
    savingRevision: 0,
    version: input.version,
    savedAt: null,
    retryAttempt: 0,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Everything is saved (Salvato).',
      entry: { type: 'reportState', params: { state: 'idle' } },
      on: { 'draft.changed': { target: 'pending', actions: 'storeValues' } },
    },
    pending: {
      description: 'Modifiche non salvate: waits for the person to stop typing; "save now" saves at once.',
      entry: { type: 'reportState', params: { state: 'pending' } },
      after: { autosaveDebounce: { target: 'saving' } },
      on: {
        'draft.changed': { target: 'pending', reenter: true, actions: 'storeValues' },
        'draft.save': { target: 'saving' },
      },
    },
    saving: {
      description: 'Salvataggio in corso: the values go with the version they are based on. Changes meanwhile follow.',
      entry: ['markSaveStarted', { type: 'reportState', params: { state: 'saving' } }],
      on: { 'draft.changed': { actions: 'storeValues' } },
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => ({ values: context.values, version: context.version }),
        onDone: [
          {
            guard: 'hasChangesSinceSaveStarted',
            target: 'saving',
            reenter: true,
            actions: { type: 'storeSaved', params: ({ event }) => ({ saved: event.output }) },
          },
          { target: 'idle', actions: { type: 'storeSaved', params: ({ event }) => ({ saved: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'retrying',
            actions: { type: 'countRetry', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    retrying: {
      description: 'No answer or a server error: tries again after a wait that doubles each time (capped); "save now" tries at once.',
      entry: { type: 'reportState', params: { state: 'retrying' } },
      after: { saveRetryBackoff: { target: 'saving' } },
      on: {
        'draft.changed': { actions: 'storeValues' },
        'draft.save': { target: 'saving' },
      },
    },
    conflict: {
      description: 'A newer draft is stored (412): nothing is saved, the values stay; Ricarica loads the stored one.',
      initial: 'asking',
      on: { 'draft.changed': { actions: 'storeValues' } },
      states: {
        asking: {
          description: 'The person is asked: Ricarica, or keep editing here.',
          entry: { type: 'reportState', params: { state: 'conflict', asking: true } },
          on: {
            'draft.reload': { target: 'reloading' },
            'conflict.keepEditing': { target: 'editingLocally' },
          },
        },
        editingLocally: {
          description: 'Editing goes on without saving; Ricarica stays offered.',
          entry: { type: 'reportState', params: { state: 'conflict' } },
          on: { 'draft.reload': { target: 'reloading' } },
        },
        reloading: {
          description: 'Loads the stored draft, which replaces the values here.',
          entry: { type: 'reportState', params: { state: 'conflict' } },
          invoke: {
            id: 'reloadDraft',
            src: 'reloadDraft',
            onDone: {
              target: '#draftSync.idle',
              actions: [
                { type: 'storeReloaded', params: ({ event }) => ({ reloaded: event.output }) },
                { type: 'reportReloaded', params: ({ event }) => ({ payload: event.output.payload }) },
              ],
            },
            onError: { target: 'asking', actions: 'storeReloadError' },
          },
        },
      },
    },
    failed: {
      description: 'Refused (a 4xx other than 412): not retried by itself; the next change or "save now" tries again.',
      entry: { type: 'reportState', params: { state: 'failed' } },
      on: {
        'draft.changed': { target: 'pending', actions: 'storeValues' },
        'draft.save': { target: 'saving' },
      },
    },
  },
});

/**
 * The draft sync as every wizard runs it: an invoked child that tells its parent how it stands, with everything
 * the parent's view shows, in one `draftSync.report` on entering each state, and hands over the stored draft after
 * a reload as `draftSync.reloaded` (`DraftSyncParentEvent`). The parent keeps the report in its context; nothing
 * reads the child's snapshot. The host supplies its calls with `draftSyncChild.provide({ actors })`.
 */
export const draftSyncChild = draftSyncMachine.provide({
  actions: {
    reportState: sendParent(({ context, self }, params: { state: DraftSyncState; asking?: boolean }): DraftSyncParentEvent => ({
      type: 'draftSync.report',
      sync: self.id,
      report: { state: params.state, asking: params.asking ?? false, error: context.error, savedAt: context.savedAt },
    })),
    reportReloaded: sendParent(({ self }, params: { payload: unknown }): DraftSyncParentEvent => ({
      type: 'draftSync.reloaded',
      sync: self.id,
      payload: params.payload,
    })),
  },
});
