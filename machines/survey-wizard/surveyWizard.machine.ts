import { assertEvent, assign, sendTo, setup } from 'xstate';
import type {
  AnswersSyncCommand,
  AnswersSyncState,
  SurveyPart,
  AnswersSyncInput,
  SubmitRefusal,
  SubmitSurveyInput,
  SurveyStep,
  SurveyWizardContext,
  SurveyWizardEvent,
  SurveyWizardInput,
  SurveyWizardLoaded,
} from './types.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { hostAction, hostCallback, hostPromise } from '../host.ts';
import { submitFailureMessage } from './actors.ts';

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
    // The answers' autosave is the draft-sync machine's job (debounce, version, 412, retry with backoff): the
    // view supplies it, one child per survey, reporting `sync.state` to this machine.
    answersSync: hostCallback<AnswersSyncCommand, AnswersSyncInput>('survey-wizard', 'answersSync'),
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
    issueInIstruttoria: ({ context }) => context.issues[0]?.surveyName.startsWith('Istruttoria') ?? false,
    issueInGresb: ({ context }) => context.issues[0]?.surveyName.startsWith('Gresb') ?? false,
  },
  actions: {
    storeLoaded: assign((_, params: { loaded: SurveyWizardLoaded }) => ({ attachmentsValid: params.loaded.attachmentsValid, error: null })),
    storeLoadFailure: assign({ error: surveyMessages.loadFailed }),
    storeSync: assign(({ context }, params: { part: SurveyPart; state: AnswersSyncState }) => ({
      sync: { ...context.sync, [params.part]: params.state },
    })),
    storeAttachments: assign((_, params: { valid: boolean }) => ({ attachmentsValid: params.valid })),
    storeRefusal: assign((_, params: { error: unknown }) => ({
      error: submitFailureMessage(params.error),
      issues: (params.error as SubmitRefusal | null)?.issues ?? [],
    })),
    clearFailure: assign({ error: null, issues: [] }),
    storeTyped: assign(({ context, event }) => {
      assertEvent(event, 'answers.change');
      return { typed: { ...context.typed, [event.part]: event.answers } };
    }),
    forwardAnswers: sendTo(
      ({ event }) => {
        assertEvent(event, 'answers.change');
        return `sync.${event.part}`;
      },
      ({ event }): AnswersSyncCommand => {
        assertEvent(event, 'answers.change');
        return { type: 'answers.change', answers: event.answers };
      },
    ),
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
    sync: { istruttoria: 'idle', gresb: 'idle' },
    typed: {},
    attachmentsValid: false,
    issues: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loads the stage: the attachments state that gates Invia.',
      invoke: {
        id: 'loadSurveys',
        src: 'loadSurveys',
        input: ({ context }) => ({ mode: context.mode, access: context.access }),
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
              description: 'Step 3 (review only): the DNSH declarations and schede.',
              on: {
                'step.back': { target: 'gresb', actions: 'refreshAnswers' },
                'step.next': { guard: 'isEditable', target: 'submit', actions: 'refreshAnswers' },
              },
            },
            submit: {
              description: 'Invia survey (never read-only or admin): Invia once the attachments are there and nothing is being saved.',
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
              description: 'Each survey has its answers-sync child (the draft-sync machine): changes go there.',
              invoke: [
                {
                  id: 'sync.istruttoria',
                  src: 'answersSync',
                  input: ({ context }) => ({ part: 'istruttoria' as const, mode: context.mode }),
                },
                { id: 'sync.gresb', src: 'answersSync', input: ({ context }) => ({ part: 'gresb' as const, mode: context.mode }) },
              ],
              on: {
                'answers.change': { actions: ['storeTyped', 'forwardAnswers'] },
                'sync.state': { actions: { type: 'storeSync', params: ({ event }) => ({ part: event.part, state: event.state }) } },
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
