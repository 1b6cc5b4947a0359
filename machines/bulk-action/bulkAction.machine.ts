import { assertEvent, assign, setup } from 'xstate';
import { STATUS_NOTE_MAX_LENGTH } from '../../domain/applicationStatus.ts';
import type { BulkAction } from '../../domain/bulkActions.ts';
import { bulkActionsMessages } from '../../domain/messages/bulkActions.ts';
import { hostAction, hostPromises } from '../host.ts';
import type { BulkActionContext, BulkActionEvent, BulkActionInputs, BulkActionOutputs, Selection } from './types.ts';

const fromHost = hostPromises<BulkActionOutputs, BulkActionInputs>('bulk-action');

function messageOf(error: unknown, fallback: string): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

const NOTHING: Selection = { mode: 'ids', ids: [] };

/** How many applications the selection names (0 while the server counts). */
export function selectionCount(selection: Selection): number {
  return selection.mode === 'ids' ? selection.ids.length : (selection.count ?? 0);
}

const isFinished = (action: BulkAction) => action.finishedAt !== null;

/**
 * Actions on many applications at once in the admin list (issue 44): applications are selected (one by one, a page,
 * or every one matching the filters, counted by the server), an action is chosen (Cambia stato with one note, Scarica
 * allegati, Esporta in Excel) and confirmed; the server runs it while the progress bar reads it, and the result lists
 * what succeeded and, with the reason, what did not. The action lives on the server: leaving the page and coming back
 * (or a reload) finds a running one again.
 */
export const bulkActionMachine = setup({
  types: {
    context: {} as BulkActionContext,
    events: {} as BulkActionEvent,
  },
  actors: {
    findRunning: fromHost('findRunning'),
    countSelection: fromHost('countSelection'),
    startAction: fromHost('startAction'),
    pollAction: fromHost('pollAction'),
  },
  guards: {
    isStillRunning: (_, params: { action: BulkAction | null }) => params.action !== null && !isFinished(params.action),
    isFinishedResult: (_, params: { action: BulkAction | null }) => params.action !== null && isFinished(params.action),
    hasSelection: ({ context }) => selectionCount(context.selection) > 0,
    isStatusChange: ({ context }) => context.kind === 'status',
    isNoteAcceptable: ({ context, event }) => {
      assertEvent(event, 'note.change');
      return context.kind === 'status' && event.note.length <= STATUS_NOTE_MAX_LENGTH;
    },
    isReady: ({ context }) => context.kind !== 'status' || context.targetStatus !== null,
    isFinishedWithFailures: (_, params: { action: BulkAction | null }) =>
      params.action !== null && isFinished(params.action) && params.action.failed > 0,
    isFinished: (_, params: { action: BulkAction }) => isFinished(params.action),
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'selection.toggle');
      const ids = context.selection.mode === 'ids' ? context.selection.ids : [];
      const selection: Selection = { mode: 'ids', ids: ids.includes(event.id) ? ids.filter((id) => id !== event.id) : [...ids, event.id] };
      return { selection };
    }),
    selectPage: assign(({ context, event }) => {
      assertEvent(event, 'selection.page');
      const ids = context.selection.mode === 'ids' ? context.selection.ids : [];
      const page = new Set(event.ids);
      const selection: Selection = {
        mode: 'ids',
        ids: event.selected ? [...ids, ...event.ids.filter((id) => !ids.includes(id))] : ids.filter((id) => !page.has(id)),
      };
      return { selection };
    }),
    selectMatching: assign(({ event }) => {
      assertEvent(event, 'selection.matching');
      const selection: Selection = { mode: 'matching', filters: event.filters, count: null };
      return { selection, error: null };
    }),
    storeCount: assign(({ context }, params: { count: number }) =>
      context.selection.mode === 'matching' ? { selection: { ...context.selection, count: params.count } satisfies Selection } : {},
    ),
    clearSelection: assign({ selection: NOTHING, kind: null, targetStatus: null, note: '', action: null, error: null }),
    chooseAction: assign(({ event }) => {
      assertEvent(event, 'action.choose');
      return { kind: event.kind, targetStatus: null, note: '', error: null };
    }),
    changeTarget: assign(({ event }) => {
      assertEvent(event, 'target.change');
      return { targetStatus: event.status };
    }),
    changeNote: assign(({ event }) => {
      assertEvent(event, 'note.change');
      return { note: event.note };
    }),
    closeDialog: assign({ kind: null, targetStatus: null, note: '', error: null }),
    storeAction: assign((_, params: { action: BulkAction }) => ({ action: params.action, error: null })),
    // Host: the result was read and closed: it is not shown again when the list is opened.
    forgetResult: hostAction<{ id: string }>(),
    storeError: assign((_, params: { error: unknown; fallback: string }) => ({ error: messageOf(params.error, params.fallback) })),
  },
}).createMachine({
  id: 'bulkAction',
  description: 'Issue 44: select applications in the admin list, choose an action, confirm, follow its progress, read its result.',
  context: { selection: NOTHING, kind: null, targetStatus: null, note: '', action: null, error: null },
  initial: 'restoring',
  states: {
    restoring: {
      description:
        "Asks for the administrator's latest action whose result was not closed yet: one still running shows its progress, " +
        'a finished one its result (leaving the page stops nothing).',
      invoke: {
        id: 'findRunning',
        src: 'findRunning',
        onDone: [
          {
            guard: { type: 'isStillRunning', params: ({ event }) => ({ action: event.output }) },
            target: 'running',
            actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output! }) },
          },
          {
            guard: { type: 'isFinishedWithFailures', params: ({ event }) => ({ action: event.output! }) },
            target: 'withFailures',
            actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output! }) },
          },
          {
            guard: { type: 'isFinishedResult', params: ({ event }) => ({ action: event.output }) },
            target: 'done',
            actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output! }) },
          },
          { target: 'selecting' },
        ],
        onError: { target: 'selecting' },
      },
    },
    selecting: {
      description: 'Applications are ticked one by one, a page at a time, or all those matching the filters; an action is chosen.',
      initial: 'ready',
      on: {
        'selection.toggle': { target: '.ready', actions: 'toggle' },
        'selection.page': { target: '.ready', actions: 'selectPage' },
        'selection.matching': { target: '.counting', actions: 'selectMatching' },
        'selection.clear': { target: '.ready', actions: 'clearSelection' },
      },
      states: {
        ready: {
          description: 'The selection and its count are known; the action bar is enabled when something is selected.',
          on: { 'action.choose': { guard: 'hasSelection', target: '#bulkAction.confirming', actions: 'chooseAction' } },
        },
        counting: {
          description: 'The server counts the applications matching the filters and search, before anything is done.',
          invoke: {
            id: 'countSelection',
            src: 'countSelection',
            input: ({ context }) => ({ filters: context.selection.mode === 'matching' ? context.selection.filters : {} }),
            onDone: { target: 'ready', actions: { type: 'storeCount', params: ({ event }) => ({ count: event.output }) } },
            onError: {
              target: 'ready',
              actions: [
                'clearSelection',
                { type: 'storeError', params: ({ event }) => ({ error: event.error, fallback: bulkActionsMessages.loadFailed }) },
              ],
            },
          },
        },
      },
    },
    confirming: {
      description: 'The dialog says how many applications and what will happen; Cambia stato needs the new status, the note is optional.',
      on: {
        'target.change': { guard: 'isStatusChange', actions: 'changeTarget' },
        'note.change': { guard: 'isNoteAcceptable', actions: 'changeNote' },
        'dialog.confirm': { guard: 'isReady', target: 'starting' },
        'dialog.cancel': { target: 'selecting', actions: 'closeDialog' },
      },
    },
    starting: {
      description: 'The server freezes the selection and starts the action.',
      invoke: {
        id: 'startAction',
        src: 'startAction',
        input: ({ context }) => ({
          kind: context.kind!,
          targetStatus: context.targetStatus,
          note: context.note,
          selection: context.selection.mode === 'ids' ? { ids: context.selection.ids } : { filters: context.selection.filters },
        }),
        onDone: { target: 'running', actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output }) } },
        onError: {
          target: 'confirming',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error, fallback: bulkActionsMessages.startFailed }) },
        },
      },
    },
    running: {
      description: 'The progress bar: the action is read again every second until the server says it finished.',
      invoke: {
        id: 'pollAction',
        src: 'pollAction',
        input: ({ context }) => ({ id: context.action!.id }),
        onDone: [
          {
            guard: { type: 'isFinishedWithFailures', params: ({ event }) => ({ action: event.output }) },
            target: 'withFailures',
            actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output }) },
          },
          {
            guard: { type: 'isFinished', params: ({ event }) => ({ action: event.output }) },
            target: 'done',
            actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output }) },
          },
          { target: 'running', reenter: true, actions: { type: 'storeAction', params: ({ event }) => ({ action: event.output }) } },
        ],
        // A reading lost on the way: read again (the action goes on on the server regardless).
        onError: { target: 'running', reenter: true },
      },
    },
    done: {
      description: 'Every application was handled: the result lists them (and offers the file of a download).',
      on: {
        'result.close': {
          target: 'selecting',
          actions: [{ type: 'forgetResult', params: ({ context }) => ({ id: context.action!.id }) }, 'clearSelection'],
        },
      },
    },
    withFailures: {
      description: 'Finished, with applications that could not be handled: each is listed with the reason.',
      on: {
        'result.close': {
          target: 'selecting',
          actions: [{ type: 'forgetResult', params: ({ context }) => ({ id: context.action!.id }) }, 'clearSelection'],
        },
      },
    },
  },
});
