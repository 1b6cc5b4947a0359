import { assertEvent, assign, setup } from 'xstate';
import { STATUS_NOTE_MAX_LENGTH } from '../../domain/applicationStatus.ts';
import { INTEGRATION_ITEM_TEXT_MAX_LENGTH, INTEGRATION_ITEMS_MAX, isDeadlineBefore } from '../../domain/integration.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { adminTargetsFrom } from '../application-lifecycle/transitions.ts';
import { hostAction, hostPromise } from '../host.ts';
import type { ChangeStatusInput, StatusChangeContext, StatusChangeEvent, StatusChangeRequest } from './types.ts';

/** The note a change starts from: the evaluation's, when the change goes where the evaluation proposes (issue 44). */
function proposedNoteFor(request: StatusChangeRequest): string {
  const proposal = request.proposal;
  return proposal && proposal.outcome === request.to ? proposal.note.slice(0, STATUS_NOTE_MAX_LENGTH) : '';
}

/** The spec's failure text (§8), with the server's own Italian reason after it when it gave one. */
function messageOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== ''
    ? `${applicationsMessages.statusChangeFailed} ${message}`
    : applicationsMessages.statusChangeFailed;
}

/**
 * The admin's status dialog (spec §4): a target the lifecycle machine allows from the current status is
 * chosen, the admin confirms with an optional note or cancels, the change is sent. Success is notified (a named
 * action the view provides) and the dialog closes; a refusal keeps the dialog open with the server's message and
 * everything typed, so the admin corrects it or cancels (issue 46).
 */
export const statusChangeMachine = setup({
  types: {
    context: {} as StatusChangeContext,
    events: {} as StatusChangeEvent,
  },
  actors: {
    changeStatus: hostPromise<void, ChangeStatusInput>('status-change', 'changeStatus'),
  },
  guards: {
    isOfferedTarget: ({ event }) => {
      assertEvent(event, 'status.choose');
      return adminTargetsFrom(event.request.from).includes(event.request.to);
    },
    isNoteAcceptable: ({ event }) => {
      assertEvent(event, 'note.change');
      return event.note.length <= STATUS_NOTE_MAX_LENGTH;
    },
    isIntegrationRequest: ({ context }) => context.request?.to === 'IN_INTEGRAZIONE',
    // The evaluation proposes an outcome the lifecycle offers from here, and the dialog is not already on it as proposed.
    canApplyProposal: ({ context }) => {
      const proposal = context.request?.proposal;
      if (!context.request || !proposal || !adminTargetsFrom(context.request.from).includes(proposal.outcome)) return false;
      return context.request.to !== proposal.outcome || context.note !== proposedNoteFor(context.request);
    },
    // A field or slot not yet in the request, within the most a request lists.
    isNewItem: ({ context, event }) => {
      assertEvent(event, 'item.add');
      return (
        context.request?.to === 'IN_INTEGRAZIONE' &&
        context.items.length < INTEGRATION_ITEMS_MAX &&
        !context.items.some((item) => item.kind === event.item.kind && item.target === event.item.target)
      );
    },
    isListedItem: ({ context, event }) => {
      assertEvent(event, ['item.message', 'item.remove']);
      return context.items.some((item) => item.kind === event.kind && item.target === event.target);
    },
    isItemMessageAcceptable: ({ context, event }) => {
      assertEvent(event, 'item.message');
      return (
        event.message.length <= INTEGRATION_ITEM_TEXT_MAX_LENGTH &&
        context.items.some((item) => item.kind === event.kind && item.target === event.target)
      );
    },
    // In integrazione asks the applicant for something: the note says what, or the items do (each with its own
    // message), so it cannot be all empty; a deadline already gone would only come back refused.
    isRequestComplete: ({ context }) =>
      context.request?.to !== 'IN_INTEGRAZIONE' ||
      ((context.note.trim() !== '' || context.items.length > 0) &&
        context.items.every((item) => item.message.trim() !== '') &&
        (context.deadline === null || context.earliestDeadline === null || !isDeadlineBefore(context.deadline, context.earliestDeadline))),
  },
  actions: {
    openRequest: assign(({ event }) => {
      assertEvent(event, 'status.choose');
      return {
        request: event.request,
        note: proposedNoteFor(event.request),
        deadline: null,
        earliestDeadline: null,
        error: null,
        items: [],
      };
    }),
    applyProposal: assign(({ context }) => {
      const request = { ...context.request!, to: context.request!.proposal!.outcome };
      return { request, note: proposedNoteFor(request), deadline: null, earliestDeadline: null, error: null, items: [] };
    }),
    addItem: assign(({ context, event }) => {
      assertEvent(event, 'item.add');
      return { items: [...context.items, { ...event.item, message: '' }] };
    }),
    changeItemMessage: assign(({ context, event }) => {
      assertEvent(event, 'item.message');
      return {
        items: context.items.map((item) =>
          item.kind === event.kind && item.target === event.target ? { ...item, message: event.message } : item,
        ),
      };
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'item.remove');
      return { items: context.items.filter((item) => !(item.kind === event.kind && item.target === event.target)) };
    }),
    changeNote: assign(({ event }) => {
      assertEvent(event, 'note.change');
      return { note: event.note };
    }),
    changeDeadline: assign(({ event }) => {
      assertEvent(event, 'deadline.change');
      return { deadline: event.deadline, earliestDeadline: event.today };
    }),
    clearRequest: assign({ request: null, note: '', deadline: null, earliestDeadline: null, error: null, items: [] }),
    storeError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
    // Host: the success toast, and every application query refreshed.
    notifySucceeded: hostAction(),
    // Host: every application query refreshed (a refusal may mean somebody changed the status first).
    refreshAfterFailure: hostAction(),
    // Host: the dialog closed: the focus goes back to the "Cambia stato" the change was chosen from, not the page's body.
    returnFocus: hostAction(),
  },
}).createMachine({
  id: 'statusChange',
  description:
    'Spec §4: "Sei sicuro di voler cambiare lo stato in «…»?" with an optional note, Conferma / Annulla; for In ' +
    'integrazione the note is the request to the applicant (required) and a deadline may be given. A handed-over ' +
    'evaluation (issue 44) prefills the note of a change to its proposed outcome, and offers that outcome otherwise.',
  context: { request: null, note: '', deadline: null, earliestDeadline: null, error: null, items: [] },
  initial: 'idle',
  states: {
    idle: {
      description: 'No dialog open.',
      on: { 'status.choose': { guard: 'isOfferedTarget', target: 'confirming', actions: 'openRequest' } },
    },
    confirming: {
      description:
        "The dialog asks for confirmation; the note can be typed. After a refusal it shows the server's message " +
        'above what was typed, until the next Conferma.',
      on: {
        'note.change': { guard: 'isNoteAcceptable', actions: 'changeNote' },
        'deadline.change': { guard: 'isIntegrationRequest', actions: 'changeDeadline' },
        'item.add': { guard: 'isNewItem', actions: 'addItem' },
        'item.message': { guard: 'isItemMessageAcceptable', actions: 'changeItemMessage' },
        'item.remove': { guard: 'isListedItem', actions: 'removeItem' },
        'proposal.apply': { guard: 'canApplyProposal', actions: 'applyProposal' },
        'dialog.confirm': { guard: 'isRequestComplete', target: 'submitting', actions: 'clearError' },
        'dialog.cancel': { target: 'idle', actions: ['returnFocus', 'clearRequest'] },
      },
    },
    submitting: {
      description: 'The change is on its way to the server; the dialog stays open with a spinner.',
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({
          request: context.request!,
          note: context.note,
          deadline: context.deadline,
          items: context.items.map(({ kind, target, message }) => ({ kind, target, message })),
        }),
        onDone: { target: 'done' },
        onError: {
          target: 'confirming',
          actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'refreshAfterFailure'],
        },
      },
    },
    done: {
      description: 'Changed: the success notification is shown, the dialog is closed, the list refreshes.',
      entry: ['notifySucceeded', 'returnFocus'],
      on: { 'status.choose': { guard: 'isOfferedTarget', target: 'confirming', actions: 'openRequest' } },
    },
  },
});
