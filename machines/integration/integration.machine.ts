import { assign, setup } from 'xstate';
import { integrationMessages } from '../../domain/messages/integration.ts';
import { hostAction, hostPromise } from '../host.ts';
import { integrationFailureMessage } from './actors.ts';
import type { CompleteIntegrationInput, IntegrationContext, IntegrationEvent, IntegrationInput } from './types.ts';

/**
 * Spec §2, §4 Integration: while In integrazione the applicant adds and removes integration documents; "Completa
 * integrazione" is offered only with at least one document, asks for confirmation (the status becomes
 * Integrazione Sottomessa, no going back), then completes once. Success and failure are the spec's §8 texts.
 * Issue 44: a request that names fields and slots is ready instead once every item is answered (changed, or
 * replied to); "Completa integrazione" then says which are missing, as the server would.
 */
export const integrationMachine = setup({
  types: {
    context: {} as IntegrationContext,
    events: {} as IntegrationEvent,
    input: {} as IntegrationInput,
  },
  actors: {
    // The view (and the tests) supply the real call.
    completeIntegration: hostPromise<void, CompleteIntegrationInput>('integration', 'completeIntegration'),
  },
  guards: {
    isReadOnly: ({ context }) => context.readOnly,
    isReadyToComplete: ({ context }) => (context.items > 0 ? context.unanswered.length === 0 : context.documents > 0),
  },
  actions: {
    storeDocuments: assign((_, params: { count: number }) => ({ documents: params.count })),
    storeItems: assign((_, params: { total: number; unanswered: readonly string[] }) => ({
      items: params.total,
      unanswered: params.unanswered,
    })),
    storeNotReady: assign(({ context }) => ({
      error: context.items > 0 ? integrationMessages.itemsUnanswered(context.unanswered) : integrationMessages.nothingUploaded,
    })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: integrationFailureMessage(params.error) })),
    clearError: assign({ error: null }),
    // Host: title 'Integrazione inviata', 'Integrazione completata con successo!' with the protocol number, and the application reloaded.
    notifyCompleted: hostAction(),
    // Host: the red 'C'è un problema nel completamento dell'integrazione!'.
    notifyFailed: hostAction(),
  },
}).createMachine({
  id: 'integration',
  description:
    'Spec §4 Integration: documents are added to the open request, then "Completa integrazione" is confirmed ' +
    'and sent once; read-only for admins and once completed.',
  context: ({ input }) => ({ readOnly: input.readOnly, documents: 0, items: 0, unanswered: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Waits for the integration slots: what is uploaded decides whether it can be completed.',
      on: {
        'items.changed': { actions: { type: 'storeItems', params: ({ event }) => ({ total: event.total, unanswered: event.unanswered }) } },
        'documents.changed': [
          { guard: 'isReadOnly', target: 'readOnly', actions: { type: 'storeDocuments', params: ({ event }) => ({ count: event.count }) } },
          { target: 'editing', actions: { type: 'storeDocuments', params: ({ event }) => ({ count: event.count }) } },
        ],
      },
    },
    readOnly: {
      description: 'An admin, or no request waiting: the documents can be downloaded, nothing else.',
      on: {
        'documents.changed': { actions: { type: 'storeDocuments', params: ({ event }) => ({ count: event.count }) } },
        'items.changed': { actions: { type: 'storeItems', params: ({ event }) => ({ total: event.total, unanswered: event.unanswered }) } },
      },
    },
    editing: {
      description:
        'Documents are added and removed, items answered; "Completa integrazione" is enabled with at least one document, ' +
        'or once every item is answered when the request names fields and slots (otherwise it says which are missing).',
      on: {
        'documents.changed': { actions: { type: 'storeDocuments', params: ({ event }) => ({ count: event.count }) } },
        'items.changed': { actions: { type: 'storeItems', params: ({ event }) => ({ total: event.total, unanswered: event.unanswered }) } },
        'complete.open': [{ guard: 'isReadyToComplete', target: 'confirming', actions: 'clearError' }, { actions: 'storeNotReady' }],
      },
    },
    confirming: {
      description: 'The dialog says the status becomes Integrazione Sottomessa with no going back: Conferma / Annulla.',
      on: {
        'complete.confirm': { target: 'completing' },
        'complete.cancel': { target: 'editing' },
      },
    },
    completing: {
      description: 'Integrazione Sottomessa is on its way; further presses are ignored.',
      invoke: {
        id: 'completeIntegration',
        src: 'completeIntegration',
        input: ({ context }) => ({ documents: context.documents }),
        onDone: { target: 'completed' },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'Refused or not sent: the red message; the person may try again or go back to the documents.',
      entry: 'notifyFailed',
      on: {
        'documents.changed': { actions: { type: 'storeDocuments', params: ({ event }) => ({ count: event.count }) } },
        'items.changed': { actions: { type: 'storeItems', params: ({ event }) => ({ total: event.total, unanswered: event.unanswered }) } },
        'complete.open': { guard: 'isReadyToComplete', target: 'confirming', actions: 'clearError' },
        'failure.dismiss': { target: 'editing', actions: 'clearError' },
      },
    },
    completed: {
      description: 'Integrazione Sottomessa: the documents can only be downloaded from now on.',
      type: 'final',
      entry: 'notifyCompleted',
    },
  },
});
