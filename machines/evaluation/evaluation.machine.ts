import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { Evaluation } from '../../domain/evaluation.ts';
import { evaluationMessages } from '../../domain/messages/evaluation.ts';
import { draftSyncChild } from '../draft-sync/draftSync.machine.ts';
import { SETTLED_SYNC, type DraftSyncReport } from '../draft-sync/types.ts';
import { hostAction, hostPromise } from '../host.ts';
import type { EvaluationContext, EvaluationEvent, EvaluationInput, HandOverRefusal } from './types.ts';

/** The refusal's message and questions; anything else is the generic failure. */
function refusalOf(error: unknown): { error: string; issues: HandOverRefusal['issues'] & object } {
  const refusal = typeof error === 'object' && error !== null ? (error as Partial<HandOverRefusal>) : {};
  return {
    error: typeof refusal.message === 'string' && refusal.message !== '' ? refusal.message : evaluationMessages.handOverFailed,
    issues: Array.isArray(refusal.issues) ? refusal.issues : [],
  };
}

/**
 * The reviewers' evaluation form on the admin's application page (issue 44): the answers are saved as they are
 * typed by the draft-sync child (one save at a time with its version; 412 when another administrator saved
 * meanwhile), "Consegna valutazione" asks for confirmation, waits for the last answers to be stored, and hands over
 * what is stored; the server's checks may refuse it with the questions to complete. Handed over, it is read-only.
 *
 * The host supplies with `.provide()`: actors `evaluationSync` (draftSyncChild with the evaluation's save and
 * reload) and `handOver` (→ the stored evaluation; rejects with a HandOverRefusal), and action `handedOver`
 * (refreshes what shows the evaluation: the timeline, the status change's proposal).
 */
export const evaluationMachine = setup({
  types: {
    context: {} as EvaluationContext,
    events: {} as EvaluationEvent,
    input: {} as EvaluationInput,
  },
  actors: {
    evaluationSync: draftSyncChild,
    handOver: hostPromise<Evaluation, void>('evaluation', 'handOver'),
  },
  guards: {
    isHandedOver: ({ context }) => context.handedOver !== null,
    isSynced: ({ context }) => context.sync.state === 'idle',
    reportsSynced: ({ event }) => {
      assertEvent(event, 'draftSync.report');
      return event.report.state === 'idle';
    },
    reportsStuck: ({ event }) => {
      assertEvent(event, 'draftSync.report');
      return event.report.state === 'conflict' || event.report.state === 'failed';
    },
  },
  actions: {
    forwardAnswers: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'answers.change');
      enqueue.sendTo('sync', { type: 'draft.changed', values: event.answers });
    }),
    forwardToSync: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, ['draft.save', 'draft.reload', 'conflict.keepEditing']);
      enqueue.sendTo('sync', { type: event.type });
    }),
    saveNow: enqueueActions(({ enqueue }) => enqueue.sendTo('sync', { type: 'draft.save' })),
    storeSync: assign(({ event }) => {
      assertEvent(event, 'draftSync.report');
      return { sync: event.report satisfies DraftSyncReport };
    }),
    storeReloaded: assign(({ context, event }) => {
      assertEvent(event, 'draftSync.reloaded');
      return { reloaded: (event.payload ?? {}) as Record<string, unknown>, reloads: context.reloads + 1 };
    }),
    clearRefusal: assign({ issues: [], error: null }),
    storeSyncRefusal: assign(({ event }) => {
      assertEvent(event, 'draftSync.report');
      return { error: event.report.error ?? evaluationMessages.failed, issues: [] };
    }),
    storeRefusal: assign((_, params: { error: unknown }) => refusalOf(params.error)),
    storeHandedOver: assign((_, params: { evaluation: Evaluation }) => ({ handedOver: params.evaluation, issues: [], error: null })),
    handedOver: hostAction(),
  },
}).createMachine({
  id: 'evaluation',
  description:
    'Issue 44: the administrators fill the fund’s evaluation form on the application page, saved as it is typed; one ' +
    'hands it over after confirming, once the last answers are stored; then it is read-only.',
  context: ({ input }) => ({
    version: input.evaluation.version,
    sync: SETTLED_SYNC,
    reloaded: null,
    reloads: 0,
    issues: [],
    error: null,
    handedOver: input.evaluation.handedOverAt ? input.evaluation : null,
  }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The page loaded the evaluation: already handed over, it is only read.',
      always: [{ guard: 'isHandedOver', target: 'readOnly' }, { target: 'editing' }],
    },
    editing: {
      description: 'The form is answered; every change is saved by the sync child.',
      invoke: { id: 'sync', src: 'evaluationSync', input: ({ context }) => ({ version: context.version }) },
      on: {
        'answers.change': { actions: 'forwardAnswers' },
        'draft.save': { actions: 'forwardToSync' },
        'draft.reload': { actions: 'forwardToSync' },
        'conflict.keepEditing': { actions: 'forwardToSync' },
        'draftSync.report': { actions: 'storeSync' },
        'draftSync.reloaded': { actions: 'storeReloaded' },
      },
      initial: 'open',
      states: {
        open: {
          description: '"Consegna valutazione" is offered; a refusal of the last hand-over shows above it.',
          on: { 'handover.open': { target: 'confirming', actions: 'clearRefusal' } },
        },
        confirming: {
          description: '"Consegnare la valutazione?": after it nobody changes it.',
          on: {
            'handover.cancel': { target: 'open' },
            'handover.confirm': [{ guard: 'isSynced', target: 'handingOver' }, { target: 'flushing' }],
          },
        },
        flushing: {
          description:
            'The last answers are being stored first: the hand-over hands over what is stored. Other reports (saving, ' +
            'retrying) are kept by the editing state.',
          entry: 'saveNow',
          on: {
            'draftSync.report': [
              { guard: 'reportsSynced', target: 'handingOver', actions: 'storeSync' },
              { guard: 'reportsStuck', target: 'open', actions: ['storeSync', 'storeSyncRefusal'] },
            ],
          },
        },
        handingOver: {
          description: 'The server checks the stored answers with the form’s rules and hands them over.',
          invoke: {
            id: 'handOver',
            src: 'handOver',
            onDone: {
              target: '#evaluation.readOnly',
              actions: [{ type: 'storeHandedOver', params: ({ event }) => ({ evaluation: event.output }) }, 'handedOver'],
            },
            onError: { target: 'open', actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    readOnly: {
      description: 'Handed over: shown read-only, with who handed it over and when.',
    },
  },
});
