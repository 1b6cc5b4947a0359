import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { draftSyncChild } from '../draft-sync/draftSync.machine.ts';
import type { DraftSyncState } from '../draft-sync/types.ts';
import { hostAction, hostPromise } from '../host.ts';
import { submitFailureMessage } from './actors.ts';
import {
  partOfIssue,
  partOfSync,
  SYNC_OF_PART,
  type SubmitRefusal,
  type SurveyCheck,
  type SubmitSurveyInput,
  type SurveyPart,
  type SurveyStep,
  type SurveyWizardContext,
  type SurveyWizardEvent,
  type SurveyWizardInput,
  type SurveyWizardLoaded,
} from './types.ts';

/**
 * Spec §2 Survey wizard: Istruttoria, Gresb, DNSH (hidden in monitoring), Invia survey (hidden when read-only or
 * admin). Every step change refreshes the stored answers. Invia needs the mandatory attachments and no save
 * pending or in conflict, asks "Conferma", then hands the surveys over once; a refusal says why and takes the
 * person to what is missing.
 */
export const surveyWizardMachine = setup({
  types: {
    context: {} as SurveyWizardContext,
    events: {} as SurveyWizardEvent,
    input: {} as SurveyWizardInput,
  },
  actors: {
    // The view (and the tests) supply the calls.
    loadSurveys: hostPromise<SurveyWizardLoaded, SurveyWizardInput>('survey-wizard', 'loadSurveys'),
    submitSurvey: hostPromise<void, SubmitSurveyInput>('survey-wizard', 'submitSurvey'),
    // Each survey's answers are saved by its own draft sync (machines/draft-sync: one save at a time with its
    // version, retries with backoff, 412 and Ricarica), reporting to this machine; the host supplies its calls.
    istruttoriaSync: draftSyncChild,
    gresbSync: draftSyncChild,
  },
  guards: {
    isEditable: ({ context }) => context.access === 'edit',
    isMonitoring: ({ context }) => context.mode === 'monitoring',
    hasDnshStep: ({ context }) => context.mode === 'review',
    hasSubmitStepAfterGresb: ({ context }) => context.mode === 'monitoring' && context.access === 'edit',
    selects: ({ context, event }, params: { step: SurveyStep }) => {
      assertEvent(event, 'step.select');
      if (event.step !== params.step) return false;
      if (params.step === 'dnsh') return context.mode === 'review';
      if (params.step === 'submit') return context.access === 'edit';
      return true;
    },
    canSubmit: ({ context }) => context.attachmentsValid && context.sync.istruttoria === 'idle' && context.sync.gresb === 'idle',
    issueInIstruttoria: ({ context }) => context.issues[0] !== undefined && partOfIssue(context.issues[0]) === 'istruttoria',
    issueInGresb: ({ context }) => context.issues[0] !== undefined && partOfIssue(context.issues[0]) === 'gresb',
  },
  actions: {
    storeLoaded: assign((_, params: { loaded: SurveyWizardLoaded }) => ({ attachmentsValid: params.loaded.attachmentsValid, error: null })),
    storeLoadFailure: assign({ error: surveyMessages.loadFailed }),
    storeSync: assign(({ context }, params: { part: SurveyPart; state: DraftSyncState }) => ({
      sync: { ...context.sync, [params.part]: params.state },
    })),
    // The stored answers after Ricarica: the survey is built again from them.
    storeReloaded: assign(({ context }, params: { part: SurveyPart; answers: Record<string, unknown> }) => ({
      typed: { ...context.typed, [params.part]: params.answers },
      reloads: context.reloads + 1,
    })),
    storeAttachments: assign((_, params: { valid: boolean }) => ({ attachmentsValid: params.valid })),
    storeCheck: assign((_, params: { check: SurveyCheck }) => ({ check: params.check })),
    pointOutMissingAttachments: assign({ showsMissingAttachments: true }),
    storeRefusal: assign((_, params: { error: unknown }) => ({
      error: submitFailureMessage(params.error),
      issues: (params.error as SubmitRefusal | null)?.issues ?? [],
    })),
    clearFailure: assign({ error: null, issues: [] }),
    storeTyped: assign(({ context, event }) => {
      assertEvent(event, 'answers.change');
      return { typed: { ...context.typed, [event.part]: event.answers } };
    }),
    // SurveyJS reports an answer once it is complete (on leaving the field), and a step change refreshes the
    // stored answers: each answer is saved at once rather than after the typing pause.
    forwardAnswers: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'answers.change');
      enqueue.sendTo(SYNC_OF_PART[event.part], { type: 'draft.changed', values: event.answers });
      enqueue.sendTo(SYNC_OF_PART[event.part], { type: 'draft.save' });
    }),
    // A sync that is not in conflict ignores it.
    forwardReload: enqueueActions(({ enqueue }) => {
      enqueue.sendTo(SYNC_OF_PART.istruttoria, { type: 'draft.reload' });
      enqueue.sendTo(SYNC_OF_PART.gresb, { type: 'draft.reload' });
    }),
    // Host: refetch the stored answers (spec: clicking a step, Avanti or Indietro refreshes them).
    refreshAnswers: hostAction(),
    // Host: 'Istruttoria inviata' or 'Monitoraggio inviato' with the protocol number, then /surveyIstruttoriaCompletata.
    notifyCompleted: hostAction(),
    // Host: title 'Errore', 'Controlla che l'allegato obbligatorio sia stato caricato'.
    notifyFailed: hostAction(),
  },
}).createMachine({
  id: 'surveyWizard',
  description:
    'Spec §2 Survey wizard and DNSH screen: the review (four steps) or monitoring (three) surveys, answers saved ' +
    'on every change by one answers-sync child per survey, a confirmed submit gated by the attachments; read-only ' +
    'and admin views show the steps without Invia.',
  context: ({ input }) => ({
    mode: input.mode,
    access: input.access,
    versions: input.versions,
    sync: { istruttoria: 'idle', gresb: 'idle' },
    typed: {},
    reloads: 0,
    attachmentsValid: false,
    showsMissingAttachments: false,
    check: null,
    issues: [],
    error: null,
  }),
  initial: 'loading',
  // One draft sync per survey for the whole visit (it is told something only while the answers may change): a
  // refused submit and the way back to the steps keep the version each one reached.
  invoke: [
    { id: 'sync.istruttoria', src: 'istruttoriaSync', input: ({ context }) => ({ version: context.versions.istruttoria }) },
    { id: 'sync.gresb', src: 'gresbSync', input: ({ context }) => ({ version: context.versions.gresb }) },
  ],
  on: {
    'draftSync.report': {
      actions: { type: 'storeSync', params: ({ event }) => ({ part: partOfSync(event.sync), state: event.report.state }) },
    },
    // The server's check may answer before the stage has loaded: it is kept whatever the state.
    'check.changed': { actions: { type: 'storeCheck', params: ({ event }) => ({ check: event.check }) } },
    'draftSync.reloaded': {
      actions: {
        type: 'storeReloaded',
        params: ({ event }) => ({ part: partOfSync(event.sync), answers: event.payload as Record<string, unknown> }),
      },
    },
  },
  states: {
    loading: {
      description: 'Loads the stage: the attachments state that gates Invia.',
      invoke: {
        id: 'loadSurveys',
        src: 'loadSurveys',
        input: ({ context }) => ({ mode: context.mode, access: context.access, versions: context.versions }),
        onDone: { target: 'steps', actions: { type: 'storeLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: 'storeLoadFailure' },
      },
    },
    loadFailed: {
      description: 'Could not load: the person may try again.',
      on: { retry: { target: 'loading' } },
    },
    steps: {
      type: 'parallel',
      description: 'The steps, and beside them the answers being saved while the person may edit.',
      states: {
        step: {
          initial: 'istruttoria',
          on: {
            'step.select': [
              { guard: { type: 'selects', params: { step: 'istruttoria' } }, target: '.istruttoria', actions: 'refreshAnswers' },
              { guard: { type: 'selects', params: { step: 'gresb' } }, target: '.gresb', actions: 'refreshAnswers' },
              { guard: { type: 'selects', params: { step: 'dnsh' } }, target: '.dnsh', actions: 'refreshAnswers' },
              { guard: { type: 'selects', params: { step: 'submit' } }, target: '.submit', actions: 'refreshAnswers' },
            ],
            'attachments.changed': { actions: { type: 'storeAttachments', params: ({ event }) => ({ valid: event.valid }) } },
          },
          states: {
            istruttoria: {
              description: 'Step 1: the Istruttoria survey.',
              on: { 'step.next': { target: 'gresb', actions: 'refreshAnswers' } },
            },
            gresb: {
              description: 'Step 2: the Gresb (ESG) survey.',
              on: {
                'step.back': { target: 'istruttoria', actions: 'refreshAnswers' },
                'step.next': [
                  { guard: 'hasDnshStep', target: 'dnsh', actions: 'refreshAnswers' },
                  { guard: 'hasSubmitStepAfterGresb', target: 'submit', actions: 'refreshAnswers' },
                ],
              },
            },
            dnsh: {
              description: 'Step 3 (review only): the DNSH declarations and schede; a missing one is pointed out once left.',
              exit: 'pointOutMissingAttachments',
              on: {
                // Selected again: the answers are refreshed, and the person has not left it.
                'step.select': { guard: { type: 'selects', params: { step: 'dnsh' } }, actions: 'refreshAnswers' },
                'step.back': { target: 'gresb', actions: 'refreshAnswers' },
                'step.next': { guard: 'isEditable', target: 'submit', actions: 'refreshAnswers' },
              },
            },
            submit: {
              description: 'Invia survey (never read-only or admin): Invia once the attachments are there and nothing is being saved.',
              entry: 'pointOutMissingAttachments',
              initial: 'ready',
              on: {
                'step.back': [
                  { guard: 'isMonitoring', target: 'gresb', actions: 'refreshAnswers' },
                  { target: 'dnsh', actions: 'refreshAnswers' },
                ],
              },
              states: {
                ready: {
                  on: { 'submit.open': { guard: 'canSubmit', target: 'confirming' } },
                },
                confirming: {
                  description: "'Conferma': 'Sicuro di inviare la survey? Non sarà più possibile modificarla.' Invia / Indietro.",
                  on: {
                    'submit.confirm': { target: '#surveyWizard.submitting' },
                    'submit.cancel': { target: 'ready' },
                  },
                },
              },
            },
          },
        },
        answers: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'isEditable', target: 'syncing' }, { target: 'readOnly' }],
            },
            readOnly: {
              description: 'Read-only or admin: SurveyJS in display mode, nothing is saved.',
            },
            syncing: {
              description: "Changes go to their survey's draft sync and are saved at once; Ricarica reloads after a conflict.",
              on: {
                'answers.change': { actions: ['storeTyped', 'forwardAnswers'] },
                'draft.reload': { actions: 'forwardReload' },
              },
            },
          },
        },
      },
    },
    submitting: {
      description: 'Istruttoria Sottomessa / Monitoraggio Sottomesso on its way; the answers are no longer saved.',
      invoke: {
        id: 'submitSurvey',
        src: 'submitSurvey',
        input: ({ context }) => ({ mode: context.mode }),
        onDone: { target: 'completed' },
        onError: { target: 'submitFailed', actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    submitFailed: {
      description: "Refused: 'Errore'; closing it takes the person to the first missing answer, or to the DNSH slots.",
      entry: 'notifyFailed',
      on: {
        'failure.dismiss': [
          { guard: 'issueInIstruttoria', target: '#surveyWizard.steps.step.istruttoria', actions: ['clearFailure', 'refreshAnswers'] },
          { guard: 'issueInGresb', target: '#surveyWizard.steps.step.gresb', actions: ['clearFailure', 'refreshAnswers'] },
          { guard: 'hasDnshStep', target: '#surveyWizard.steps.step.dnsh', actions: ['clearFailure', 'refreshAnswers'] },
          { target: '#surveyWizard.steps.step.submit', actions: ['clearFailure', 'refreshAnswers'] },
        ],
      },
    },
    completed: {
      description: 'Handed over: /surveyIstruttoriaCompletata.',
      type: 'final',
      entry: 'notifyCompleted',
    },
  },
});
